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
	"sync"

	_ "modernc.org/sqlite" // pure-Go SQLite with FTS5

	"folio/index/analyze"
	"folio/index/dberr"
	"folio/index/fts"
	"folio/index/platform"
	"folio/index/schema"
	"folio/index/session"
	"folio/index/spell"
	"folio/index/termstats"
	"folio/index/upgrade"
)

// SchemaVersion is stored in PRAGMA user_version. Open migrates older files
// forward and refuses newer ones.
const SchemaVersion = schema.Version

// ApplicationID marks a SQLite file as a Folio library (PRAGMA
// application_id, bytes 68–71 of the header): "Foli".
const ApplicationID = schema.ApplicationID

// Errors the app turns into words for people (the ones SQLite's failures
// become are in package dberr).
var (
	// ErrNewerSchema means the library was written by a newer Folio.
	ErrNewerSchema = errors.New("library was written by a newer version of Folio")
	// ErrNoLibrary means there is no library at the path (and none was created).
	ErrNoLibrary = errors.New("no library here")
	// ErrNotLibrary means the file exists but is not a Folio library; it was
	// not changed.
	ErrNotLibrary = schema.ErrNotLibrary
	ErrCorrupt    = dberr.ErrCorrupt
	ErrReadOnly   = dberr.ErrReadOnly
	ErrBusy       = dberr.ErrBusy
	ErrDiskFull   = dberr.ErrDiskFull
)

// corruptAdvice ends every ErrCorrupt message.
const corruptAdvice = dberr.CorruptAdvice

// classify gives SQLite's failures words and sentinels (package dberr).
var classify = dberr.Classify

// Mode says how a library is opened.
type Mode int

const (
	// ReadWrite opens the library, creating it when the path does not exist.
	// On storage that cannot be written it opens read-only instead
	// (ReadOnly reports it, and every change fails with ErrReadOnly).
	ReadWrite Mode = iota
	// Existing is ReadWrite for a library that must already exist: it
	// never creates one (ErrNoLibrary).
	Existing
	// ReadOnly opens an existing library for searching and listing: it
	// never creates, migrates nothing it cannot, and writes nothing.
	ReadOnly
)

