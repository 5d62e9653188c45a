// Package fts keeps the library's contentless FTS5 table: what a chunk's
// row holds (Columns), inserting, deleting and rebuilding rows, and the two
// ways removed text leaves the index (purge modes, merge), and a search's
// ranked first stage (RankRows). It runs the statements on the connection
// or transaction it is given.
package fts

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"folio/index/analyze"
	"folio/index/dberr"
	"folio/index/schema"
)

// The FTS table is contentless: it keeps only the index of analysed words,
// not the text. A row is removed with FTS5's 'delete' command, which needs
// the very words that were inserted; they are analysed again from the
// chunk's stored text, heading path and title by Columns, the one
// function both sides use. With secure-delete on, the words leave the
// index at once, so removed text cannot be read back from the file.
//
// Every FTS row is in the terms of one analyser version, recorded in the
// setting fts.analyzer. A Folio with another analyser rebuilds the FTS
// rows from the chunks when it opens the library for writing.

const (
	InsertSQL = `INSERT INTO chunks_fts(rowid, heading, title, body) VALUES(?, ?, ?, ?)`
	DeleteSQL = `INSERT INTO chunks_fts(chunks_fts, rowid, heading, title, body) VALUES('delete', ?, ?, ?, ?)`
)

// Columns is what the FTS table holds for a chunk: its heading path,
// its document's title and its text, analysed.
func Columns(path []string, title, text string) [3]string {
	return [3]string{analyze.IndexText(strings.Join(path, " ")), analyze.IndexText(title), analyze.IndexText(text)}
}

// Execer is a transaction or a writer's prepared-statement cache.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Outdated reports a search index in another analyser's terms, or a
// rebuild that was interrupted.
func Outdated(ctx context.Context, db *sql.DB) (bool, error) {
	var analyzer string
	err := db.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM settings WHERE key = 'fts.analyzer'), '')`).Scan(&analyzer)
	if err != nil {
		return false, dberr.Classify(err)
	}
	return analyzer != analyze.Version, nil
}

// Progress hears how far a long step has come: done of total passages
// (total 0 when the step cannot tell).
type Progress func(done, total int64)

// Rebuild puts every chunk's FTS row back in this analyser's terms, in
// batches that survive an interruption (fts.rebuild_from says where to go
// on). Documents then count as indexed by this analyser, so the next scan
// does not re-chunk them. A cancelled ctx stops it between batches.
func Rebuild(ctx context.Context, db *sql.DB, progress Progress) error {
	outdated, err := Outdated(ctx, db)
	if err != nil || !outdated {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return dberr.Classify(err)
	}
	var from string
	err = tx.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM settings WHERE key = 'fts.rebuild_from'), '')`).Scan(&from)
	if err == nil && from == "" {
		// A new analyser: start over from an empty index. Rows inserted
		// in batches leave FTS5 many small segments, which automerge
		// leaves as they are: the rebuilt index owes one merge
		// (fts.purge_pending, made by the upgrade's last step), without
		// which questions were a third slower (p99 27 → 40 ms on all of
		// ../shared/corpus, README Performance).
		from = "0"
		if _, err = tx.ExecContext(ctx, `INSERT INTO chunks_fts(chunks_fts) VALUES('delete-all');
			INSERT INTO near_fts(near_fts) VALUES('delete-all')`); err == nil {
			_, err = tx.ExecContext(ctx, `INSERT INTO settings(key, value) VALUES('fts.rebuild_from', '0');
				INSERT OR REPLACE INTO settings(key, value) VALUES('fts.purge_pending', '1')`)
		}
	}
	if err == nil {
		err = tx.Commit()
	} else {
		tx.Rollback()
	}
	if err != nil {
		return fmt.Errorf("rebuild the search index: %w", dberr.Classify(err))
	}
	last, _ := strconv.ParseInt(from, 10, 64)
	count, err := countOwners(ctx, db, `(c.canon = c.id OR `+NearTwinSQL+`)`, last)
	if err != nil {
		return fmt.Errorf("rebuild the search index: %w", dberr.Classify(err))
	}
	for {
		count.report(progress)
		next, n, done, err := rebuildBatch(ctx, db, last)
		if err != nil {
			return fmt.Errorf("rebuild the search index: %w", dberr.Classify(err))
		}
		count.done += n
		if done {
			count.report(progress)
			return nil
		}
		last = next
	}
}

// counted is a long step's progress in passages.
type counted struct{ done, total int64 }

func (c counted) report(p Progress) {
	if p != nil {
		p(min(c.done, c.total), c.total)
	}
}

// countOwners counts the chunks a step goes through (cond, which may name
// last as ?1) and those of them it went through before an interruption
// (id ≤ last), so a resumed step goes on counting from there.
func countOwners(ctx context.Context, db *sql.DB, cond string, last int64) (counted, error) {
	var c counted
	err := db.QueryRowContext(ctx, `SELECT count(*), count(CASE WHEN c.id <= ?1 THEN 1 END) FROM chunks c WHERE `+cond, last).Scan(&c.total, &c.done)
	return c, err
}

