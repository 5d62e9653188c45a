package index

import (
	"context"
	"database/sql"
	"fmt"
)

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

type purgeMode int

const (
	purgeExact purgeMode = iota
	purgeMerge
)

// mergeRatio is the cost of an exact delete over the cost per chunk of a
// merge: measured between 45 and 150 (README). Near the middle, a wrong
// guess costs at most about twice the better way.
const mergeRatio = 80

// choosePurge picks the way for an operation that deletes this many
// chunks.
func (ix *Index) choosePurge(ctx context.Context, deleting int64) purgeMode {
	if deleting == 0 {
		return purgeExact
	}
	var total int64
	if err := ix.db.QueryRowContext(ctx, `SELECT coalesce(sum(n_chunks), 0) FROM folders`).Scan(&total); err != nil {
		return purgeExact // slower, never wrong
	}
	if deleting*mergeRatio > total {
		return purgeMerge
	}
	return purgeExact
}

// setPurgeMode prepares a write transaction: FTS5's secure-delete for
// exact deletes, or plain deletes with the merge recorded as owed.
func setPurgeMode(ctx context.Context, tx *sql.Tx, mode purgeMode) error {
	secure := 1
	if mode == purgeMerge {
		secure = 0
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO settings(key, value) VALUES('fts.purge_pending', '1')`); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO chunks_fts(chunks_fts, rank) VALUES('secure-delete', ?)`, secure)
	return err
}

// finishChanges ends an operation that changed the library: an owed merge
// is made (or asked for, optimize), and when text was removed or replaced
// the journal is written back and truncated.
func (ix *Index) finishChanges(ctx context.Context, replaced, optimize bool) error {
	var pending int
	if err := ix.db.QueryRowContext(ctx, `SELECT count(*) FROM settings WHERE key = 'fts.purge_pending'`).Scan(&pending); err != nil {
		return classify(err)
	}
	if pending > 0 || optimize {
		if err := ix.mergeFTS(ctx); err != nil {
			return err
		}
	}
	if replaced || pending > 0 {
		ix.checkpoint()
	}
	return nil
}

// mergeFTS rewrites the search index into one segment without deleted
// rows, and goes back to exact deletes.
func (ix *Index) mergeFTS(ctx context.Context) error {
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return classify(err)
	}
	defer tx.Rollback()
	for _, q := range []string{
		`INSERT INTO chunks_fts(chunks_fts) VALUES('optimize')`,
		`INSERT INTO chunks_fts(chunks_fts, rank) VALUES('secure-delete', 1)`,
		`DELETE FROM settings WHERE key = 'fts.purge_pending'`,
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("merge the search index: %w", classify(err))
		}
	}
	return classify(tx.Commit())
}
