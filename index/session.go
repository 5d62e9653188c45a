package index

import (
	"context"
	"fmt"
	"os"
	"time"

	"folio/index/platform"
)

// A writing session is one process that opened the library for writing.
// It is recorded at open and deleted at Close, so a row left behind by a
// process that no longer runs means the library was not closed cleanly
// (a crash, a kill, a power cut): only then is the file checked, instead
// of reading every page of a large library at every open.

func (ix *Index) startSession(ctx context.Context) error {
	host, _ := os.Hostname()
	rows, err := ix.db.QueryContext(ctx, `SELECT id, host, pid FROM sessions`)
	if err != nil {
		return classify(err)
	}
	for rows.Next() {
		var id, pid int64
		var h string
		if err := rows.Scan(&id, &h, &pid); err != nil {
			rows.Close()
			return classify(err)
		}
		// A session on another machine (a library on a shared drive) cannot
		// be asked; it is judged when that machine opens the library.
		if h == host && !platform.ProcessAlive(int(pid)) {
			ix.unclean = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return classify(err)
	}
	res, err := ix.db.ExecContext(ctx, `INSERT INTO sessions(host, pid, started) VALUES(?, ?, ?)`, host, os.Getpid(), time.Now().Unix())
	if err != nil {
		return classify(err)
	}
	if ix.sessionID, err = res.LastInsertId(); err != nil {
		return err
	}
	// Which Folio last wrote the file, for a newer or older release that
	// opens it (and for a person reading a bug report).
	_, err = ix.db.ExecContext(ctx, `INSERT INTO settings(key, value) VALUES(?, ?)
		ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value != excluded.value`, WrittenBySetting, WriterVersion)
	return classify(err)
}

// WriterVersion is the Folio release that writes with this process,
// recorded in every library it opens for writing. The program sets it at
// start, before opening a library.
var WriterVersion = "dev"

// WrittenBySetting is the setting that holds the WriterVersion of the
// last process that opened the library for writing.
const WrittenBySetting = "folio.written_by"

// Unclean reports that a process which wrote to the library ended without
// closing it; CheckUnclean verifies the file.
func (ix *Index) Unclean() bool { return ix.unclean }

// CheckUnclean runs a quick check when the library was not closed cleanly,
// and forgets the dead sessions once the file is found sound. A window
// runs it in the background; the command line before it writes.
func (ix *Index) CheckUnclean(ctx context.Context) error {
	if !ix.unclean {
		return nil
	}
	if err := ix.QuickCheck(ctx); err != nil {
		return err
	}
	host, _ := os.Hostname()
	rows, err := ix.db.QueryContext(ctx, `SELECT id, pid FROM sessions WHERE host = ? AND id != ?`, host, ix.sessionID)
	if err != nil {
		return classify(err)
	}
	var dead []int64
	for rows.Next() {
		var id, pid int64
		if err := rows.Scan(&id, &pid); err != nil {
			rows.Close()
			return classify(err)
		}
		if !platform.ProcessAlive(int(pid)) {
			dead = append(dead, id)
		}
	}
	rows.Close()
	for _, id := range dead {
		if _, err := ix.db.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, id); err != nil {
			return fmt.Errorf("forget ended sessions: %w", classify(err))
		}
	}
	ix.unclean = false
	return nil
}
