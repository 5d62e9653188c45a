package index

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"folio/index/analyze"
	"folio/index/schema"
)

// The FTS table is contentless: it keeps only the index of analysed words,
// not the text. A row is removed with FTS5's 'delete' command, which needs
// the very words that were inserted; they are analysed again from the
// chunk's stored text, heading path and title by ftsColumns, the one
// function both sides use. With secure-delete on, the words leave the
// index at once, so removed text cannot be read back from the file.
//
// Every FTS row is in the terms of one analyser version, recorded in the
// setting fts.analyzer. A Folio with another analyser rebuilds the FTS
// rows from the chunks when it opens the library for writing.

const (
	sqlInsertFTS = `INSERT INTO chunks_fts(rowid, heading, title, body) VALUES(?, ?, ?, ?)`
	sqlDeleteFTS = `INSERT INTO chunks_fts(chunks_fts, rowid, heading, title, body) VALUES('delete', ?, ?, ?, ?)`
)

// ftsColumns is what the FTS table holds for a chunk: its heading path,
// its document's title and its text, analysed.
func ftsColumns(path []string, title, text string) [3]string {
	return [3]string{analyze.IndexText(strings.Join(path, " ")), analyze.IndexText(title), analyze.IndexText(text)}
}

// execer is a transaction or a writer's prepared-statement cache.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// deleteFTSRows removes the FTS rows of the chunks a query selects; the
// query returns c.id, c.path, c.text and schema.FTSTitleSQL.
func deleteFTSRows(ctx context.Context, tx execer, query string, args ...any) (int, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	type row struct {
		id                int64
		path, text, title string
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.path, &r.text, &r.title); err != nil {
			rows.Close()
			return 0, err
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for _, r := range all {
		cols := ftsColumns(schema.SplitPath(r.path), r.title, r.text)
		if _, err := tx.ExecContext(ctx, sqlDeleteFTS, r.id, cols[0], cols[1], cols[2]); err != nil {
			return 0, err
		}
	}
	return len(all), nil
}

// ftsOutdated reports a search index in another analyser's terms, or a
// rebuild that was interrupted.
func (ix *Index) ftsOutdated(ctx context.Context) (bool, error) {
	var analyzer string
	err := ix.db.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM settings WHERE key = 'fts.analyzer'), '')`).Scan(&analyzer)
	if err != nil {
		return false, classify(err)
	}
	return analyzer != analyze.Version, nil
}

// rebuildFTS puts every chunk's FTS row back in this analyser's terms, in
// batches that survive an interruption (fts.rebuild_from says where to go
// on). Documents then count as indexed by this analyser, so the next scan
// does not re-chunk them.
func (ix *Index) rebuildFTS(ctx context.Context) error {
	outdated, err := ix.ftsOutdated(ctx)
	if err != nil || !outdated {
		return err
	}
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return classify(err)
	}
	var from string
	err = tx.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM settings WHERE key = 'fts.rebuild_from'), '')`).Scan(&from)
	if err == nil && from == "" {
		// A new analyser: start over from an empty index.
		from = "0"
		if _, err = tx.ExecContext(ctx, `INSERT INTO chunks_fts(chunks_fts) VALUES('delete-all')`); err == nil {
			_, err = tx.ExecContext(ctx, `INSERT INTO settings(key, value) VALUES('fts.rebuild_from', '0')`)
		}
	}
	if err == nil {
		err = tx.Commit()
	} else {
		tx.Rollback()
	}
	if err != nil {
		return fmt.Errorf("rebuild the search index: %w", classify(err))
	}
	last, _ := strconv.ParseInt(from, 10, 64)
	for {
		next, done, err := ix.rebuildBatch(ctx, last)
		if err != nil {
			return fmt.Errorf("rebuild the search index: %w", classify(err))
		}
		if done {
			return nil
		}
		last = next
	}
}

// rebuildBatch inserts the FTS rows of the next chunks after id last.
func (ix *Index) rebuildBatch(ctx context.Context, last int64) (int64, bool, error) {
	const batch = 5000
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT c.id, c.path, c.text, `+schema.FTSTitleSQL+` FROM chunks c JOIN documents d ON d.id = c.doc_id
		WHERE c.id > ? ORDER BY c.id LIMIT ?`, last, batch)
	if err != nil {
		return 0, false, err
	}
	n := 0
	type row struct {
		id  int64
		fts [3]string
	}
	var all []row
	for rows.Next() {
		var id int64
		var path, text, title string
		if err := rows.Scan(&id, &path, &text, &title); err != nil {
			rows.Close()
			return 0, false, err
		}
		all = append(all, row{id, ftsColumns(schema.SplitPath(path), title, text)})
		n++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, false, err
	}
	for _, r := range all {
		if _, err := tx.ExecContext(ctx, sqlInsertFTS, r.id, r.fts[0], r.fts[1], r.fts[2]); err != nil {
			return 0, false, err
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
		return 0, false, err
	}
	return last, done, tx.Commit()
}
