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
