package chunker

import (
	"strings"
	"unicode"
)

// frontProse lists the lines of a note's front matter that hold prose a
// person wrote to be read: a description, a summary, the descriptions of
// a hub page's links. A site built from the note shows them and grep
// finds them, so a search that skipped them would miss words of the note
// (a hub page's front matter can hold all of its text). Each line is a
// piece; the pieces become passages under the document's title, cited at
// their own lines.
//
// Labels (layouts, ids, dates, template names, a link's title), a value
// that is the note's title, paths, addresses and a block of code are not
// prose. Keys Folio reads otherwise are left to that reading: the title
// and aliases are searched with every passage, tags are filters.
func (sp *splitter) frontProse(title string) []piece {
	src := sp.src
	if src.frontEnd == 0 {
		return nil
	}
	sep := ":"
	if strings.HasPrefix(src.text, "+++") {
		sep = "="
	}
	first := strings.IndexByte(src.text, '\n') + 1
	var out []piece
	walkFront(src.text[first:src.frontEnd], []string{sep}, title, false, func(start, end int, _ string) {
		out = append(out, piece{first + start, first + end, KindFront})
	})
	return out
}

// walkFront calls yield for each prose value of front matter's text, in
// order: the range of its line without the indent (for a block scalar,
// each of its lines) and the value without its key. seps are the ways a
// key ends (YAML's ':', TOML's '='); a value that is title is left out.
// A fragment is a passage's text, whose first line has lost its indent:
// there a top-level key cannot be told from a nested one, and lines of no
// key and no list item are read as a block's (the passage can begin
// inside a block scalar whose key is above it).
func walkFront(text string, seps []string, title string, fragment bool, yield func(start, end int, value string)) {
	type line struct {
		start, end int
		value      string
	}
	var block []line
	skipTop := false  // under a top-level key Folio reads otherwise
	blockIndent := -1 // inside a block scalar (key: | or >): its lines are indented more than this
	// A block scalar's lines are kept when together they are prose.
	flush := func() {
		var all []string
		for _, l := range block {
			all = append(all, l.value)
		}
		if isProse(strings.Join(all, " ")) {
			for _, l := range block {
				yield(l.start, l.end, l.value)
			}
		}
		block = nil
	}
	for ls := 0; ls < len(text); {
		le := strings.IndexByte(text[ls:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += ls
		}
		raw := strings.TrimRight(text[ls:le], " \t\r")
		body := strings.TrimLeft(raw, " \t")
		indent, at := len(raw)-len(body), ls
		ls = le + 1
		if body == "" || body == "---" || body == "+++" || body == "..." {
			continue
		}
		if blockIndent >= 0 && indent > blockIndent {
			if !skipTop {
				block = append(block, line{at + indent, at + len(raw), body})
			}
			continue
		}
		blockIndent = -1
		if body[0] == '#' {
			flush()
			continue // a comment
		}
		item := strings.TrimLeft(body, "- ")
		listed := len(item) < len(body)
		key, value, keyed := "", item, false
		for _, sep := range seps {
			if k, v, ok := strings.Cut(item, sep); ok && isKey(strings.TrimSpace(k)) {
				key, value, keyed = strings.ToLower(strings.TrimSpace(k)), v, true
				break
			}
		}
		if fragment && !keyed && !listed {
			block = append(block, line{at + indent, at + len(raw), body})
			continue
		}
		flush()
		if !fragment && indent == 0 && !listed && keyed {
			skipTop = readElsewhere[key]
		}
		value = strings.TrimSpace(value)
		switch {
		case skipTop:
		case keyed && isBlockScalar(value):
			blockIndent = indent
		case !keyed && !listed: // a continuation line of a plain value: rare, left out
		default:
			if v := unquote(value); isProse(v) && !strings.EqualFold(v, title) {
				yield(at+indent, at+len(raw), v)
			}
		}
	}
	flush()
}

// readElsewhere are the top-level keys whose values Folio already reads:
// the title and aliases are searched with every passage of the note, tags
// are filters, dates sort.
var readElsewhere = map[string]bool{
	"title": true, "aliases": true, "alias": true, "tags": true, "tag": true,
	"keywords": true, "date": true, "created": true,
}

// isKey reports a YAML or TOML key: a name, not a sentence with a colon.
func isKey(k string) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for _, r := range k {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '.' {
			return false
		}
	}
	return true
}

// isBlockScalar reports YAML's literal (|) and folded (>) block values,
// whose text is on the lines under the key.
func isBlockScalar(v string) bool {
	return v != "" && (v[0] == '|' || v[0] == '>') && strings.Trim(v[1:], "+-0123456789") == ""
}

func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return v[1 : len(v)-1]
	}
	return v
}

// isProse reports a value written to be read: a sentence (three words or
// more and a full stop) or five words, a word being two letters or more,
// or six characters of a script written without spaces; not a label
// ("Plan a Burial"), a path, an address or a flow list.
func isProse(v string) bool {
	if v == "" || v[0] == '/' || v[0] == '[' || v[0] == '{' || strings.Contains(v, "://") {
		return false
	}
	words := 0
	for _, f := range strings.Fields(v) {
		if strings.IndexFunc(f, unicode.IsLetter) != strings.LastIndexFunc(f, unicode.IsLetter) {
			words++ // two letters at least: "j. ae. scs. 25, 1958" is no sentence
		}
	}
	if words >= 5 || words >= 3 && strings.ContainsAny(v[len(v)-1:], ".!?") {
		return true
	}
	n := 0
	for _, r := range v {
		if isCJK(r) || unicode.Is(unicode.Thai, r) {
			n++
		}
	}
	return n >= 6
}

// FrontText is what a reader is shown of a passage of front-matter prose:
// its values, one a line, without their keys, and without the labels and
// paths between them ("order: 3", "url: /burials/"), which are the file's
// text at those lines but no answer to read.
func FrontText(text string) string {
	var out []string
	walkFront(text, []string{":", "="}, "", true, func(_, _ int, value string) { out = append(out, value) })
	return strings.Join(out, "\n")
}
