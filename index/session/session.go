// Package session keeps the library's writing sessions: one row per
// process that opened the library for writing, recorded at open and
// deleted at close, so a row left behind by a process that no longer runs
// means the library was not closed cleanly (a crash, a kill, a power cut):
// only then is the file checked, instead of reading every page of a large
// library at every open.
package session

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"time"

	"folio/index/dberr"
	"folio/index/platform"
)

// Start records this process's session and the Folio release writing
// (under the setting writtenBy). unclean reports a session of this host
// whose process no longer runs; a session on another machine (a library
// on a shared drive) cannot be asked, and is judged when that machine
// opens the library.
func Start(ctx context.Context, db *sql.DB, writtenBy, version string) (id int64, unclean bool, err error) {
	host, _ := os.Hostname()
	ended, err := endedOn(ctx, db, host, 0)
	if err != nil {
		return 0, false, err
	}
	res, err := db.ExecContext(ctx, `INSERT INTO sessions(host, pid, started) VALUES(?, ?, ?)`, host, os.Getpid(), time.Now().Unix())
	if err != nil {
		return 0, false, dberr.Classify(err)
	}
	if id, err = res.LastInsertId(); err != nil {
		return 0, false, err
	}
	// Which Folio last wrote the file, for a newer or older release that
	// opens it (and for a person reading a bug report).
	_, err = db.ExecContext(ctx, `INSERT INTO settings(key, value) VALUES(?, ?)
		ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value != excluded.value`, writtenBy, version)
	return id, len(ended) > 0, dberr.Classify(err)
}

// ForgetEnded deletes the sessions of this host's ended processes, once
// the file they left is found sound.
func ForgetEnded(ctx context.Context, db *sql.DB, own int64) error {
	host, _ := os.Hostname()
	ended, err := endedOn(ctx, db, host, own)
	if err != nil {
		return err
	}
	for _, id := range ended {
		if _, err := db.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, id); err != nil {
			return fmt.Errorf("forget ended sessions: %w", dberr.Classify(err))
		}
	}
	return nil
}

// End deletes this process's session: the library was closed cleanly.
func End(db *sql.DB, id int64) {
	if id != 0 {
		db.Exec(`DELETE FROM sessions WHERE id = ?`, id)
	}
}

// endedOn is the sessions of host, other than own, whose process no
// longer runs.
func endedOn(ctx context.Context, db *sql.DB, host string, own int64) ([]int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, pid FROM sessions WHERE host = ? AND id != ?`, host, own)
	if err != nil {
		return nil, dberr.Classify(err)
	}
	defer rows.Close()
	var ended []int64
	for rows.Next() {
		var id, pid int64
		if err := rows.Scan(&id, &pid); err != nil {
			return nil, dberr.Classify(err)
		}
		if !platform.ProcessAlive(int(pid)) {
			ended = append(ended, id)
		}
	}
	return ended, dberr.Classify(rows.Err())
}
