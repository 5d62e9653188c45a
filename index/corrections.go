package index

import (
	"context"
	"fmt"
	"sort"
	"unicode/utf8"

	"folio/index/analyze"
)

// Typo tolerance: a word the library does not know, or knows only in a
// few passages while a close word is common, is also searched as its
// nearest words: one edit for words of 5–8 characters, two from 9, none
// under 5. Quoted words are never corrected.
const (
	typoRare         = 2   // a word this rare may be a typo of a common one…
	typoCommonFactor = 100 // …one edit away and this much more common
	correctionWeight = 0.7 // a correction counts less than what was typed
	maxCorrections   = 2
)

type fix struct {
	term string
	df   float64
}

// corrections finds the library's words within the allowed edits of term,
// best first (fewest edits, then the most common). Candidates share the
// term's first two characters (three for long words): typos rarely start
// a word, and it keeps the look-up to a narrow slice of the vocabulary.
// typed is the word as typed: an English word one edit from it counts as
// one edit away even when the stems differ by more ("interpretor" is one
// letter from interpreter, whose stem interpret is two from interpretor).
func (ix *Index) corrections(ctx context.Context, term, typed string, df float64) ([]fix, error) {
	runes := []rune(term)
	edits := 0
	switch {
	case len(runes) >= 9 && df == 0:
		edits = 2
	case len(runes) >= 5:
		edits = 1
	default:
		return nil, nil
	}
	prefix := string(runes[:2])
	if len(runes) >= 8 {
		prefix = string(runes[:3])
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT term, doc FROM chunks_fts_v WHERE term >= ? AND term < ?`, prefix, prefix+"\U0010FFFF")
	if err != nil {
		return nil, fmt.Errorf("look up close words: %w", classify(err))
	}
	defer rows.Close()
	type cand struct {
		fix
		dist int
	}
	near := analyze.OneEditStems(typed)
	var cands []cand
	for rows.Next() {
		var t string
		var d float64
		if err := rows.Scan(&t, &d); err != nil {
			return nil, classify(err)
		}
		if t == term || df > 0 && d < typoCommonFactor*df {
			continue
		}
		if near[t] {
			cands = append(cands, cand{fix{t, d}, 1})
			continue
		}
		if n := utf8.RuneCountInString(t) - len(runes); n > edits || n < -edits {
			continue
		}
		if dist := analyze.EditDistance(runes, []rune(t), edits); dist <= edits {
			cands = append(cands, cand{fix{t, d}, dist})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err)
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].df > cands[j].df
	})
	var out []fix
	for _, c := range cands {
		if len(out) == maxCorrections || c.dist > cands[0].dist {
			break
		}
		out = append(out, c.fix)
	}
	return out, nil
}

// surfaceForms shows each correction as a word of the text found, not
// its analysed stem ("shingles", not "shingl"), and adds the family words
// (stats.forms) the shown passages use, up to maxForms.
func surfaceForms(cs, forms []Correction, hits []Hit, keep func(folded []byte) bool) []Correction {
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
		if w != "" {
			c.Searched = w
		}
		if said[[2]string{c.Typed, c.Searched}] {
			continue
		}
		said[[2]string{c.Typed, c.Searched}] = true
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
