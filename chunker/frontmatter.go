package chunker

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"gopkg.in/yaml.v3"
)

// Meta is what a note says of itself: its front matter's tags, date and
// aliases, and the #tags written in its text. It never changes the chunks:
// reading it again (a newer Folio) re-chunks nothing.
type Meta struct {
	// Tags are lower-cased, without '#', unique and sorted; nested tags
	// keep their slashes ("hr/leave").
	Tags []string
	// Date is the front matter's date (or created:), zero when it has
	// none; a date without a time is midnight local time.
	Date time.Time
	// Aliases are other names of the note (searchable like its title);
	// web paths (redirects such as "/old/url") are not names and are left out.
	Aliases []string
	// Problem says why the front matter could not be read ("" when it was,
	// or there is none); the note is indexed all the same.
	Problem string
}

// MetaVersion names the rules ReadMeta follows; a library re-reads the
// metadata (not the chunks) of notes read by other rules.
const MetaVersion = 1

// maxTags bounds what one hostile note can add; maxFrontMatter the YAML
// a parser is given (real front matter is a few hundred bytes).
const (
	maxTags        = 200
	maxFrontMatter = 256 << 10
)

// readMeta reads a document's metadata from its front matter and from
// the #tags of its prose (code and HTML blocks are not the note's words).
func readMeta(src *source, p *parsed) Meta {
	var m Meta
	if src.frontEnd > 0 {
		block := src.text[strings.IndexByte(src.text, '\n')+1 : src.frontEnd]
		if i := strings.LastIndexByte(block, '\n'); i >= 0 {
			block = block[:i] // up to the closing fence
		} else {
			block = ""
		}
		m.read(block, strings.HasPrefix(src.text, "+++"))
	}
	tags := map[string]bool{}
	for _, t := range m.Tags {
		tags[t] = true
	}
	var walk func([]*block)
	walk = func(bs []*block) {
		for _, b := range bs {
			switch {
			case b.typ == typeCode || b.typ == typeHTML:
			case len(b.children) > 0:
				walk(b.children)
			default:
				for _, t := range inlineTags(src.text[b.start:b.end]) {
					if len(tags) < maxTags {
						tags[t] = true
					}
				}
			}
		}
	}
	walk(p.blocks)
	m.Tags = nil
	for t := range tags {
		m.Tags = append(m.Tags, t)
	}
	sort.Strings(m.Tags)
	return m
}

// read reads the keys Folio uses from YAML (or, for Hugo's +++ fences,
// TOML) front matter; anything else in the block is the note's own
// business.
func (m *Meta) read(block string, isTOML bool) {
	if len(block) > maxFrontMatter {
		m.Problem = fmt.Sprintf("front matter of %d KB is more than Folio reads (%d KB); its tags, date and aliases are not read", len(block)>>10, maxFrontMatter>>10)
		return
	}
	var fm map[string]any
	if isTOML {
		if _, err := toml.Decode(block, &fm); err != nil {
			m.Problem = "front matter is not valid TOML (" + err.Error() + "); its tags, date and aliases are not read"
			return
		}
	} else if err := yaml.Unmarshal([]byte(block), &fm); err != nil {
		m.Problem = "front matter is not valid YAML (" + strings.TrimPrefix(err.Error(), "yaml: ") + "); its tags, date and aliases are not read"
		return
	}
	for _, key := range []string{"tags", "tag", "keywords"} {
		if key == "keywords" && len(m.Tags) > 0 {
			break
		}
		for _, t := range listOf(fm[key]) {
			if t = normalTag(t); t != "" && len(m.Tags) < maxTags {
				m.Tags = append(m.Tags, t)
			}
		}
	}
	for _, key := range []string{"date", "created"} {
		if v, ok := fm[key]; ok && v != nil {
			d, ok := dateOf(v)
			if !ok {
				m.Problem = fmt.Sprintf("front matter %s %q is not a date (YYYY-MM-DD)", key, fmt.Sprint(v))
				continue
			}
			m.Date = d
			break
		}
	}
	for _, key := range []string{"aliases", "alias"} {
		for _, a := range listOf(fm[key]) {
			a = strings.TrimSpace(a)
			if a != "" && !strings.HasPrefix(a, "/") && !strings.Contains(a, "://") && len(m.Aliases) < 50 {
				m.Aliases = append(m.Aliases, a)
			}
		}
	}
}

// listOf reads a YAML list, or one string of items separated by commas
// (or, with no comma, by spaces: Obsidian's "tags: a b").
func listOf(v any) []string {
	switch t := v.(type) {
	case []any:
		var out []string
		for _, e := range t {
			if e == nil {
				continue
			}
			switch e.(type) {
			case map[string]any, []any:
				continue // not a name
			}
			out = append(out, fmt.Sprint(e))
		}
		return out
	case string:
		if strings.Contains(t, ",") {
			return strings.Split(t, ",")
		}
		return strings.Fields(t)
	case nil:
		return nil
	case map[string]any:
		return nil
	default:
		return []string{fmt.Sprint(t)}
	}
}

// normalTag is how tags are compared (query.NormalTag is the same rule
// for what is typed): lower case, no '#', no slashes at the ends, spaces
// inside a front-matter tag become '-' as Obsidian writes them.
func normalTag(t string) string {
	t = strings.TrimSpace(t)
	t = strings.TrimLeft(t, "#")
	t = strings.Trim(t, "/")
	t = strings.Join(strings.Fields(t), "-")
	if utf8.RuneCountInString(t) > 100 {
		return ""
	}
	return strings.ToLower(t)
}

var dateLayouts = []string{
	time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02",
	"2006/01/02", "2006-01", "2006",
}

// dateOf reads a front-matter date. yaml.v3 gives dates written without
// quotes as strings when decoding into any, so strings are parsed here;
// a YAML integer year (date: 2024) is a year too.
func dateOf(v any) (time.Time, bool) {
	year := func(y int64) (time.Time, bool) {
		if y < 1000 || y > 9999 {
			return time.Time{}, false
		}
		return time.Date(int(y), 1, 1, 0, 0, 0, 0, time.Local), true
	}
	switch t := v.(type) {
	case time.Time:
		return t, true
	case int:
		return year(int64(t))
	case int64: // TOML
		return year(t)
	case string:
		s := strings.TrimSpace(t)
		for _, l := range dateLayouts {
			if d, err := time.ParseInLocation(l, s, time.Local); err == nil {
				return d, true
			}
		}
		// "2024-03-15 10:00:00 +0100" (Jekyll) and other tails: the day is enough.
		if len(s) > 10 {
			if d, err := time.ParseInLocation("2006-01-02", s[:10], time.Local); err == nil {
				return d, true
			}
		}
	}
	return time.Time{}, false
}

// inlineTagRE finds #tags as Obsidian reads them: after a space or at a
// line start, letters, digits, _ - and /, not only digits ("#1" is a
// number, "page#part" a link).
var inlineTagRE = regexp.MustCompile(`(?m)(?:^|[\s(\[,;])#([\p{L}\p{N}_\-/]+)`)

// codeSpanRE matches inline code, whose text is not the note's words.
var codeSpanRE = regexp.MustCompile("(`+)[^`]*?(`+)")

func inlineTags(text string) []string {
	if !strings.Contains(text, "#") {
		return nil
	}
	text = codeSpanRE.ReplaceAllString(text, " ")
	var out []string
	for _, m := range inlineTagRE.FindAllStringSubmatch(text, -1) {
		t := m[1]
		if strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) && r != '/' && r != '-' && r != '_' }) < 0 {
			continue
		}
		if t = normalTag(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}
