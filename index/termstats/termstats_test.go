package termstats

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	_ "modernc.org/sqlite"
)

// A word's count is the rows that hold it, however they lie among the
// rows: all in the first rows or all in the last (a folder added first or
// last) count the same. AtMost stops at its limit, and the cache answers
// until the library's version moves.
func TestWordsAreCountedExactlyWhereverTheyLie(t *testing.T) {
	ctx := context.Background()
	db := library(t)
	insert := func(text string, n int) {
		for range n {
			if _, err := db.Exec(`INSERT INTO chunks_fts(text) VALUES (?)`, text); err != nil {
				t.Fatal(err)
			}
		}
	}
	insert("early word here", 700) // the first folder's passages
	insert("filler text", 3000)
	insert("late word here", 700) // the last folder's
	var c Cache
	c.Fresh(1)
	if rows, err := c.Rows(ctx, db); err != nil || rows != (Count{4400, 4400}) {
		t.Fatalf("rows %v, %v; want 4400", rows, err)
	}
	for _, w := range []string{"early", "late"} {
		if df, err := c.DocFreq(ctx, db, fmt.Sprintf("%q", w)); err != nil || df != (Count{700, 700}) {
			t.Errorf("%s: %v rows, %v; want 700", w, df, err)
		}
	}
	if df, err := c.AtMost(ctx, db, `"filler"`, 1000); err != nil || df != 1000 {
		t.Errorf("filler counted up to 1000: %v, %v", df, err)
	}
	if df, err := c.DocFreq(ctx, db, `"filler"`); err != nil || df.Rows != 3000 {
		t.Errorf("filler: %v, %v; want 3000 (the capped count is kept apart)", df, err)
	}
	insert("late word again", 100)
	if df, _ := c.DocFreq(ctx, db, `"late"`); df.Rows != 700 {
		t.Errorf("late: %v before the version moved, want the cached 700", df)
	}
	c.Fresh(2)
	if df, _ := c.DocFreq(ctx, db, `"late"`); df.Rows != 800 {
		t.Errorf("late: %v after the version moved, want 800", df)
	}
}

// A near-copy's row (index/fts, near.go) is read by the first stage but
// left out of what a word weighs; a word only near-copies hold still
// counts one passage.
func TestNearCopiesCountOnceInPassages(t *testing.T) {
	ctx := context.Background()
	db := library(t)
	for _, q := range []string{
		`INSERT INTO chunks_fts(rowid, text) VALUES (1, 'blorp policy'), (2, 'blorp policy backed up'), (3, 'other text')`,
		`INSERT INTO near(id) VALUES (2)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var c Cache
	c.Fresh(1)
	if rows, err := c.Rows(ctx, db); err != nil || rows != (Count{3, 2}) {
		t.Errorf("rows %v, %v; want 3 rows, 2 passages", rows, err)
	}
	for w, want := range map[string]Count{"blorp": {2, 1}, "backed": {1, 1}, "other": {1, 1}} {
		if got, err := c.DocFreq(ctx, db, w); err != nil || got != want {
			t.Errorf("%s: %v, %v; want %v", w, got, err, want)
		}
	}
}

// library is an in-memory database with the tables termstats reads.
func library(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1) // one in-memory database
	if _, err := db.Exec(`CREATE VIRTUAL TABLE chunks_fts USING fts5(text); CREATE VIRTUAL TABLE near_fts USING fts5(text); CREATE TABLE near(id INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	return db
}
