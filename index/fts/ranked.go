package fts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
)

// RankedRow is one row of a search's first stage: its id and bm25 score.
type RankedRow struct {
	ID    int64
	Score float64
}

// RankRows runs a search's first-stage query on db (its last argument is the
// row limit). Scoring each matching row is most of a long question's cost
// (bm25 reads the row's length and every word's positions); with more
// than one core and split (a search without filters: split, a filtered
// one measured no faster), two connections score the rows of even and
// odd ids at once. A row's bm25 does not depend on the other rows, so the
// best rows of the two, merged in the query's order (score, then id), are
// exactly the rows the one query returns.
func RankRows(ctx context.Context, db *sql.DB, sqlText string, args []any, split bool) ([]RankedRow, error) {
	if !split || runtime.GOMAXPROCS(0) < 2 {
		return rankedQuery(ctx, db, sqlText, args)
	}
	limit := args[len(args)-1]
	half := strings.Replace(sqlText, " ORDER BY ", " AND rowid % 2 = ? ORDER BY ", 1)
	var parts [2][]RankedRow
	var errs [2]error
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := append(append(append([]any(nil), args[:len(args)-1]...), k), limit)
			parts[k], errs[k] = rankedQuery(ctx, db, half, a)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	out := make([]RankedRow, 0, len(parts[0])+len(parts[1]))
	a, b := parts[0], parts[1]
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || len(a) > 0 && (a[0].Score < b[0].Score || a[0].Score == b[0].Score && a[0].ID < b[0].ID) {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	if n, ok := limit.(int); ok && len(out) > n {
		out = out[:n]
	}
	return out, nil
}

// rankedQuery reads the rows of a first-stage query.
func rankedQuery(ctx context.Context, db *sql.DB, sqlText string, args []any) ([]RankedRow, error) {
	rows, err := db.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RankedRow
	for rows.Next() {
		var r RankedRow
		if err := rows.Scan(&r.ID, &r.Score); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Stage is a search's first-stage query: an FTS5 expression, the bm25
// weights of the heading path, title and body, and what narrows it: row
// ids (Rows, " AND rowid IN (…)") or a filter on c (chunks), d
// (documents) and f (folders) with its arguments.
//
// A filtered stage joins its filters before the limit, always with FTS5
// as the outer loop (CROSS JOIN fixes SQLite's order): driven from a
// tag's or a date range's documents instead, the planner looks each of
// their passages up in FTS5 one by one, 0.4 ms each, which at a million
// passages took a common tag from 0.2 s to 1.7 s (BenchmarkFilters). A
// row's copies are reached through it (chunks.canon), near-twins too.
type Stage struct {
	Expr         string
	Weights      [3]float64
	Rows, Filter string
	Args         []any
	// NearRows is Rows for near_fts: the selected passages' own ids, as
	// a near-twin's row is under its own (nearrows.go).
	NearRows string
}

// sql is the stage's ranked query on table, and its arguments.
func (s Stage) sql(table string, limit int) (string, []any) {
	w := s.Weights
	if s.Filter == "" {
		rows := s.Rows
		if table == "near_fts" {
			rows = s.NearRows
		}
		return fmt.Sprintf(`SELECT rowid, bm25(%[1]s, %[2]g, %[3]g, %[4]g) AS score
			FROM %[1]s WHERE %[1]s MATCH ?%[5]s ORDER BY score, rowid LIMIT ?`, table, w[0], w[1], w[2], rows), []any{s.Expr, limit}
	}
	join := "c.canon"
	if table == "near_fts" {
		join = "c.id"
	}
	return fmt.Sprintf(`SELECT c.id, bm25(%[1]s, %[2]g, %[3]g, %[4]g) AS score
		FROM %[1]s CROSS JOIN chunks c ON %[5]s = %[1]s.rowid
		CROSS JOIN documents d ON d.id = c.doc_id CROSS JOIN folders f ON f.id = d.folder_id
		WHERE %[1]s MATCH ?%[6]s ORDER BY score, c.id LIMIT ?`, table, w[0], w[1], w[2], join, s.Filter), append(append([]any{s.Expr}, s.Args...), limit)
}

// Rank is the stage's best rows, at most limit: only ids and scores (the
// text of the few kept is read after).
func (s Stage) Rank(ctx context.Context, db *sql.DB, limit int) ([]RankedRow, error) {
	q, args := s.sql("chunks_fts", limit)
	return RankRows(ctx, db, q, args, s.Filter == "")
}

// Near is the best near-twins found by the lines they add
// (nearrows.go), at most limit; for a stage narrowed to rows, among
// NearRows.
func (s Stage) Near(ctx context.Context, db *sql.DB, limit int) ([]RankedRow, error) {
	if s.Rows != "" && s.NearRows == "" {
		return nil, nil
	}
	q, args := s.sql("near_fts", limit)
	return rankedQuery(ctx, db, q, args)
}

// Count counts the stage's matching passages up to limit.
func (s Stage) Count(ctx context.Context, db *sql.DB, limit int) (int, error) {
	q := `SELECT count(*) FROM (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?` + s.Rows + ` LIMIT ?)`
	args := []any{s.Expr, limit}
	if s.Filter != "" {
		q = `SELECT count(*) FROM (SELECT c.id FROM chunks_fts CROSS JOIN chunks c ON c.canon = chunks_fts.rowid
			CROSS JOIN documents d ON d.id = c.doc_id WHERE chunks_fts MATCH ?` + s.Filter + ` LIMIT ?)`
		args = append(append([]any{s.Expr}, s.Args...), limit)
	}
	var n int
	err := db.QueryRowContext(ctx, q, args...).Scan(&n)
	return n, err
}
