package index

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

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
// best first (fewest edits, then the most common), sharing its first two
// characters (three for long words): typos rarely start a word. typed is
// the word as typed: an English word one letter from it is one edit away
// though its stem may be two (interpretor → interpreter, stem interpret).
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
	near := analyze.OneEditStems(typed)
	sqlText, args := `SELECT term, doc FROM chunks_fts_v WHERE term >= ? AND term < ?`, []any{prefix, prefix + "\U0010FFFF"}
	if vs := analyze.OneEdits(term, prefix, near); edits == 1 && vs != nil {
		// Each string one edit away, looked up by itself: fts5vocab counts
		// the rows of every term it lists, so a range ("co…") took 60 ms
		// at a million passages, and these 200–600 look-ups 1–3 ms.
		sqlText, args = `SELECT term, doc FROM chunks_fts_v WHERE term IN (`+strings.Repeat(",?", len(vs))[1:]+`)`, make([]any, len(vs))
		for i, v := range vs {
			args[i] = v
		}
	}
	rows, err := ix.db.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, fmt.Errorf("look up close words: %w", classify(err))
	}
	defer rows.Close()
	type cand struct {
		fix
		dist int
	}
	var cands []cand
	for rows.Next() {
		var t string
		var d float64
		if err := rows.Scan(&t, &d); err != nil {
			return nil, classify(err)
		}
		if t == term || !strings.HasPrefix(t, prefix) || df > 0 && d < typoCommonFactor*df {
			continue
		}
		dist := 1 // a word one letter from the typed one (near) is one edit away
		if !near[t] {
			dist = analyze.EditDistance(runes, []rune(t), edits)
		}
		if dist <= edits {
			cands = append(cands, cand{fix{t, d}, dist})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err)
	}
	slices.SortFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(b.df, a.df), cmp.Compare(a.term, b.term))
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
