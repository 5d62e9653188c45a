package index

import (
	"context"
	"strings"

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
		if len(terms) == 0 {
			return out
		}
		args := make([]any, len(terms))
		for i, t := range terms {
			args[i] = t
		}
		rows, err := ix.db.QueryContext(ctx, `SELECT term, doc FROM chunks_fts_v WHERE term IN (`+strings.Repeat(",?", len(terms))[1:]+`)`, args...)
		if err != nil {
			lookupErr = err
			return out
		}
		defer rows.Close()
		for rows.Next() {
			var term string
			var n float64
			if err := rows.Scan(&term, &n); err != nil {
				lookupErr = err
				return out
			}
			out[term] = n
		}
		lookupErr = rows.Err()
		return out
	}
	out := refine.Suggest(typed, q.Lang, ps, df, st.passages, refine.Max)
	return out, lookupErr
}
