package schema

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sqliteHeader(appID uint32) []byte {
	h := make([]byte, 100)
	copy(h, "SQLite format 3\x00")
	binary.BigEndian.PutUint32(h[68:72], appID)
	return h
}

func TestReadHeader(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		path string
		want Kind
		err  string // in the ErrNotLibrary message; "" for none
	}{
		{filepath.Join(dir, "none.db"), Missing, ""},
		{dir, 0, "it is a folder"},
		{write("empty.db", nil), 0, "the file is empty"},
		{write("notes.txt", []byte(strings.Repeat("not sqlite ", 20))), 0, "not an SQLite database"},
		{write("other.db", sqliteHeader(0x12345678)), 0, "belongs to another program"},
		{write("folio.db", sqliteHeader(ApplicationID)), Folio, ""},
		{write("unmarked.db", sqliteHeader(0)), Unmarked, ""},
	} {
		got, err := ReadHeader(c.path)
		if c.err == "" && (err != nil || got != c.want) {
			t.Errorf("%s: %v, %v; want %v", filepath.Base(c.path), got, err, c.want)
		}
		if c.err != "" && (!errors.Is(err, ErrNotLibrary) || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %v, want ErrNotLibrary saying %q", filepath.Base(c.path), err, c.err)
		}
	}
}

func TestJudgeTables(t *testing.T) {
	if k, err := JudgeTables(1, []string{"chunks", "chunks_fts", "documents", "folders", "settings"}); k != Legacy || err != nil {
		t.Errorf("an old library: %v, %v", k, err)
	}
	if _, err := JudgeTables(0, nil); !errors.Is(err, ErrNotLibrary) || !strings.Contains(err.Error(), "empty SQLite database") {
		t.Errorf("an empty database: %v", err)
	}
	_, err := JudgeTables(3, []string{"a", "b", "c", "d", "e", "f"})
	if !errors.Is(err, ErrNotLibrary) || !strings.Contains(err.Error(), "(tables: a, b, c, d, e, …)") {
		t.Errorf("another program's database: %v", err)
	}
}