// rebuildBatch inserts the FTS rows of the next chunks after id last.
func rebuildBatch(ctx context.Context, db *sql.DB, last int64) (int64, int64, bool, error) {
	const batch = 5000
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, 0, false, err
	}
	defer tx.Rollback()
	all, err := readRows(ctx, tx, `SELECT c.id, c.path, c.text, `+schema.FTSTitleSQL+`, `+ownerTextSQL+` FROM chunks c JOIN documents d ON d.id = c.doc_id
		WHERE c.id > ? AND (c.canon = c.id OR `+NearTwinSQL+`) ORDER BY c.id LIMIT ?`, last, batch)
	if err != nil {
		return 0, 0, false, err
	}
	n := len(all)
	for _, r := range all {
		if r.owner != "" {
			_, err = tx.ExecContext(ctx, nearInsertSQL, r.id, Edges(r.text, r.owner))
		} else {
			_, err = tx.ExecContext(ctx, InsertSQL, r.id, r.cols[0], r.cols[1], r.cols[2])
		}
		if err != nil {
			return 0, 0, false, err
		}
		last = r.id
	}
	done := n < batch
	if done {
		_, err = tx.ExecContext(ctx, `DELETE FROM settings WHERE key = 'fts.rebuild_from';
			INSERT OR REPLACE INTO settings(key, value) VALUES('fts.analyzer', ?);
			UPDATE documents SET chunker = substr(chunker, 1, instr(chunker, 'analyzer=') + 8) || ? WHERE instr(chunker, 'analyzer=') > 0`,
			analyze.Version, analyze.Version)
	} else {
		_, err = tx.ExecContext(ctx, `UPDATE settings SET value = ? WHERE key = 'fts.rebuild_from'`, strconv.FormatInt(last, 10))
	}
	if err != nil {
		return 0, 0, false, err
	}
	return last, int64(n), done, tx.Commit()
}

// Removed text must leave the search index, not only the chunks table.
// FTS5 offers two ways (BenchmarkPurge measures both):
//
//   - exact: secure-delete on, each deleted row's words are taken out of
//     the index pages at once. 0.3–1.5 ms per chunk deleted (more when the
//     index has many segments), so right for a few documents.
//   - merge: plain deletes (markers, nearly free), then one 'optimize'
//     that rewrites the index without the deleted rows: 6–10 µs per chunk
//     of the whole library, so right when much is deleted.
//
// Each operation takes the cheaper one, so its cost follows what it
// deletes, and a merge never costs more than about 80 exact deletes of
// what was removed. A merge that is owed is recorded (fts.purge_pending)
// in the same transaction as the deletes, so a crash before the merge is
// made good the next time the library is opened for writing.

type PurgeMode int

const (
	Exact PurgeMode = iota // secure deletes
	Merge                  // plain deletes, one merge after
)

// mergeRatio is the cost of an exact delete over the cost per chunk of a
// merge: measured between 45 and 150 (README). Near the middle, a wrong
// guess costs at most about twice the better way.
const mergeRatio = 80

// ChoosePurge picks the way for an operation that deletes this many
// chunks.
func ChoosePurge(ctx context.Context, db *sql.DB, deleting int64) PurgeMode {
	if deleting == 0 {
		return Exact
	}
	var total int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(sum(n_chunks), 0) FROM folders`).Scan(&total); err != nil {
		return Exact // slower, never wrong
	}
	if deleting*mergeRatio > total {
		return Merge
	}
	return Exact
}

// SetPurgeMode prepares a write transaction: FTS5's secure-delete for
// exact deletes, or plain deletes with the merge recorded as owed.
func SetPurgeMode(ctx context.Context, tx *sql.Tx, mode PurgeMode) error {
	secure := 1
	if mode == Merge {
		secure = 0
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO settings(key, value) VALUES('fts.purge_pending', '1')`); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO chunks_fts(chunks_fts, rank) VALUES('secure-delete', ?)`, secure)
	if err == nil {
		_, err = tx.ExecContext(ctx, `INSERT INTO near_fts(near_fts, rank) VALUES('secure-delete', ?)`, secure)
	}
	return err
}

// PurgePending reports a merge that is owed (fts.purge_pending).
func PurgePending(ctx context.Context, db *sql.DB) (bool, error) {
	var pending int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM settings WHERE key = 'fts.purge_pending'`).Scan(&pending); err != nil {
		return false, dberr.Classify(err)
	}
	return pending > 0, nil
}

// MergeAll rewrites the search index into one segment without deleted
// rows, and goes back to exact deletes.
func MergeAll(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return dberr.Classify(err)
	}
	defer tx.Rollback()
	for _, q := range []string{
		`INSERT INTO chunks_fts(chunks_fts) VALUES('optimize')`,
		`INSERT INTO chunks_fts(chunks_fts, rank) VALUES('secure-delete', 1)`,
		`INSERT INTO near_fts(near_fts) VALUES('optimize')`,
		`INSERT INTO near_fts(near_fts, rank) VALUES('secure-delete', 1)`,
		`DELETE FROM settings WHERE key IN ('fts.purge_pending', 'fts.unmerged')`,
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("merge the search index: %w", dberr.Classify(err))
		}
	}
	return dberr.Classify(tx.Commit())
}

type row struct {
	id          int64
	cols        [3]string
	text, owner string
}

// readRows reads chunks (c.id, c.path, c.text, title, a near-twin's
// owner's text) and analyses the others into their FTS columns.
func readRows(ctx context.Context, tx Execer, query string, args ...any) ([]row, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []row
	for rows.Next() {
		r := row{}
		var path, title string
		if err := rows.Scan(&r.id, &path, &r.text, &title, &r.owner); err != nil {
			return nil, err
		}
		if r.owner == "" {
			r.cols = Columns(schema.SplitPath(path), title, r.text)
		}
		all = append(all, r)
	}
	return all, rows.Err()
}
