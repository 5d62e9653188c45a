// Package index keeps a library of Markdown folders in one SQLite file: one
// row per chunk, an FTS5 table over the analysed heading path, title and
// body, and the original text for snippets and citations. It knows nothing
// of the window.
package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // pure-Go SQLite with FTS5
)

// SchemaVersion is stored in PRAGMA user_version. Open migrates older files
// forward and refuses newer ones.
const SchemaVersion = 1

// ErrNewerSchema means the library was written by a newer Folio.
var ErrNewerSchema = errors.New("library was written by a newer version of Folio")

// ErrCorrupt means SQLite found the library file damaged.
var ErrCorrupt = errors.New("library file is damaged")

// Index is an open library.
type Index struct {
	db   *sql.DB
	path string
}

// DefaultPath is where the library lives unless FOLIO_DB says otherwise:
// the user's config folder, folio/library.db.
func DefaultPath() (string, error) {
	if p := os.Getenv("FOLIO_DB"); p != "" {
		return p, nil
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find config folder: %w", err)
	}
	return filepath.Join(dir, "folio", "library.db"), nil
}

// migrations[i] brings a database from user_version i to i+1.
var migrations = []string{
	`CREATE TABLE folders(
		id INTEGER PRIMARY KEY,
		path TEXT NOT NULL UNIQUE,
		added_at INTEGER NOT NULL,
		last_scan INTEGER NOT NULL DEFAULT 0,
		sample INTEGER NOT NULL DEFAULT 0
	);
	CREATE TABLE documents(
		id INTEGER PRIMARY KEY,
		folder_id INTEGER NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
		rel_path TEXT NOT NULL,
		size INTEGER NOT NULL,
		mtime INTEGER NOT NULL,
		hash TEXT NOT NULL,
		title TEXT NOT NULL,
		chunker TEXT NOT NULL,
		indexed_at INTEGER NOT NULL,
		UNIQUE(folder_id, rel_path)
	);
	CREATE TABLE chunks(
		id INTEGER PRIMARY KEY,
		doc_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
		chunk_id TEXT NOT NULL,
		ordinal INTEGER NOT NULL,
		kind TEXT NOT NULL,
		path TEXT NOT NULL,
		section TEXT NOT NULL,
		start_line INTEGER NOT NULL,
		end_line INTEGER NOT NULL,
		text TEXT NOT NULL
	);
	CREATE INDEX chunks_doc ON chunks(doc_id, ordinal);
	CREATE INDEX chunks_section ON chunks(section);
	CREATE TABLE skipped(
		folder_id INTEGER NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
		rel_path TEXT NOT NULL,
		reason TEXT NOT NULL,
		PRIMARY KEY(folder_id, rel_path)
	);
	CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
	-- Contentless: the analysed text is only needed to find rows; snippets
	-- come from chunks.text. contentless_delete lets a row be removed by
	-- rowid alone, so nothing can fall out of sync.
	CREATE VIRTUAL TABLE chunks_fts USING fts5(heading, title, body,
		content='', contentless_delete=1, tokenize='ascii');
	-- Removed medical or policy text must not linger in the file.
	INSERT INTO chunks_fts(chunks_fts, rank) VALUES('secure-delete', 1);`,
}

// Open opens (creating if needed) the library at path, checks it and
// migrates it forward.
func Open(path string) (*Index, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("open library %s: %w", path, err)
		}
	}
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open library %s: %w", path, err)
	}
	ix := &Index{db: db, path: path}
	if err := ix.prepare(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open library %s: %w", path, err)
	}
	return ix, nil
}

func (ix *Index) prepare() error {
	ctx := context.Background()
	var check string
	if err := ix.db.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&check); err != nil {
		if strings.Contains(err.Error(), "not a database") || strings.Contains(err.Error(), "malformed") {
			return fmt.Errorf("%w (%v): move the file aside or delete it and add your folders again; your Markdown files are untouched", ErrCorrupt, err)
		}
		return err
	}
	if check != "ok" {
		return fmt.Errorf("%w (%s): move the file aside or delete it and add your folders again; your Markdown files are untouched", ErrCorrupt, check)
	}
	var version int
	if err := ix.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if version > SchemaVersion {
		return fmt.Errorf("%w (schema %d, this Folio knows %d): update Folio or use another library file (--db)", ErrNewerSchema, version, SchemaVersion)
	}
	for v := version; v < SchemaVersion; v++ {
		tx, err := ix.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrate schema %d to %d: %w", v, v+1, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Path is the library file.
func (ix *Index) Path() string { return ix.path }

// Close closes the library.
func (ix *Index) Close() error { return ix.db.Close() }

// IntegrityCheck runs SQLite's and FTS5's own consistency checks.
func (ix *Index) IntegrityCheck(ctx context.Context) error {
	var res string
	if err := ix.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("integrity check: %s", res)
	}
	if _, err := ix.db.ExecContext(ctx, "INSERT INTO chunks_fts(chunks_fts) VALUES('integrity-check')"); err != nil {
		return fmt.Errorf("fts integrity check: %w", err)
	}
	var orphans int
	if err := ix.db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM chunks WHERE doc_id NOT IN (SELECT id FROM documents)) +
		(SELECT count(*) FROM chunks_fts WHERE rowid NOT IN (SELECT id FROM chunks))`).Scan(&orphans); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if orphans != 0 {
		return fmt.Errorf("integrity check: %d rows without their document or chunk", orphans)
	}
	return nil
}