// Index is an open library.
type Index struct {
	db       *sql.DB
	path     string
	readOnly bool
	// unclean is set when a session that wrote to the library ended without
	// closing it (a crash or kill): CheckUnclean verifies the file.
	unclean   bool
	sessionID int64 // this process's row in sessions, 0 when read-only

	versionMu   sync.Mutex
	versionConn *sql.Conn // holds PRAGMA data_version's point of view

	dfs   termstats.Cache       // term statistics for ranking (index/termstats)
	fixes spell.Cache           // corrections of typed words (index/spell)
	langs analyze.LanguageCache // passages' languages (search.go)
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

// Open opens the library at path for reading and writing, creating it if
// the path does not exist. It is OpenMode(path, ReadWrite).
func Open(path string) (*Index, error) { return OpenMode(path, ReadWrite) }

// OpenMode opens the library at path. It recognises its own files and
// refuses anything else unchanged: an empty file, another program's SQLite
// database, a file that is not SQLite at all. ReadOnly never creates a
// library (ErrNoLibrary).
func OpenMode(path string, mode Mode) (*Index, error) {
	return OpenContext(context.Background(), path, mode, nil)
}

// OpenContext is OpenMode for a library that may need bringing forward
// first (UpgradeNeeded; minutes at a million passages): progress hears
// each step, and a cancelled ctx stops the upgrade between batches, the
// library left as good as before and the upgrade resumed by the next open.
func OpenContext(ctx context.Context, path string, mode Mode, progress upgrade.Progress) (*Index, error) {
	ix, err := open(ctx, path, mode, progress)
	if err != nil {
		return nil, fmt.Errorf("open library %s: %w", path, err)
	}
	return ix, nil
}

// OpenWork is what opening a library must do before it can be used:
// minutes at a million passages, which OpenContext reports as it goes.
type OpenWork int

const (
	NoWork  OpenWork = iota
	Upgrade          // bring forward a library an older Folio wrote
	Merge            // make the merge an interrupted removal owed (to write only)
)

// WorkAtOpen tells what opening the library in mode will do first,
// reading the file without changing it. A missing or unreadable file
// needs none: opening it says what is wrong.
func WorkAtOpen(path string, mode Mode) OpenWork {
	abs, err := filepath.Abs(path)
	if err != nil {
		return NoWork
	}
	if kind, err := recognise(abs); err != nil || kind == schema.Missing {
		return NoWork
	}
	db, err := sql.Open("sqlite", schema.URI(abs)+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return NoWork
	}
	defer db.Close()
	ctx := context.Background()
	switch needed, err := upgrade.Needed(ctx, db); {
	case err != nil:
		return NoWork
	case needed:
		return Upgrade
	}
	if pending, err := fts.PurgePending(ctx, db); err == nil && pending && mode != ReadOnly {
		return Merge
	}
	return NoWork
}

func open(ctx context.Context, path string, mode Mode, progress upgrade.Progress) (*Index, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	kind, err := recognise(abs)
	if err != nil {
		return nil, err
	}
	switch kind {
	case schema.Missing:
		if mode != ReadWrite {
			return nil, fmt.Errorf("%w: add a folder first (folio add DIR) or choose the library with --db", ErrNoLibrary)
		}
		if err := upgrade.Create(abs, analyze.Version); err != nil {
			return nil, err
		}
	case schema.Legacy:
		// A library from before application_id; the migration marks it.
	}
	readOnly := mode == ReadOnly || !platform.LibraryWritable(abs)
	ix := &Index{path: abs, readOnly: readOnly}
	if err := ix.connect(); err != nil {
		return nil, err
	}
	if err := ix.prepare(ctx, progress); err != nil {
		ix.db.Close()
		return nil, err
	}
	return ix, nil
}

// recognise reads the file's header, and for a file without Folio's mark,
// its list of tables, without changing anything.
func recognise(path string) (schema.Kind, error) {
	kind, err := schema.ReadHeader(path)
	if err != nil || kind != schema.Unmarked {
		return kind, err
	}
	// No mark: a library written before Folio set one, or someone else's
	// database. Look at its tables without writing (immutable reads no
	// journal; with a -wal present, a read-only connection reads it).
	uri := schema.URI(path) + "?immutable=1"
	if platform.WALSize(path) > 0 {
		uri = schema.URI(path) + "?mode=ro&_pragma=busy_timeout(10000)"
	}
	db, err := sql.Open("sqlite", uri)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var appID, version int
	if err := db.QueryRow(`PRAGMA application_id`).Scan(&appID); err != nil {
		return 0, classify(err)
	}
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		return 0, classify(err)
	}
	if appID == ApplicationID {
		return schema.Folio, nil // marked in a -wal not yet written back
	}
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		return 0, classify(err)
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return 0, classify(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		return 0, classify(err)
	}
	return schema.JudgeTables(version, tables)
}

func (ix *Index) connect() error {
	params := schema.ConnParams
	if ix.readOnly {
		// mode=rw never creates; query_only refuses every write.
		params += "&mode=rw&_query_only=1"
	} else {
		params += "&mode=rw"
	}
	db, err := sql.Open("sqlite", schema.URI(ix.path)+"?"+params)
	if err != nil {
		return err
	}
	if err := ping(db); err != nil {
		db.Close()
		if !ix.readOnly && !dberr.IsReadOnly(err) {
			return classify(err)
		}
		// Read-only storage: SQLite cannot make the -shm file. A read-only
		// connection can still use existing ones; without a -wal the main
		// file is complete and can be read as immutable.
		ix.readOnly = true
		db, err = sql.Open("sqlite", schema.URI(ix.path)+"?mode=ro&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
		if err != nil {
			return err
		}
		if err = ping(db); err != nil && platform.WALSize(ix.path) == 0 {
			db.Close()
			db, err = sql.Open("sqlite", schema.URI(ix.path)+"?immutable=1&_pragma=foreign_keys(1)")
			if err == nil {
				err = ping(db)
			}
		}
		if err != nil {
			db.Close()
			// A damaged file fails every way of opening it: say so, not
			// that it is read-only, which sends people to permissions.
			if c := classify(err); errors.Is(c, ErrCorrupt) {
				return c
			}
			return fmt.Errorf("%w (and its journal cannot be read here: open it once where it can be written): %v", ErrReadOnly, classify(err))
		}
	}
	ix.db = db
	return nil
}

// ping reads the schema, which SQLite does lazily: opening alone proves
// nothing.
func ping(db *sql.DB) error {
	var n int
	return db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n)
}

