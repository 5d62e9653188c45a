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
	var out, block []piece
	skipTop := false  // under a top-level key Folio reads otherwise
	blockIndent := -1 // inside a block scalar (key: | or >): its lines are indented more than this
	// A block scalar's lines are kept when together they are prose.
	flush := func() {
		var text []string
		for _, p := range block {
			text = append(text, src.text[p.start:p.end])
		}
		if isProse(strings.Join(text, " ")) {
			out = append(out, block...)
		}
		block = nil
	}
	for ls := strings.IndexByte(src.text, '\n') + 1; ls < src.frontEnd; ls = src.lineEnd(ls) + 1 {
		le := src.lineEnd(ls)
		if le > src.frontEnd {
			break
		}
		line := strings.TrimRight(src.text[ls:le], " \t\r")
		body := strings.TrimLeft(line, " \t")
		indent := len(line) - len(body)
		if body == "" || body == "---" || body == "+++" || body == "..." {
			continue
		}
		if blockIndent >= 0 && indent > blockIndent {
			if !skipTop {
				block = append(block, piece{ls + indent, ls + len(line), KindFront})
			}
			continue
		}
		blockIndent = -1
		flush()
		if body[0] == '#' {
			continue // a comment
		}
		item := strings.TrimLeft(body, "- ")
		listed := len(item) < len(body)
		key, value, keyed := strings.Cut(item, sep)
		if keyed && !isKey(strings.TrimSpace(key)) {
			keyed, value = false, item
		}
		if !keyed {
			value = item
		}
		key = strings.ToLower(strings.TrimSpace(key))
		if indent == 0 && !listed && keyed {
			skipTop = readElsewhere[key]
		}
		if skipTop {
			continue
		}
		value = strings.TrimSpace(value)
		if keyed && isBlockScalar(value) {
			blockIndent = indent
			continue
		}
		if !keyed && !listed {
			continue // a continuation line of a plain value: rare, left out
		}
		if v := unquote(value); isProse(v) && !strings.EqualFold(v, title) {
			start := ls + indent
			out = append(out, piece{start, ls + len(line), KindFront})
		}
	}
	flush()
	return out
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
	var out, blockLines []string
	block := -1 // the indent of a block scalar's key: lines indented more are its text
	// A block scalar's lines are kept when together they are prose, as
	// frontProse keeps them.
	flush := func() {
		if isProse(strings.Join(blockLines, " ")) {
			out = append(out, blockLines...)
		}
		blockLines = nil
	}
	for _, line := range strings.Split(text, "\n") {
		body := strings.TrimSpace(line)
		indent := strings.Index(line, body)
		if body == "" {
			continue
		}
		if block >= 0 && indent > block {
			blockLines = append(blockLines, body)
			continue
		}
		block = -1
		flush()
		item, keyed := strings.TrimLeft(body, "- "), false
		for _, sep := range []string{":", "="} {
			if key, value, ok := strings.Cut(item, sep); ok && isKey(strings.TrimSpace(key)) {
				item, keyed = unquote(strings.TrimSpace(value)), true
				break
			}
		}
		switch {
		case keyed && isBlockScalar(item):
			block = indent
		case isProse(item):
			out = append(out, item)
		}
	}
	flush()
	return strings.Join(out, "\n")
}
