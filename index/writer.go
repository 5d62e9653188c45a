package index

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"folio/files"
	"folio/index/fts"
	"folio/index/meta"
	"folio/index/schema"
)

// writer is the one goroutine that writes: batched transactions, each
// holding whole documents, so a crash or cancel never leaves half a file.
type writer struct {
	ix         *Index
	folderID   int64
	tag        string
	purge      fts.PurgeMode
	tx         *sql.Tx
	stmts      map[string]*sql.Stmt
	pending    int
	batchStart time.Time
	now        int64
	replaced   bool // text was removed or replaced: purge and checkpoint after
	// The folder's counts change by these when the batch commits (kept in
	// Go: a trigger would make every document write open a statement
	// savepoint, and FTS5 flushes its pending rows at each one).
	dDocs, dChunks, dBytes int64
	sample                 *bool // the folder is the sample library (isSample)
	owners                 *fts.OwnerKeys
	lastID                 int64 // the largest chunk id in this transaction; 0 at its start
}

const (
	sqlDocByPath    = `SELECT id, n_chunks, size FROM documents WHERE folder_id = ? AND rel_path = ?`
	sqlDocByID      = `SELECT n_chunks, size FROM documents WHERE id = ?`
	sqlDeleteChunks = `DELETE FROM chunks WHERE doc_id = ?`
	sqlDeleteDoc    = `DELETE FROM documents WHERE id = ?`
	sqlInsertDoc    = `INSERT INTO documents(folder_id, rel_path, size, mtime, hash, title, chunker, indexed_at, n_chunks, warnings, tags, aliases, date, meta)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlUpdateDoc = `UPDATE documents SET size = ?, mtime = ?, hash = ?, title = ?, chunker = ?, indexed_at = ?, n_chunks = ?, warnings = ?,
		tags = ?, aliases = ?, date = ?, meta = ? WHERE id = ?`
	sqlTouchDoc    = `UPDATE documents SET mtime = ? WHERE id = ? AND size = ?`
	sqlInsertChunk = `INSERT INTO chunks(id, doc_id, chunk_id, ordinal, kind, path, section, start_line, end_line, text, canon, twin_key)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlRecordSkip  = `INSERT OR REPLACE INTO skipped(folder_id, rel_path, reason) VALUES(?, ?, ?)`
	sqlFolderDelta = `UPDATE folders SET n_documents = n_documents + ?, n_chunks = n_chunks + ?, n_bytes = n_bytes + ? WHERE id = ?`
)

// ensure opens a transaction if none is open. Transactions are begun
// only when there is something to write.
func (w *writer) ensure(ctx context.Context) error {
	if w.tx != nil {
		return nil
	}
	tx, err := w.ix.db.BeginTx(context.WithoutCancel(ctx), nil)
	if err != nil {
		return err
	}
	w.tx, w.batchStart, w.now, w.lastID = tx, time.Now(), time.Now().Unix(), 0
	w.stmts = map[string]*sql.Stmt{}
	if err := fts.SetPurgeMode(context.Background(), tx, w.purge); err != nil {
		tx.Rollback()
		w.tx = nil
		return err
	}
	return nil
}

func (w *writer) stmt(q string) (*sql.Stmt, error) {
	if s, ok := w.stmts[q]; ok {
		return s, nil
	}
	s, err := w.tx.Prepare(q)
	if err != nil {
		return nil, err
	}
	w.stmts[q] = s
	return s, nil
}

func (w *writer) exec(q string, args ...any) (sql.Result, error) {
	return w.ExecContext(context.Background(), q, args...)
}

// ExecContext and QueryContext run cached statements in the writer's
// transaction (the writer is an fts.Execer).
func (w *writer) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	s, err := w.stmt(q)
	if err != nil {
		return nil, err
	}
	return s.ExecContext(ctx, args...)
}

func (w *writer) queryRow(q string, args ...any) *sql.Row {
	s, err := w.stmt(q)
	if err != nil {
		return w.tx.QueryRow(q, args...) // reports the same error on Scan
	}
	return s.QueryRow(args...)
}

