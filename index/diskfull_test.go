package index

import (
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"folio/index/schema"
)

// A write refused for want of space (SQLITE_FULL; max_page_count stands
// in for a full disk) says the disk is full and what to do, not that the
// disk may be failing.
func TestDiskFullSaysSoAndWhatToDo(t *testing.T) {
	db, err := sql.Open("sqlite", schema.URI(filepath.Join(t.TempDir(), "full.db")))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // max_page_count holds for one connection
	if _, err := db.Exec("CREATE TABLE t(x); PRAGMA max_page_count = 2"); err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 100) INSERT INTO t SELECT randomblob(1000) FROM n")
	if err == nil {
		t.Fatal("the insert did not run out of room")
	}
	got := classify(err)
	if !errors.Is(got, ErrDiskFull) || !strings.Contains(got.Error(), "free some space") || strings.Contains(got.Error(), "failing") {
		t.Errorf("disk full: %v", got)
	}
}
