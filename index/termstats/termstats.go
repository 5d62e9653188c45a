// Package termstats counts how many rows of the FTS index hold a word, the
// statistics a ranking weighs words by, and keeps them while the library
// is unchanged.
//
// They are counted in the index's rows, as FTS5's own bm25 counts them:
// copies of a passage share one row (index/fts, twins.go), so a library
// holding a folder twice weighs its words as one holding it once; and so
// does a near-copy (the passage in another document with a line more or
// less, index/fts, nearrows.go), whose own lines alone have a row, in
// near_fts. One that keeps a row of its own (its first got its row back
// after it was written, near.go's later) is left out of what a word weighs
// (Count.Passages), while the first stage's budgets read what its
// postings cost (Count.Rows). Every
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
	"math"
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
	df      map[string]Count
	rows    Count // FTS rows at version, Rows -1 until counted
}

// Count is how many rows of the FTS index hold a word (or the whole
// index): all of them, which is what reading the postings costs, and the
// passages among them with near-copies counted once, which is what a
// word weighs by.
type Count struct{ Rows, Passages float64 }

// Fresh empties the cache when the library's version (SQLite's
// data_version, which moves with every change by any connection or
// program) is not the one it was filled at.
func (c *Cache) Fresh(version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.df == nil || c.version != version {
		c.df, c.version, c.rows = map[string]Count{}, version, Count{Rows: -1}
	}
}

// Rows is how many rows the FTS index holds, copies counted once, and how
// many passages, near-copies counted once too. Counting them reads the
// row-size table (5–9 ms at a million passages) and the near-copies' list,
// once per version of the library.
func (c *Cache) Rows(ctx context.Context, db *sql.DB) (Count, error) {
	c.mu.Lock()
	rows := c.rows
	c.mu.Unlock()
	if rows.Rows >= 0 {
		return rows, nil
	}
	var all, near int64
	if err := db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM chunks_fts_docsize), (SELECT count(*) FROM near)`).Scan(&all, &near); err != nil {
		return Count{}, err
	}
	rows = Count{Rows: float64(all), Passages: float64(max(all-near, min(all, 1)))}
	c.mu.Lock()
	c.rows = rows
	c.mu.Unlock()
	return rows, nil
}

// nearExact is the most rows of a word whose near-copies are counted one
// by one (a join with their list, about 0.25 µs a row at a million
// passages); past it, they are counted among every step-th row id, about
// nearSample rows: the word's share of near-copies to within about 1%
// (measured on the twelve-copy library: "file", 57,321 rows, 50,283 of
// them near-copies, estimated 50,110), in 4.5 ms instead of 13.
// When the library holds few near-copies (84,211 passages of
// ../shared/corpus hold 13), each is looked up in the word's postings
// instead, exactly: a look-up costs about what joining nearProbe rows
// does (30 µs).
const (
	nearExact  = 4000
	nearSample = 2000
	nearProbe  = 120
)

// DocFreq is how many rows match an FTS5 expression, and how many
// passages: a near-copy's rows are counted only when the library holds
// some.
func (c *Cache) DocFreq(ctx context.Context, db *sql.DB, expr string) (Count, error) {
	if n, ok := c.cached(expr); ok {
		return n, nil
	}
	rows, err := c.Rows(ctx, db)
	if err != nil {
		return Count{}, err
	}
	var n int64
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?`, expr).Scan(&n); err != nil {
		return Count{}, err
	}
	cnt := Count{Rows: float64(n), Passages: float64(n)}
	if near := rows.Rows - rows.Passages; near > 0 && near*nearProbe < float64(n) {
		// Far fewer near-copies in the library than the word's rows: each
		// looked up in its postings.
		var m int64
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM near n CROSS JOIN chunks_fts f ON f.rowid = n.id
			WHERE chunks_fts MATCH ?`, expr).Scan(&m); err != nil {
			return Count{}, err
		}
		cnt.Passages = float64(max(n-m, 1))
	} else if near > 0 && n > 0 {
		step := int64(1)
		if n > nearExact {
			step = n / nearSample
		}
		var seen, nearSeen int64
		if err := db.QueryRowContext(ctx, `SELECT count(*), count(n.id) FROM chunks_fts f LEFT JOIN near n ON n.id = f.rowid
			WHERE chunks_fts MATCH ? AND f.rowid % ? = 0`, expr, step).Scan(&seen, &nearSeen); err != nil {
			return Count{}, err
		}
		if seen > 0 {
			// A word only near-copies hold (the line they add) still counts.
			cnt.Passages = max(math.Round(float64(n)*float64(seen-nearSeen)/float64(seen)), 1)
		}
	}
	if n == 0 {
		// A word only near-twins hold, in the line they add, is in
		// near_fts alone (index/fts/nearrows.go): it is there, and counts
		// as a near-copy's line does, once.
		var m int64
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT rowid FROM near_fts WHERE near_fts MATCH ? LIMIT 1)`, expr).Scan(&m); err != nil {
			return Count{}, err
		}
		cnt = Count{Rows: float64(m), Passages: float64(m)}
	}
	c.store(expr, cnt)
	return cnt, nil
}

// AtMost is how many rows match, counted up to limit: enough to tell a
// rare word from a common one (the words offered as refinements), at a
// fraction of an exact count's cost for a common word.
func (c *Cache) AtMost(ctx context.Context, db *sql.DB, expr string, limit int) (float64, error) {
	key := strconv.Itoa(limit) + "\x00" + expr
	if n, ok := c.cached(key); ok {
		return n.Rows, nil
	}
	var n int64
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)`, expr, limit).Scan(&n); err != nil {
		return 0, err
	}
	c.store(key, Count{Rows: float64(n), Passages: float64(n)})
	return float64(n), nil
}

func (c *Cache) cached(key string) (Count, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.df[key]
	return n, ok
}

func (c *Cache) store(key string, n Count) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.df != nil {
		c.df[key] = n
	}
}
