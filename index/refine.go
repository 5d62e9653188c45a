package index

import (
	"context"
	"strings"

	"folio/index/query"
	"folio/index/rank"
	"folio/index/refine"
	"folio/index/snippet"
)

// refinePassages is how many of the best passages refinements are read
// from: the first page, where a person looks.
const refinePassages = 10

// refinements are the words the best passages use and the query does not
// (package refine), their rarity read from FTS5's own vocabulary in one
// query.
func (ix *Index) refinements(ctx context.Context, q rank.Query, st *stats, hits []Hit) ([]refine.Refinement, error) {
	typed := map[string]bool{}
	for _, t := range q.Terms {
		for _, s := range t.Terms {
			typed[s] = true
		}
	}
	var ps []refine.Passage
	for _, h := range hits[:min(len(hits), refinePassages)] {
		ps = append(ps, refine.Passage{Text: snippet.Readable(h.Text), Lang: h.lang})
	}
	var lookupErr error
	df := func(terms []string) map[string]float64 {
		out := map[string]float64{}
		// Each term's frequency as the first stage counts it: capped,
		// estimated past the cap, and cached while the library is the
		// same (fts5vocab would read every posting of a common word).
		for _, t := range terms {
			if _, ok := out[t]; ok || lookupErr != nil {
				continue
			}
			var b strings.Builder
			query.Clause{Terms: []string{t}}.WriteExpr(&b)
			out[t], lookupErr = ix.docFreq(ctx, b.String(), st.rows)
		}
		return out
	}
	out := refine.Suggest(typed, q.Lang, ps, df, float64(st.rows), refine.Max)
	return out, lookupErr
}
