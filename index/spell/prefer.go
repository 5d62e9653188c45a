package spell

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"folio/index/dberr"
)

// prefer weighs a typed word's corrections, equally close to it, by the
// question's other words (beside: one FTS5 expression each) as a noisy
// channel does: a correction's passages times the chance that its
// passages hold each other word, smoothed toward how often the library
// holds that word at all (priorPassages), so a common word held beside
// anything ("sign") says little and a rare one ("zoom") much. A second
// correction is kept only if RivalFactor allows it, as Corrections keeps
// one by passages alone: "zoom sign in company domian" is domain, not
// dominant; "mortage life insurance" is mortgage, not also montage. rows
// is the library's FTS rows. With no other word the corrections stay.
func (c *Cache) prefer(ctx context.Context, db Querier, fixes []Fix, beside []string, rows float64) ([]Fix, error) {
	if len(fixes) < 2 || len(beside) == 0 || rows == 0 {
		return fixes, nil
	}
	score := make([]float64, len(fixes))
	for i, f := range fixes {
		score[i] = math.Log(f.DF)
	}
	for _, w := range beside {
		held, err := c.count(ctx, db, w)
		if err != nil {
			return nil, err
		}
		if held == 0 { // a word no passage holds says nothing
			continue
		}
		for i, f := range fixes {
			both, err := c.count(ctx, db, `"`+strings.ReplaceAll(f.Term, `"`, `""`)+`" AND (`+w+`)`)
			if err != nil {
				return nil, err
			}
			score[i] += math.Log((both + priorPassages*held/rows) / (f.DF + priorPassages))
		}
	}
	order := make([]int, len(fixes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	var out []Fix
	for _, i := range order {
		if score[i]+math.Log(RivalFactor) >= score[order[0]] {
			out = append(out, fixes[i])
		}
	}
	return out, nil
}

// priorPassages is how many passages' worth of the library at large a
// correction's own passages are smoothed with (Dirichlet smoothing): a
// correction in few passages is not judged on them alone.
const priorPassages = 1

// count is how many FTS rows match expr, remembered while the library
// stays the same.
func (c *Cache) count(ctx context.Context, db Querier, expr string) (float64, error) {
	c.mu.Lock()
	n, ok := c.counts[expr]
	c.mu.Unlock()
	if ok {
		return n, nil
	}
	rows, err := db.QueryContext(ctx, `SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?`, expr)
	if err != nil {
		return 0, fmt.Errorf("count the passages of %s: %w", expr, dberr.Classify(err))
	}
	for rows.Next() {
		err = rows.Scan(&n)
	}
	if err = cmp.Or(err, rows.Err(), rows.Close()); err != nil {
		return 0, fmt.Errorf("count the passages of %s: %w", expr, dberr.Classify(err))
	}
	c.mu.Lock()
	if c.counts == nil || len(c.counts) >= maxCached {
		c.counts = map[string]float64{}
	}
	c.counts[expr] = n
	c.mu.Unlock()
	return n, nil
}
