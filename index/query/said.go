package query

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"folio/index/analyze"
)

// Said is what a search makes of what was typed, for `folio search
// --explain`: the words searched, and the kind of answer a question asks
// for, whose number the ranker looks for near those words ("unit",
// "number"), with the word that said so when it is not searched.
func (q Query) Said() string {
	var words []string
	last := -1
	for _, c := range q.Clauses {
		if c.Exclude || c.Typed == "" || c.Word == last && !c.Idiom {
			continue // a split word's pieces (v-for, a CJK run) say it once
		}
		w := q.typed(&c)
		if c.Exact || len(c.Terms) > 1 { // a quoted word or phrase
			w = `"` + w + `"`
		}
		words, last = append(words, w), c.Word
	}
	if len(words) == 0 {
		return ""
	}
	out := "searched: " + strings.Join(words, ", ")
	var kind string
	switch {
	case q.Duration:
		kind = "a span of time (unit)"
	case q.Money:
		kind = "an amount of money or a share (unit)"
	case q.Rate:
		kind = "a share or how often (unit)"
	case q.Age:
		kind = "an age (unit)"
	case q.Quantity:
		kind = "a number (number)"
	}
	if kind != "" {
		out += "; asks for " + kind
	}
	if q.Shape != "" {
		out += fmt.Sprintf(`; "%s" says that, and is not searched`, q.Shape)
	}
	if names := q.latinNames(); len(names) > 0 {
		out += "; names in Latin letters weigh more: " + strings.Join(names, ", ")
	}
	if again := q.repeated(); len(again) > 0 {
		out += "; typed more than once, so weighs more: " + strings.Join(again, ", ")
	}
	return out
}

// repeated are the words typed more than once, which weigh more (BM25's
// query term frequency, rank.Typed). Pieces of a CJK run repeat
// inside it too, but the run is said whole, so they are not named.
func (q Query) repeated() []string {
	var words []string
	for _, c := range q.Clauses {
		if c.Repeats > 0 && !c.Exclude && len(c.Terms) == 1 && c.Typed != "" && !IsCJKTerm(c.Terms[0]) {
			w := q.typed(&c)
			if c.Exact {
				w = `"` + w + `"`
			}
			if !slices.Contains(words, w) { // two pieces of one word (keyup.ctrl)
				words = append(words, w)
			}
		}
	}
	return words
}

// latinNames are the words typed in Latin letters in a question written
// in another script, which the ranker weighs more (rank.WeighScripts).
func (q Query) latinNames() []string {
	if analyze.Compatible("latin", q.Lang) {
		return nil
	}
	var names []string
	last := -1
	for _, c := range q.Clauses {
		if t := c.Terms[0]; c.Exclude || c.Word == last || t == "" || t[0] < 'a' || t[0] > 'z' {
			continue
		}
		name := q.typed(&c)
		if !latinOnly(name) {
			// Glued to the question's own script (rust的工具链里怎么装clippy):
			// the name itself, and the word's other names after it.
			if !slices.Contains(names, c.Typed) {
				names = append(names, c.Typed)
			}
			continue
		}
		names, last = append(names, name), c.Word
	}
	return names
}

// latinOnly reports that every letter of s is a Latin one (v-for, nodejs).
func latinOnly(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// typed is the word a clause came from, as typed (an idiom's clause: the
// idiom).
func (q Query) typed(c *Clause) string {
	if !c.Idiom && c.Word < len(q.Words) {
		return q.Words[c.Word]
	}
	return c.Typed
}