func (w *writer) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	s, err := w.stmt(q)
	if err != nil {
		return nil, err
	}
	return s.QueryContext(ctx, args...)
}

// maybeCommit ends the batch after enough work or time, so readers see
// progress, other writers get a turn and a cancel loses little.
func (w *writer) maybeCommit() error {
	w.pending++
	if w.pending < 2000 && time.Since(w.batchStart) < time.Second {
		return nil
	}
	return w.commit()
}

// CommitFault, when set, is asked before each commit of an import and its
// error fails the commit: tests make the writer fail as a full disk does.
var CommitFault func() error

func (w *writer) commit() error {
	if w.tx == nil {
		return nil
	}
	if CommitFault != nil {
		if err := CommitFault(); err != nil {
			w.rollback()
			return err
		}
	}
	if w.dDocs != 0 || w.dChunks != 0 || w.dBytes != 0 {
		if _, err := w.exec(sqlFolderDelta, w.dDocs, w.dChunks, w.dBytes, w.folderID); err != nil {
			w.rollback()
			return err
		}
	}
	err := w.tx.Commit()
	w.tx, w.pending, w.lastID = nil, 0, 0
	w.dDocs, w.dChunks, w.dBytes = 0, 0, 0
	return err
}

func (w *writer) rollback() {
	if w.tx != nil {
		w.tx.Rollback()
		w.tx = nil
	}
	w.lastID = 0
	w.dDocs, w.dChunks, w.dBytes = 0, 0, 0
}

func (w *writer) removeDocuments(ids []int64) error {
	for _, id := range ids {
		var chunks, size int64
		err := w.queryRow(sqlDocByID, id).Scan(&chunks, &size)
		if errors.Is(err, sql.ErrNoRows) {
			continue // another process removed it meanwhile
		}
		if err != nil {
			return err
		}
		if err := w.deleteChunks(id); err != nil {
			return err
		}
		if _, err := w.exec(sqlDeleteDoc, id); err != nil {
			return err
		}
		w.dDocs, w.dChunks, w.dBytes = w.dDocs-1, w.dChunks-chunks, w.dBytes-size
	}
	return nil
}

// deleteChunks removes a document's chunks and their FTS rows; copies of
// them in other documents get the rows back.
func (w *writer) deleteChunks(docID int64) error {
	n, owned, err := fts.Detach(context.Background(), w, `c.doc_id = ?`, docID)
	if err != nil || n == 0 {
		return err
	}
	w.replaced = true
	if _, err = w.exec(sqlDeleteChunks, docID); err != nil {
		return err
	}
	return fts.Adopt(context.Background(), w, owned)
}

// isSample reports whether the writer's folder is the sample library,
// whose passages are never twins of the user's own (they rank after them).
func (w *writer) isSample() (bool, error) {
	if w.sample == nil {
		var s bool
		if err := w.queryRow(`SELECT sample != 0 FROM folders WHERE id = ?`, w.folderID).Scan(&s); err != nil {
			return false, err
		}
		w.sample = &s
	}
	return *w.sample, nil
}

// touch records a new mtime for a file whose content did not change (its
// hash matched, so its size is the stored one).
func (w *writer) touch(p prepared) error {
	_, err := w.exec(sqlTouchDoc, p.file.Mtime, p.old.id, p.file.Size)
	return err
}

// removeSkipped takes a file that was indexed and is now unreadable or
// binary out of the index, so search never cites text no longer in it.
func (w *writer) removeSkipped(old *known) error {
	if old == nil {
		return nil
	}
	return w.removeDocuments([]int64{old.id})
}

