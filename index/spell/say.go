package spell

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"folio/index/analyze"
	"folio/index/fts"
)

// Correction is a word the search could not find as typed and also
// searched as a close word of the library ("ibuprofin" → "ibuprofen").
//
// Form marks another word of a typed word's family (absorb for
// absorption, assets/wordforms), counted at half the word: listed when a
// shown passage uses it, so what ranked a passage is never hidden.
type Correction struct {
	Typed    string `json:"typed"`
	Searched string `json:"searched"`
	Form     bool   `json:"form,omitempty"`
}

// Say shows each correction as a word of the texts shown, not its
// analysed stem ("shingles", not "shingl"; when no text shown holds it, as
// the library writes it elsewhere: "memory", not memori), and adds the
// family words (forms) the texts use, up to maxForms.
func Say(ctx context.Context, db Querier, cs, forms []Correction, texts []string, keep func(folded []byte) bool) []Correction {
	if len(cs)+len(forms) == 0 {
		return nil
	}
	all := append(append([]Correction(nil), cs...), forms...)
	terms := make([]string, len(all))
	for i, c := range all {
		terms[i] = c.Searched
	}
	var out []Correction
	said := map[[2]string]bool{} // two stems may show as one word: say it once
	for i, w := range analyze.Surfaces(texts, terms, keep) {
		c := all[i]
		if w == "" && !c.Form {
			w, _ = Surface(ctx, db, c.Searched, c.Typed) // a failed look-up leaves the stem said
		}
		if w != "" {
			c.Searched = w
		}
		key := [2]string{c.Typed, c.Searched}
		if said[key] {
			continue
		}
		said[key] = true
		switch {
		case !c.Form:
			out = append(out, c) // a correction is said even when no shown passage uses it
		case w != "" && len(out) < len(cs)+maxForms:
			out = append(out, c)
		}
	}
	return out
}

// maxForms bounds the family words said for one page.
const maxForms = 3

// Missing is the notice naming the typed words no passage holds (the
// index lists them), maxMissing at most; hits tells whether the results
// hold the others.
func Missing(words []string, hits bool) []string {
	const maxMissing = 3
	if len(words) == 0 {
		return nil
	}
	var quoted []string
	for _, w := range words[:min(len(words), maxMissing)] {
		quoted = append(quoted, quote(w))
	}
	n := "no passage holds " + strings.Join(quoted, ", ")
	if more := len(words) - maxMissing; more > 0 {
		n += fmt.Sprintf(" and %d more of the words typed", more)
	}
	if hits {
		n += ": the results hold the other words"
	}
	return []string{n}
}

// quote is w quoted, cut at 30 characters: a pasted blob is one "word".
func quote(w string) string {
	if r := []rune(w); len(r) > 30 {
		w = string(r[:30]) + "…"
	}
	return strconv.Quote(w)
}

// Unquoted names the quoted phrases (as typed, and their FTS5
// expressions: query.Query.Phrases) that no passage holds, when a search
// found nothing (total 0): an error message pasted in quotes into a
// question found nothing and said nothing. A failed count names nothing.
func Unquoted(ctx context.Context, db *sql.DB, total int, phrases [][2]string) []string {
	if total > 0 {
		return nil
	}
	var out []string
	for _, p := range phrases {
		if held, err := (fts.Stage{Expr: p[1]}).Count(ctx, db, 1); err == nil && held == 0 {
			out = append(out, "no passage holds "+quote(p[0])+" word for word: without the quotes, its words are searched one by one")
		}
	}
	return out
}

// Unheld lists the typed words that no passage holds and that nothing
// was searched for instead (no correction, no other form): held tells, by
// the word's place in words, whether any term of it is in the library (a
// word that is only stopwords or excluded has none, and is not listed). A
// page that answers a question's other words must not pass for an answer
// to them ("ibuprofen" in a library that says acetaminophen). Nor is an
// Arabic word of up to 4 letters listed: everyday speech's function words
// (بس، مش، اللي، بدي، ليش) are no stopwords of the written language.
func Unheld(words []string, held map[int]bool) []string {
	var out []string
	for i, w := range words {
		small := analyze.IsArabicTerm(analyze.Fold(w)) && utf8.RuneCountInString(analyze.Fold(w)) <= 4
		if h, ok := held[i]; ok && !h && !small && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
