package upgrade

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // pure-Go SQLite with FTS5

	"folio/index/dberr"
	"folio/index/schema"
)

// Create writes a new library, every migration from nothing with its
// search index in analyzer's terms, under a temporary name beside path and
// links it into place only when complete, so no one ever opens half a
// library, and of two processes creating it at once one wins and the
// other opens the winner's file.
func Create(path, analyzer string) error {
	start := time.Now()
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	var suffix [6]byte
	rand.Read(suffix[:])
	tmp := filepath.Join(dir, "."+filepath.Base(path)+".new-"+hex.EncodeToString(suffix[:]))
	defer func() {
		for _, s := range []string{"", "-wal", "-shm", "-journal"} {
			os.Remove(tmp + s)
		}
	}()
	// The library holds the text of private notes: made 0600 before SQLite
	// opens it (SQLite's own default is 0644, whatever the umask), and the
	// -wal and -shm SQLite creates take the library's mode.
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	if err := os.Chmod(tmp, 0o600); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", schema.URI(tmp)+"?"+schema.ConnParams)
	if err != nil {
		return err
	}
	db.SetMaxOpenConns(1)
	err = func() error {
		if _, err := db.Exec(`PRAGMA journal_mode = WAL`); err != nil {
			return err
		}
		for v, m := range schema.Migrations {
			if _, err := db.Exec(m); err != nil {
				return fmt.Errorf("create schema %d: %w", v+1, err)
			}
		}
		_, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", schema.Version, schema.ApplicationID))
		if err != nil {
			return err
		}
		// The search index is empty, so it is already in this analyser's terms.
		_, err = db.Exec(`DELETE FROM settings WHERE key IN ('fts.rebuild_from', 'fts.place_from', 'fts.near_from', 'fts.nearrows_from');
			INSERT INTO settings(key, value) VALUES('fts.analyzer', ?)`, analyzer)
		return err
	}()
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return dberr.Classify(err)
	}
	// A -wal, -shm or -journal without its library is what a crash leaves
	// when the library file is then deleted or moved aside, as a damaged
	// library's advice says. SQLite would apply that journal to the new
	// file: the old library back, or half of it, which is damage. Only one
	// written before this call began is left over: another process may
	// have linked its new library in since path was found missing, and be
	// writing its journal now (orphanAge allows for coarse file times).
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		for _, s := range []string{"-wal", "-shm", "-journal"} {
			if info, err := os.Lstat(path + s); err != nil || !info.ModTime().Before(start.Add(-orphanAge)) {
				continue
			}
			if err := os.Remove(path + s); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("remove the journal %s left without its library: %w", path+s, err)
			}
		}
	}
	// Link, not rename: a link never replaces a file that appeared meanwhile.
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, os.ErrExist) {
			return nil // another process created it first: open theirs
		}
		if _, statErr := os.Stat(path); statErr == nil {
			return nil
		}
		// Storage without hard links: rename, which may race but never
		// loses data (both files are new, empty libraries).
		return os.Rename(tmp, path)
	}
	return nil
}

// orphanAge is how much older than a Create a journal without its library
// must be to be removed: more than a coarse file system's time step (FAT
// keeps two seconds), so a journal another process has just begun is
// never taken for one a crash left.
const orphanAge = 3 * time.Second