// finishScan replaces the folder's skip list in the scan's scope with the
// scan's and records the time of a whole scan; the folder is online again.
func (w *writer) finishScan(skips []files.Skip, only files.Scope) error {
	if only == nil {
		if _, err := w.exec(`DELETE FROM skipped WHERE folder_id = ?`, w.folderID); err != nil {
			return err
		}
	}
	for _, p := range only {
		if _, err := w.exec(`DELETE FROM skipped WHERE folder_id = ? AND (rel_path = ? OR (rel_path > ? AND rel_path < ?))`,
			w.folderID, p, p+"/", p+"0"); err != nil {
			return err
		}
	}
	for _, s := range skips {
		if _, err := w.exec(sqlRecordSkip, w.folderID, s.Path, s.Reason); err != nil {
			return err
		}
	}
	if only != nil {
		_, err := w.exec(`UPDATE folders SET offline = '' WHERE id = ?`, w.folderID)
		return err
	}
	_, err := w.exec(`UPDATE folders SET last_scan = ?, offline = '' WHERE id = ?`, time.Now().Unix(), w.folderID)
	return err
}

// write replaces one document. It looks the document up inside the write
// transaction: another process may have indexed the same file meanwhile,
// and its chunks go like any older ones.
func (w *writer) write(p prepared) error {
	var docID, oldChunks, oldSize int64
	err := w.queryRow(sqlDocByPath, w.folderID, p.file.Rel).Scan(&docID, &oldChunks, &oldSize)
	switch {
	case err == nil:
		// The old FTS rows go first, while the title they were indexed
		// with is still the stored one.
		if err := w.deleteChunks(docID); err != nil {
			return err
		}
		args := append([]any{p.file.Size, p.file.Mtime, p.hash, p.doc.Title, w.tag, w.now, len(p.doc.Chunks), p.warnings}, meta.Columns(p.doc.Meta)...)
		if _, err := w.exec(sqlUpdateDoc, append(args, docID)...); err != nil {
			return err
		}
		if err := meta.WriteTags(context.Background(), w, docID, p.doc.Meta.Tags, true); err != nil {
			return err
		}
		w.dChunks += int64(len(p.doc.Chunks)) - oldChunks
		w.dBytes += p.file.Size - oldSize
	case errors.Is(err, sql.ErrNoRows):
		args := append([]any{w.folderID, p.file.Rel, p.file.Size, p.file.Mtime, p.hash, p.doc.Title, w.tag, w.now, len(p.doc.Chunks), p.warnings}, meta.Columns(p.doc.Meta)...)
		res, err := w.exec(sqlInsertDoc, args...)
		if err != nil {
			return err
		}
		if docID, err = res.LastInsertId(); err != nil {
			return err
		}
		if err := meta.WriteTags(context.Background(), w, docID, p.doc.Meta.Tags, false); err != nil {
			return err
		}
		w.dDocs++
		w.dChunks += int64(len(p.doc.Chunks))
		w.dBytes += p.file.Size
	default:
		return err
	}
	sample, err := w.isSample()
	if err != nil {
		return err
	}
	title := schema.FTSTitle(p.doc.Title, p.doc.Meta.Aliases)
	if w.owners == nil {
		if w.owners, err = fts.LoadOwnerKeys(context.Background(), w); err != nil {
			return err
		}
	}
	// Row ids are chosen here, as SQLite would (the largest plus one: the
	// transaction is the only writer), so that an owner's canon is written
	// with its row, not by a second statement.
	if w.lastID == 0 {
		if err := w.queryRow(`SELECT coalesce(max(id), 0) FROM chunks`).Scan(&w.lastID); err != nil {
			return err
		}
	}
	for i, c := range p.doc.Chunks {
		w.lastID++
		rowID := w.lastID
		path := schema.JoinPath(c.Path)
		fc := fts.Chunk{ID: rowID, Doc: docID, Path: path, Text: c.Text, Title: title, Sample: sample, Cols: p.fts[i], Key: fts.Key(path, title, c.Text, sample)}
		canon, err := w.owners.Place(context.Background(), w, fc)
		if err != nil {
			return err
		}
		if _, err := w.exec(sqlInsertChunk, rowID, docID, c.ID, c.Ordinal, string(c.Kind), path, c.Section, c.StartLine, c.EndLine, c.Text, canon, fc.Key); err != nil {
			return err
		}
	}
	return nil
}
