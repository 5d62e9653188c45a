package schema

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Recognising a library file without changing it: the header says whether
// it is SQLite and whose; an SQLite file without a mark is judged by its
// tables, which the caller lists (this package opens no database).

// ErrNotLibrary means the file exists but is not a Folio library; it was
// not changed. index.ErrNotLibrary is the same error.
var ErrNotLibrary = errors.New("not a Folio library")

// Kind is what a file at a library's path turned out to be.
type Kind int

const (
	Missing  Kind = iota // nothing there yet
	Folio                // marked with ApplicationID
	Legacy               // a library from before application_id
	Unmarked             // SQLite without a mark: JudgeTables decides
)

// ReadHeader reads the first 100 bytes of the file at path: Missing,
// Folio, or Unmarked for SQLite without a mark; anything else is
// ErrNotLibrary in words.
func ReadHeader(path string) (Kind, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return Missing, nil
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if info.IsDir() {
		return 0, fmt.Errorf("%w: it is a folder; the library is a file (for example %s)", ErrNotLibrary, filepath.Join(path, "library.db"))
	}
	if info.Size() == 0 {
		return 0, fmt.Errorf("%w: the file is empty; delete it or choose another library file with --db", ErrNotLibrary)
	}
	header := make([]byte, 100)
	if _, err := io.ReadFull(f, header); err != nil || !bytes.HasPrefix(header, []byte("SQLite format 3\x00")) {
		return 0, fmt.Errorf("%w: the file is not an SQLite database; nothing was changed", ErrNotLibrary)
	}
	switch binary.BigEndian.Uint32(header[68:72]) {
	case ApplicationID:
		return Folio, nil
	case 0:
	default:
		return 0, fmt.Errorf("%w: the file belongs to another program; nothing was changed", ErrNotLibrary)
	}
	return Unmarked, nil
}

// JudgeTables tells an unmarked Folio library from another program's
// database by its schema version and tables (sorted).
func JudgeTables(version int, tables []string) (Kind, error) {
	has := map[string]bool{}
	for _, t := range tables {
		has[t] = true
	}
	if version >= 1 && has["folders"] && has["documents"] && has["chunks"] && has["chunks_fts"] {
		return Legacy, nil
	}
	if len(tables) == 0 {
		return 0, fmt.Errorf("%w: the file is an empty SQLite database; delete it or choose another library file with --db", ErrNotLibrary)
	}
	shown := tables
	if len(shown) > 5 {
		shown = append(shown[:5:5], "…")
	}
	return 0, fmt.Errorf("%w: the file is another program's SQLite database (tables: %s); nothing was changed", ErrNotLibrary, strings.Join(shown, ", "))
}
