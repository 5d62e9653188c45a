package fts

import (
	"context"
	"database/sql"
	"errors"
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
