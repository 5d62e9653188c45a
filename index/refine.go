package index

import (
	"context"

	"folio/index/query"
	"folio/index/rank"
	"folio/index/refine"
	"folio/index/snippet"
)

// refinePassages is how many of the best passages refinements are read
// from: the first page, where a person looks.
const refinePassages = 10

// refineCount is how many rows of a word refinements count: the words
// they offer are rarer (a common word marks no passage).
const refineCount = 1000

// refinements are the words the best passages use and the query does not
// (package refine), their rarity counted in the index (index/termstats,
// up to refineCount rows).
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
		// Each term's frequency counted up to refineCount rows and cached
		// while the library is the same: a refinement is a word that marks
		// the best passages, and past that count every word is common.
		for _, t := range terms {
			if _, ok := out[t]; ok || lookupErr != nil {
				continue
			}
			out[t], lookupErr = ix.dfs.AtMost(ctx, ix.db, query.Clause{Terms: []string{t}}.Expr(), refineCount)
			lookupErr = classify(lookupErr)
		}
		return out
	}
	out := refine.Suggest(typed, q.Lang, ps, df, float64(st.rows), refine.Max)
	return out, lookupErr
}