func (ix *Index) prepare(ctx context.Context, progress upgrade.Progress) error {
	var version int
	if err := ix.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return classify(err)
	}
	if version > SchemaVersion {
		return fmt.Errorf("%w (schema %d, this Folio knows %d): update Folio or use another library file (--db)", ErrNewerSchema, version, SchemaVersion)
	}
	needed, err := upgrade.Needed(ctx, ix.db)
	if err != nil {
		return err
	}
	if needed {
		if err := ix.upgrade(ctx, progress); err != nil {
			return err
		}
	}
	if ix.readOnly {
		return nil
	}
	if err := ix.startSession(ctx); err != nil {
		return err
	}
	// A merge owed by an operation that was interrupted (purge.go).
	if pending, err := fts.PurgePending(ctx, ix.db); err == nil && pending && progress != nil {
		progress(upgrade.Compact, 0, 0)
	}
	return ix.finishChanges(ctx, false, 0, false)
}

// upgrade brings an older library forward (package upgrade), also for a
// read-only command when the storage allows it: the format changes, never
// the contents.
func (ix *Index) upgrade(ctx context.Context, progress upgrade.Progress) error {
	if !ix.readOnly {
		return upgrade.Run(ctx, ix.db, progress)
	}
	if !platform.LibraryWritable(ix.path) {
		return fmt.Errorf("%w: it was written by another version of Folio and must be updated once where it can be written", ErrReadOnly)
	}
	rw := &Index{path: ix.path}
	if err := rw.connect(); err != nil {
		return err
	}
	err := upgrade.Run(ctx, rw.db, progress)
	rw.db.Close()
	return err
}

// Path is the library file.
func (ix *Index) Path() string { return ix.path }

// ReadOnly reports a library opened read-only, asked for or because its
// storage cannot be written.
func (ix *Index) ReadOnly() bool { return ix.readOnly }

// Close ends this process's session cleanly and closes the library. The
// last connection to close writes the journal back and removes it.
func (ix *Index) Close() error {
	ix.versionMu.Lock()
	if ix.versionConn != nil {
		ix.versionConn.Close()
		ix.versionConn = nil
	}
	ix.versionMu.Unlock()
	if ix.sessionID != 0 {
		session.End(ix.db, ix.sessionID)
		ix.checkpoint()
	}
	return ix.db.Close()
}

// checkpoint writes the journal back into the library and truncates it, so
// text that was removed or replaced is no longer in the -wal file either.
// It waits for readers (busy_timeout); a reader that holds on leaves the
// journal for the next checkpoint.
func (ix *Index) checkpoint() {
	ix.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
}

// DataVersion changes whenever another connection, in this process or
// another, commits a change to the library; a window polls it to notice
// folders added or removed elsewhere.
func (ix *Index) DataVersion(ctx context.Context) (int64, error) {
	ix.versionMu.Lock()
	defer ix.versionMu.Unlock()
	if ix.versionConn == nil {
		c, err := ix.db.Conn(ctx)
		if err != nil {
			return 0, classify(err)
		}
		ix.versionConn = c
	}
	var v int64
	if err := ix.versionConn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
		return 0, classify(err)
	}
	return v, nil
}

