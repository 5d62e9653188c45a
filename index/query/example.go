package query

import (
	"strings"
	"unicode/utf8"
)

// ExampleHeading is the deepest heading of a path that reads as a search:
// two to four words, at most 40 characters, no Markdown or anchors.
func ExampleHeading(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		h := path[i]
		if j := strings.Index(h, " {#"); j > 0 {
			h = h[:j] // a heading id, as in {#install}
		}
		h = strings.TrimSpace(strings.Trim(h, "`*_#:?!"))
		words := strings.Fields(h)
		if len(words) < 2 || len(words) > 4 || utf8.RuneCountInString(h) > 40 || strings.ContainsAny(h, "`[]<>{}()|*\\\"") {
			continue
		}
		return h
	}
	return ""
}

// Syntax is the query language in a person's words, one construct a line,
// for the window's F1 list (the README and folio search --help say the
// same).
const Syntax = `words or a question: passages holding more of them rank first, rare words counting most
"exact phrase"   must appear, word for word
prefix*   words starting so
-word   -"phrase"   leave out passages holding it (--word, -g, -20 are searched as typed, and in a question any -word is; -"word" still leaves out)
fever NOT child   NOT in capitals leaves the next word out too (not in a question)
in:word   the word must be in the heading
tag:policy   notes tagged so (front matter or #policy; tag:hr also finds hr/leave)
folder:NAME   one library folder, as the sidebar names it
after:2024-03   before:2025   by the note's date (YYYY-MM-DD, YYYY-MM or YYYY; front matter, else the file's time)
-tag:draft   any filter with - leaves out what it selects; filters alone list the notes they select`
