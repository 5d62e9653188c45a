// Package termstats counts how many rows of the FTS index hold a word, the
// statistics a ranking weighs words by, and keeps them while the library
// is unchanged.
//
// They are counted in the index's rows, as FTS5's own bm25 counts them:
// copies of a passage share one row (index/fts, twins.go), so a library
// holding a folder twice weighs its words as one holding it once. An exact
// count costs a read of the word's whole posting list (a common word at a
// million passages: tens of milliseconds), so it is counted only up to
// Cap; past that it is estimated from how far into the rows the Cap-th
// posting lies (spread). Counted before in passages and chunk ids while a
// rare word's count was in rows, the rare words of a library of twelve
// copies weighed more against its common words by up to the log of twelve
// (README, Ranking). Rare words, the ones that decide a ranking, are exact.
package termstats

import (
	"context"
	"database/sql"
	"sync"
)

// Cap is how many rows of a word are counted before its count is
// estimated.
const Cap = 500

// Cache keeps the counts between searches while the library does not
// change (a window searching as the user types asks for the same words
// again and again). Its zero value is ready; Fresh must be called with the
// library's version before each search.
type Cache struct {
	mu      sync.Mutex
	version int64
	df      map[string]float64
	rows    int64   // FTS rows at version, or -1 until counted
	spread  *spread // at version, or nil until measured
}

// Fresh empties the cache when the library's version (SQLite's
// data_version, which moves with every change by any connection or
// program) is not the one it was filled at.
func (c *Cache) Fresh(version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.df == nil || c.version != version {
		c.df, c.version, c.rows, c.spread = map[string]float64{}, version, -1, nil
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

// DocFreq is how many rows match an FTS5 expression, in a library of rows
// rows: exact up to Cap, estimated past it.
func (c *Cache) DocFreq(ctx context.Context, db *sql.DB, expr string, rows int64) (float64, error) {
	c.mu.Lock()
	if v, ok := c.df[expr]; ok {
		c.mu.Unlock()
		return v, nil
	}
	c.mu.Unlock()
	var count, maxRow int64
	err := db.QueryRowContext(ctx, `SELECT count(*), coalesce(max(rowid), 0) FROM
		(SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)`, expr, Cap).Scan(&count, &maxRow)
	if err != nil {
		return 0, err
	}
	df := float64(count)
	if count >= Cap && maxRow > 0 {
		s, err := c.spreadOf(ctx, db, rows)
		if err != nil {
			return 0, err
		}
		df = float64(count) * float64(rows) / max(s.below(maxRow), float64(count))
	}
	c.mu.Lock()
	if c.df != nil {
		c.df[expr] = df
	}
	c.mu.Unlock()
	return df, nil
}

// spread tells how many FTS rows have an id at most a given one, by
// interpolating between a few ids whose counts were read. Row ids are not
// spread evenly over the chunk ids: a row's id is its owner's, and owners
// of copies are the first imported, so a library of twelve copies has its
// shared rows in the lowest twelfth of the ids; a removed folder leaves its
// ids empty, and re-indexed files move their rows to the end.
type spread struct{ ids, rows []float64 }

// below is how many rows have an id at most id.
func (s *spread) below(id int64) float64 {
	x := float64(id)
	for i := 1; i < len(s.ids); i++ {
		if x <= s.ids[i] {
			if span := s.ids[i] - s.ids[i-1]; span > 0 {
				return s.rows[i-1] + (x-s.ids[i-1])*(s.rows[i]-s.rows[i-1])/span
			}
			return s.rows[i]
		}
	}
	return s.rows[len(s.rows)-1]
}

// spreadOf reads how the library's rows lie among its ids, once per
// version: the lowest and highest row ids, and the rows up to a sixteenth
// of the way between them (a range read: 4–7 ms at a million
// passages, under a millisecond at 84,000).
func (c *Cache) spreadOf(ctx context.Context, db *sql.DB, rows int64) (*spread, error) {
	c.mu.Lock()
	s := c.spread
	c.mu.Unlock()
	if s != nil {
		return s, nil
	}
	var lo, hi, part int64
	if err := db.QueryRowContext(ctx, `SELECT (SELECT coalesce(min(id), 0) FROM chunks_fts_docsize),
		(SELECT coalesce(max(id), 0) FROM chunks_fts_docsize)`).Scan(&lo, &hi); err != nil {
		return nil, err
	}
	mid := lo + (hi-lo)/16
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM chunks_fts_docsize WHERE id <= ?`, mid).Scan(&part); err != nil {
		return nil, err
	}
	s = &spread{ids: []float64{float64(lo - 1), float64(mid), float64(hi)}, rows: []float64{0, float64(part), float64(rows)}}
	c.mu.Lock()
	c.spread = s
	c.mu.Unlock()
	return s, nil
}
