// Package dberr gives SQLite's failures words and sentinel errors a caller
// can test: damage, read-only storage, a busy library, a full disk.
package dberr

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

var (
	// ErrCorrupt means SQLite found the library file damaged.
	ErrCorrupt = errors.New("library file is damaged")
	// ErrReadOnly means the library cannot be written (read-only storage or
	// permissions), so changes are disabled.
	ErrReadOnly = errors.New("the library is read-only: changes are disabled")
	// ErrBusy means another program held the library for too long.
	ErrBusy = errors.New("the library is busy: another Folio is writing to it")
	// ErrDiskFull means a write found no room on the library's disk; the
	// change was rolled back.
	ErrDiskFull = errors.New("the disk holding the library is full")
)

// diskFullAdvice ends every ErrDiskFull message.
const diskFullAdvice = "free some space on it (or move the library elsewhere with --db or FOLIO_DB) and try again; the change was not made and your Markdown files are untouched"

// CorruptAdvice ends every ErrCorrupt message.
const CorruptAdvice = "move the file aside or delete it and add your folders again; your Markdown files are untouched"

// Classify gives SQLite's failures words and sentinels a caller can test:
// damage, read-only storage, a busy library. Other errors pass unchanged.
func Classify(err error) error {
	if err == nil {
		return nil
	}
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("%w (%v): %s", ErrCorrupt, err, CorruptAdvice)
	case sqlite3.SQLITE_READONLY:
		return fmt.Errorf("%w (%v)", ErrReadOnly, err)
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return fmt.Errorf("%w; try again when it has finished (%v)", ErrBusy, err)
	case sqlite3.SQLITE_FULL:
		return fmt.Errorf("%w (%v): %s", ErrDiskFull, err, diskFullAdvice)
	case sqlite3.SQLITE_IOERR:
		// SQLite reports some writes that found no room (growing the
		// shared-memory or journal file) as I/O errors: name that first,
		// since it is the common cause and the one people can fix.
		return fmt.Errorf("the library file could not be read or written (%v): if its disk is full, free some space and try again; otherwise the disk or drive may be failing or gone", err)
	case sqlite3.SQLITE_CANTOPEN:
		return fmt.Errorf("the library file could not be opened: check that its folder exists and can be read (%v)", err)
	}
	return err
}

// IsReadOnly reports a failure to write because the file or its folder
// cannot be written.
func IsReadOnly(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqlite3.SQLITE_READONLY || code == sqlite3.SQLITE_CANTOPEN || code == sqlite3.SQLITE_PERM
}

// Check runs one of SQLite's check pragmas (quick_check, integrity_check)
// and returns ErrCorrupt, with what it found and CorruptAdvice, unless it
// says "ok". A cancelled check returns ctx's error.
func Check(ctx context.Context, db interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, pragma string) error {
	var check string
	if err := db.QueryRowContext(ctx, pragma).Scan(&check); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return Classify(err)
	}
	if check != "ok" {
		return fmt.Errorf("%w (%s): %s", ErrCorrupt, check, CorruptAdvice)
	}
	return nil
}
