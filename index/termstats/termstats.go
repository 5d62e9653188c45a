// Package termstats counts how many rows of the FTS index hold a word, the
// statistics a ranking weighs words by, and keeps them while the library
// is unchanged.
//
// They are counted in the index's rows, as FTS5's own bm25 counts them:
// copies of a passage share one row (index/fts, twins.go), so a library
// holding a folder twice weighs its words as one holding it once. Every
// count is exact. A common word's count was once estimated from how far
// into the rows its 500th posting lay, which assumed each word spread
// evenly over the library: a word of the folder added last looked rare and
// one of the folder added first common, so the same folders added in
// another order ranked differently (README, Ranking: dev-golden-2's check
// half 0.637–0.713 at hit@5 over five orders). Counting reads the word's
// posting list without scoring it (about 0.5 ms for a word in 12,700 of
// 84,000 rows, 2 ms for one in 42,000 rows at a million passages), once
// per word and version of the library.
package termstats

import (
	"context"
	"database/sql"
	"strconv"
	"sync"
)

// Cache keeps the counts between searches while the library does not
// change (a window searching as the user types asks for the same words
// again and again). Its zero value is ready; Fresh must be called with the
// library's version before each search.
type Cache struct {
	mu      sync.Mutex
	version int64
	df      map[string]float64
	rows    int64 // FTS rows at version, or -1 until counted
}

// Fresh empties the cache when the library's version (SQLite's
// data_version, which moves with every change by any connection or
// program) is not the one it was filled at.
func (c *Cache) Fresh(version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.df == nil || c.version != version {
		c.df, c.version, c.rows = map[string]float64{}, version, -1
	}
}

// Rows is how many rows the FTS index holds: the passages, copies counted
// once. Counting them reads the row-size table (5–9 ms at a million
// passages), once per version of the library.
func (c *Cache) Rows(ctx context.Context, db *sql.DB) (int64, error) {
	c.mu.Lock()
	rows := c.rows
	c.mu.Unlock()
	if rows >= 0 {
		return rows, nil
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM chunks_fts_docsize`).Scan(&rows); err != nil {
		return 0, err
	}
	c.mu.Lock()
	c.rows = rows
	c.mu.Unlock()
	return rows, nil
}

// DocFreq is how many rows match an FTS5 expression.
func (c *Cache) DocFreq(ctx context.Context, db *sql.DB, expr string) (float64, error) {
	return c.count(ctx, db, expr, 0)
}

// AtMost is DocFreq counted up to limit rows: enough to tell a rare word
// from a common one (the words offered as refinements), at a fraction of
// an exact count's cost for a common word.
func (c *Cache) AtMost(ctx context.Context, db *sql.DB, expr string, limit int) (float64, error) {
	return c.count(ctx, db, expr, limit)
}

// count counts the rows matching expr, up to limit when it is above 0.
func (c *Cache) count(ctx context.Context, db *sql.DB, expr string, limit int) (float64, error) {
	key := expr
	if limit > 0 {
		key = strconv.Itoa(limit) + "\x00" + expr
	}
	c.mu.Lock()
	if v, ok := c.df[key]; ok {
		c.mu.Unlock()
		return v, nil
	}
	c.mu.Unlock()
	q, args := `SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?`, []any{expr}
	if limit > 0 {
		q, args = `SELECT count(*) FROM (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)`, []any{expr, limit}
	}
	var n int64
	if err := db.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
		return 0, err
	}
	df := float64(n)
	c.mu.Lock()
	if c.df != nil {
		c.df[key] = df
	}
	c.mu.Unlock()
	return df, nil
}
