package dberr

import (
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
)

func TestClassifyNamesSQLitesFailures(t *testing.T) {
	if Classify(nil) != nil {
		t.Error("nil is not a failure")
	}
	plain := errors.New("plain")
	if Classify(plain) != plain {
		t.Error("an error that is not SQLite's passes unchanged")
	}
	// A real SQLite error: a file that is not a database.
	path := filepath.Join(t.TempDir(), "x.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE t(x)"); err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec("INSERT INTO nosuch VALUES(1)")
	if err == nil || errors.Is(Classify(err), ErrCorrupt) || IsReadOnly(err) {
		t.Errorf("a missing table is neither damage nor read-only: %v", Classify(err))
	}
}