// writeCheck refuses changes to a read-only library.
func (ix *Index) writeCheck() error {
	if ix.readOnly {
		return ErrReadOnly
	}
	return nil
}

// QuickCheck runs SQLite's quick_check: damaged pages and broken indexes.
// It reads the whole file, so it is not run at every open (see
// CheckUnclean); `folio check` runs IntegrityCheck on demand.
func (ix *Index) QuickCheck(ctx context.Context) error {
	if err := ix.CheckPages(ctx); err != nil {
		return err
	}
	return ix.CheckDocuments(ctx)
}

// CheckPages is quick_check alone: every page of the file read, indexes
// checked for their shape but not against their rows.
func (ix *Index) CheckPages(ctx context.Context) error {
	return ix.check(ctx, "PRAGMA quick_check")
}

// check runs a check pragma on one connection, checkOn.
func (ix *Index) check(ctx context.Context, pragma string) error {
	conn, err := ix.db.Conn(ctx)
	if err != nil {
		return classify(err)
	}
	defer conn.Close()
	return checkOn(ctx, conn, pragma)
}

// checkOn runs a check pragma on conn once its search indexes have read
// their structure: SQLite runs FTS5's own check in quick_check and
// integrity_check on the structure the connection last read, and after
// another process had merged the segments it reported them damaged
// ("fts5: corruption found reading blob …"). A failed read is the check's
// to report.
func checkOn(ctx context.Context, conn *sql.Conn, pragma string) error {
	for _, t := range []string{"chunks_fts", "near_fts"} {
		conn.ExecContext(ctx, `SELECT count(*) FROM `+t+` WHERE `+t+` MATCH 'structure'`)
	}
	return dberr.Check(ctx, conn, pragma)
}

// CheckDocuments compares the documents table with its indexes, which
// quick_check does not: a damaged page there can leave well-formed rows
// whose indexes disagree (a file's time or date changed under its
// documents_dated entry). Every scan reads those rows and compares them
// with the disk, and would rewrite a damaged one as if the file had
// changed, so add and scan run this before they write. It costs one row
// per file: 0.14 s at 84k passages, 1.7 s at a million (README).
func (ix *Index) CheckDocuments(ctx context.Context) error {
	return dberr.Check(ctx, ix.db, "PRAGMA integrity_check(documents)")
}

// IntegrityCheck runs SQLite's and FTS5's own consistency checks and
// verifies what Folio keeps beside them: every chunk has its document and
// its FTS row, and the folder counts match the rows.
func (ix *Index) IntegrityCheck(ctx context.Context) error {
	if err := ix.check(ctx, "PRAGMA integrity_check"); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	off, err := fts.Check(ctx, ix.db, !ix.readOnly)
	if err != nil {
		return fmt.Errorf("fts integrity check: %w", classify(err))
	}
	var orphans, badCounts int
	if err := ix.db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM chunks WHERE doc_id NOT IN (SELECT id FROM documents)),
		(SELECT count(*) FROM documents d WHERE n_chunks != (SELECT count(*) FROM chunks WHERE doc_id = d.id)) +
		(SELECT count(*) FROM folders f WHERE
			n_documents != (SELECT count(*) FROM documents WHERE folder_id = f.id) OR
			n_chunks != (SELECT coalesce(sum(n_chunks), 0) FROM documents WHERE folder_id = f.id) OR
			n_bytes != (SELECT coalesce(sum(size), 0) FROM documents WHERE folder_id = f.id))`).Scan(&orphans, &badCounts); err != nil {
		return fmt.Errorf("integrity check: %w", classify(err))
	}
	if orphans += off; orphans != 0 {
		return fmt.Errorf("integrity check: %d rows without their document or chunk", orphans)
	}
	if badCounts != 0 {
		return fmt.Errorf("integrity check: %d documents or folders whose counts do not match their rows", badCounts)
	}
	return nil
}
