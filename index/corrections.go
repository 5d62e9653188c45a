package index

import (
	"context"

	"folio/index/analyze"
	"folio/index/spell"
)

// Typo tolerance: a word the library does not know, or knows only in a
// few passages while a close word is common, is also searched as its
// nearest words: one edit for words of 5–8 characters, two from 9, none
// under 5 but an Arabic stem of 4's swapped letters, as index/spell finds
// them. Quoted words are never corrected.
const (
	typoRare         = 2   // a word this rare may be a typo of a common one (spell.CommonFactor)
	correctionWeight = 0.7 // a correction counts less than what was typed
	typoWords        = 8   // words of one query looked up for corrections
)

// surfaceForms shows each correction as a word of the text found, not
// its analysed stem ("shingles", not "shingl"; when no hit shown holds it,
// as the library writes it elsewhere: "memory", not memori), and adds the
// family words (stats.forms) the shown passages use, up to maxForms.
func surfaceForms(ctx context.Context, db spell.Querier, cs, forms []Correction, hits []Hit, keep func(folded []byte) bool) []Correction {
	if len(cs)+len(forms) == 0 {
		return nil
	}
	texts := make([]string, len(hits))
	for i, h := range hits {
		texts[i] = h.Text
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
			w, _ = spell.Surface(ctx, db, c.Searched, c.Typed) // a failed look-up leaves the stem said
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
