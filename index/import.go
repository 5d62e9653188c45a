package index

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"folio/chunker"
	"folio/files"
	"folio/index/analyze"
)

// Progress reports an import as it runs.
type Progress struct {
	Folder     string
	FilesDone  int
	FilesTotal int
	BytesDone  int64
	BytesTotal int64
	Current    string       // relative path of the file just handled
	Skipped    []files.Skip // all skipped so far
}

// Summary says what an import changed.
type Summary struct {
	Folders   int
	Files     int // Markdown files seen
	Added     int
	Updated   int
	Removed   int
	Unchanged int
	Skipped   []files.Skip
	Chunks    int // chunks written
	Bytes     int64
	Elapsed   time.Duration
	Cancelled bool
	// Warnings name files indexed with a reservation (invalid UTF-8
	// replaced, a long run of data left out), and what it was.
	Warnings []files.Skip
	// Offline lists folders whose root could not be read (Path is the
	// folder): their documents were kept.
	Offline []files.Skip
}

// ImportOptions control an import.
type ImportOptions struct {
	Chunking chunker.Options // zero value: the library's settings
	Workers  int             // parse/chunk goroutines; 0: one per CPU
	Progress func(Progress)  // called after every file, from the import goroutine; keep it quick
	// Split, when set, replaces the structural chunker (evaluations compare
	// fixed-size and whole-file chunking); SplitTag names it, so documents
	// split another way are re-chunked.
	Split    func(sourceID string, data []byte) (*chunker.Document, error)
	SplitTag string
	// Only, when set, limits a scan to these paths of the folder (slash
	// separated, relative to its root; files or subfolders): what a
	// watcher saw change. Files found there are imported if changed, and
	// documents there that are gone are removed; the rest of the folder is
	// neither read nor touched.
	Only []string
}

// known is what the index holds about one document.
type known struct {
	id      int64
	size    int64
	mtime   int64
	hash    string
	chunker string
	chunks  int64
}

// prepared is a file read, hashed, chunked and analysed, ready to write.
type prepared struct {
	file      files.Found
	old       *known
	hash      string
	doc       *chunker.Document
	fts       [][3]string // analysed heading, title, body per chunk
	touch     bool        // content unchanged: only size and mtime change
	skip      string      // reason, when the file cannot be indexed
	warnings  string
	cancelled bool
}

// chunkerTag records the chunker version, its settings and the analyzer
// version a document was indexed with; a change of any re-indexes it on the
// next scan.
func chunkerTag(o chunker.Options) string {
	return fmt.Sprintf("%s max=%d min=%d overlap=%d analyzer=%s", chunker.Version, o.Max, o.Min, o.Overlap, analyze.Version)
}

// AddFolder records dir as a library folder and imports it.
func (ix *Index) AddFolder(ctx context.Context, dir string, opt ImportOptions) (Summary, error) {
	if err := ix.writeCheck(); err != nil {
		return Summary{}, fmt.Errorf("add %s: %w", dir, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Summary{}, fmt.Errorf("add %s: %w", dir, err)
	}
	info, err := os.Stat(abs)
	if err != nil {
		return Summary{}, fmt.Errorf("add %s: %w", dir, err)
	}
	if !info.IsDir() {
		return Summary{}, fmt.Errorf("add %s: not a folder", dir)
	}
	if _, err := ix.db.ExecContext(ctx, `INSERT INTO folders(path, added_at) VALUES(?, ?) ON CONFLICT(path) DO NOTHING`,
		abs, time.Now().Unix()); err != nil {
		return Summary{}, fmt.Errorf("add %s: %w", dir, classify(err))
	}
	return ix.scanFolder(ctx, abs, opt)
}

// Scan re-imports every folder of the library: new and changed files are
// indexed, deleted files removed, unchanged files cost a stat. A folder
// that cannot be read is reported in Summary.Offline and keeps its
// documents; the other folders are scanned.
func (ix *Index) Scan(ctx context.Context, opt ImportOptions) (Summary, error) {
	folders, err := ix.Folders(ctx)
	if err != nil {
		return Summary{}, err
	}
	var total Summary
	start := time.Now()
	for _, f := range folders {
		s, err := ix.scanFolder(ctx, f.Path, opt)
		total.Add(s)
		if errors.Is(err, ErrFolderRemoved) {
			continue // removed elsewhere while this scan ran: nothing to do
		}
		if err != nil {
			return total, err
		}
	}
	total.Elapsed = time.Since(start)
	return total, nil
}

// ScanFolder re-imports one folder already in the library.
func (ix *Index) ScanFolder(ctx context.Context, dir string, opt ImportOptions) (Summary, error) {
	f, err := ix.folderByPath(ctx, dir)
	if errors.Is(err, ErrUnknownFolder) {
		return Summary{}, fmt.Errorf("scan %s: %w", dir, ErrFolderRemoved)
	}
	if err != nil {
		return Summary{}, err
	}
	return ix.scanFolder(ctx, f.Path, opt)
}

// Add accumulates another import's summary (several folders in a row).
func (s *Summary) Add(o Summary) {
	s.Folders += o.Folders
	s.Files += o.Files
	s.Added += o.Added
	s.Updated += o.Updated
	s.Removed += o.Removed
	s.Unchanged += o.Unchanged
	s.Skipped = append(s.Skipped, o.Skipped...)
	s.Warnings = append(s.Warnings, o.Warnings...)
	s.Offline = append(s.Offline, o.Offline...)
	s.Chunks += o.Chunks
	s.Bytes += o.Bytes
	s.Cancelled = s.Cancelled || o.Cancelled
}

// writerIdle is how long the writer keeps a transaction open while no
// prepared file is ready: a slow file never holds the write lock, so other
// programs (another window, `folio remove`) get their turn.
const writerIdle = 20 * time.Millisecond

func (ix *Index) scanFolder(ctx context.Context, root string, opt ImportOptions) (Summary, error) {
	start := time.Now()
	sum := Summary{Folders: 1}
	if err := ix.writeCheck(); err != nil {
		return sum, fmt.Errorf("scan %s: %w", root, err)
	}
	if opt.Chunking == (chunker.Options{}) {
		var err error
		if opt.Chunking, err = ix.ChunkOptions(ctx); err != nil {
			return sum, err
		}
	}
	if err := opt.Chunking.Validate(); err != nil {
		return sum, err
	}
	tag := chunkerTag(opt.Chunking)
	split := func(ctx context.Context, id string, data []byte) (*chunker.Document, error) {
		return chunker.SplitContext(ctx, id, data, opt.Chunking)
	}
	if opt.Split != nil {
		split = func(_ context.Context, id string, data []byte) (*chunker.Document, error) { return opt.Split(id, data) }
		tag = opt.SplitTag
	}
	var folderID int64
	var docCount int
	err := ix.db.QueryRowContext(ctx, `SELECT id, n_documents FROM folders WHERE path = ?`, root).Scan(&folderID, &docCount)
	if errors.Is(err, sql.ErrNoRows) {
		return sum, fmt.Errorf("scan %s: %w", root, ErrFolderRemoved)
	}
	if err != nil {
		return sum, fmt.Errorf("scan %s: %w", root, classify(err))
	}
	only := files.NewScope(opt.Only)
	list, err := files.Walk(ctx, root, only)
	if err == nil && list.Entries == 0 && docCount > 0 {
		err = fmt.Errorf("%w: empty (an unmounted drive or share?)", files.ErrFolderOffline)
	}
	if err != nil {
		switch {
		case ctx.Err() != nil:
			sum.Cancelled = true
			return sum, nil
		case errors.Is(err, files.ErrFolderOffline):
			return ix.markOffline(ctx, folderID, root, err, sum)
		}
		return sum, fmt.Errorf("scan %s: %w", root, err)
	}
	sum.Files = len(list.Files)
	sum.Skipped = list.Skips

	old, err := ix.knownDocuments(ctx, folderID, only)
	if err != nil {
		return sum, fmt.Errorf("scan %s: %w", root, err)
	}
	// Files whose size and time match need no reading at all.
	var todo []files.Found
	var bytesTotal int64
	seen := make(map[string]bool, len(list.Files))
	todoSet := map[string]bool{}
	for _, f := range list.Files {
		seen[f.Rel] = true
		if k, ok := old[f.Rel]; ok && k.size == f.Size && k.mtime == f.Mtime && k.chunker == tag {
			sum.Unchanged++
			continue
		}
		todo = append(todo, f)
		todoSet[f.Rel] = true
		bytesTotal += f.Size
	}
	var gone []int64
	for rel, k := range old {
		if !seen[rel] && !underAny(rel, list.Unreadable) {
			gone = append(gone, k.id)
		}
	}

	progress := Progress{Folder: root, FilesTotal: len(todo), BytesTotal: bytesTotal, Skipped: list.Skips}
	report := func() {
		if opt.Progress != nil {
			opt.Progress(progress)
		}
	}
	report()

	// The workers stop with the user's cancel, and when this scan returns
	// early on an error (nobody would read their results).
	workCtx, stopWork := context.WithCancel(ctx)
	defer stopWork()
	work := make(chan files.Found)
	results := make(chan prepared, 64)
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				select {
				case results <- prepare(workCtx, f, old[f.Rel], split, tag):
				case <-workCtx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(work)
		for _, f := range todo {
			select {
			case work <- f:
			case <-workCtx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	// Removed text leaves the search index by the cheaper of two ways
	// (purge.go): for a few documents, exact deletes; for many, plain
	// deletes and one merge of the index at the end.
	var deleting int64
	for rel, k := range old {
		if !seen[rel] || todoSet[rel] {
			deleting += k.chunks
		}
	}
	w := &writer{ix: ix, folderID: folderID, tag: tag, purge: ix.choosePurge(ctx, deleting)}
	var werr error
	if len(gone) > 0 {
		if werr = w.ensure(ctx); werr == nil {
			werr = w.removeDocuments(gone)
		}
		sum.Removed = len(gone)
	}
	idle := time.NewTimer(writerIdle)
	idle.Stop()
	// A cancel is honoured at once: what was written is committed, and a
	// worker still inside a slow file finishes it in the background
	// without writing anything.
	for werr == nil {
		var p prepared
		var ok bool
		idle.Reset(writerIdle)
		if w.tx == nil {
			idle.Stop()
		}
		select {
		case p, ok = <-results:
			idle.Stop()
		case <-idle.C:
			werr = w.commit()
			continue
		case <-ctx.Done():
		}
		if !ok || ctx.Err() != nil {
			break
		}
		if p.cancelled {
			continue
		}
		progress.FilesDone++
		progress.BytesDone += p.file.Size
		progress.Current = p.file.Rel
		sum.Bytes += p.file.Size
		if werr = w.ensure(ctx); werr != nil {
			continue
		}
		switch {
		case p.skip != "":
			s := files.Skip{Path: p.file.Rel, Reason: p.skip}
			sum.Skipped = append(sum.Skipped, s)
			progress.Skipped = append(progress.Skipped, s)
			werr = w.removeSkipped(p.old)
		case p.touch:
			sum.Unchanged++
			werr = w.touch(p)
		default:
			if p.old == nil {
				sum.Added++
			} else {
				sum.Updated++
			}
			if p.warnings != "" {
				sum.Warnings = append(sum.Warnings, files.Skip{Path: p.file.Rel, Reason: p.warnings})
			}
			sum.Chunks += len(p.doc.Chunks)
			werr = w.write(p)
		}
		if werr == nil {
			werr = w.maybeCommit()
		}
		report()
	}
	if werr == nil && ctx.Err() == nil {
		if werr = w.ensure(ctx); werr == nil {
			werr = w.finishScan(sum.Skipped, only)
		}
	}
	if werr == nil {
		werr = w.commit()
	} else {
		w.rollback()
	}
	report()
	sum.Elapsed = time.Since(start)
	if werr != nil {
		if !ix.folderExists(folderID) {
			werr = ErrFolderRemoved
		}
		return sum, fmt.Errorf("scan %s: %w", root, classify(werr))
	}
	if ctx.Err() != nil {
		sum.Cancelled = true
	}
	// Merge FTS segments when this import rewrote most of the folder's
	// library share (a first import): faster queries, smaller file. Smaller
	// changes are left to FTS5's automerge, so a scan's cost follows what
	// changed, not the library's size.
	optimize := sum.Added+sum.Updated+sum.Removed > 1000 && (sum.Added+sum.Updated+sum.Removed)*2 > docCount+sum.Added && !sum.Cancelled
	if err := ix.finishChanges(context.WithoutCancel(ctx), w.replaced, optimize); err != nil {
		return sum, fmt.Errorf("scan %s: %w", root, err)
	}
	return sum, nil
}

// markOffline records that a folder's root cannot be read; its documents
// stay in the library and searchable.
func (ix *Index) markOffline(ctx context.Context, folderID int64, root string, cause error, sum Summary) (Summary, error) {
	reason := strings.TrimPrefix(cause.Error(), files.ErrFolderOffline.Error()+": ")
	if _, err := ix.db.ExecContext(context.WithoutCancel(ctx), `UPDATE folders SET offline = ? WHERE id = ?`, reason, folderID); err != nil {
		return sum, fmt.Errorf("scan %s: %w", root, classify(err))
	}
	sum.Offline = append(sum.Offline, files.Skip{Path: root, Reason: reason})
	return sum, nil
}

func (ix *Index) folderExists(id int64) bool {
	var n int
	err := ix.db.QueryRow(`SELECT count(*) FROM folders WHERE id = ?`, id).Scan(&n)
	return err != nil || n > 0 // when unsure, do not claim it was removed
}

// underAny reports whether rel lies in one of the folders.
func underAny(rel string, folders []string) bool {
	for _, f := range folders {
		if strings.HasPrefix(rel, f+"/") {
			return true
		}
	}
	return false
}

// knownDocuments reads what the index holds about the folder's documents
// in the scope: for a watcher's few paths, a range of the (folder,
// path) index each, whatever the folder's size.
func (ix *Index) knownDocuments(ctx context.Context, folderID int64, only files.Scope) (map[string]*known, error) {
	out := map[string]*known{}
	read := func(query string, args ...any) error {
		rows, err := ix.db.QueryContext(ctx, `SELECT id, rel_path, size, mtime, hash, chunker, n_chunks FROM documents WHERE folder_id = ?`+query, args...)
		if err != nil {
			return classify(err)
		}
		defer rows.Close()
		for rows.Next() {
			k := &known{}
			var rel string
			if err := rows.Scan(&k.id, &rel, &k.size, &k.mtime, &k.hash, &k.chunker, &k.chunks); err != nil {
				return classify(err)
			}
			out[rel] = k
		}
		return classify(rows.Err())
	}
	if only == nil {
		return out, read("", folderID)
	}
	for _, p := range only {
		// The path itself, and everything under it: from "p/" up to "p0"
		// ('0' follows '/').
		if err := read(` AND (rel_path = ? OR (rel_path > ? AND rel_path < ?))`, folderID, p, p+"/", p+"0"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// prepare does the CPU work for one file outside the writer: read, hash,
// chunk and analyse. A cancel stops it between steps and inside chunking.
func prepare(ctx context.Context, f files.Found, old *known, split func(context.Context, string, []byte) (*chunker.Document, error), tag string) prepared {
	p := prepared{file: f, old: old}
	if ctx.Err() != nil {
		p.cancelled = true
		return p
	}
	data, err := files.ReadRegular(f.Abs)
	if err != nil {
		p.skip = "unreadable: " + files.ErrorWords(err)
		return p
	}
	sum := sha256.Sum256(data)
	p.hash = hex.EncodeToString(sum[:])
	if old != nil && old.hash == p.hash && old.chunker == tag {
		p.touch = true
		return p
	}
	doc, err := split(ctx, f.Rel, data)
	if ctx.Err() != nil {
		p.cancelled = true
		return p
	}
	if err != nil {
		p.skip = err.Error()
		return p
	}
	p.doc = doc
	p.warnings = documentWarnings(doc)
	p.fts = make([][3]string, len(doc.Chunks))
	for i, c := range doc.Chunks {
		if i%64 == 0 && ctx.Err() != nil {
			p.cancelled = true
			return p
		}
		p.fts[i] = ftsColumns(c.Path, doc.Title, c.Text)
	}
	return p
}

// documentWarnings says what of a file could not be indexed as it is.
func documentWarnings(doc *chunker.Document) string {
	var w []string
	if doc.InvalidBytes > 0 {
		w = append(w, fmt.Sprintf("%d invalid UTF-8 bytes replaced", doc.InvalidBytes))
	}
	for _, o := range doc.Omitted {
		if o.StartLine == o.EndLine {
			w = append(w, fmt.Sprintf("line %d: %s", o.StartLine, o.Reason))
		} else {
			w = append(w, fmt.Sprintf("lines %d-%d: %s", o.StartLine, o.EndLine, o.Reason))
		}
	}
	return strings.Join(w, "; ")
}

// writer is the one goroutine that writes: batched transactions, each
// holding whole documents, so a crash or cancel never leaves half a file.
type writer struct {
	ix         *Index
	folderID   int64
	tag        string
	purge      purgeMode
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
}

const (
	sqlChunksOfDoc  = `SELECT c.id, c.path, c.text, d.title FROM chunks c JOIN documents d ON d.id = c.doc_id WHERE c.doc_id = ?`
	sqlDocByPath    = `SELECT id, n_chunks, size FROM documents WHERE folder_id = ? AND rel_path = ?`
	sqlDocByID      = `SELECT n_chunks, size FROM documents WHERE id = ?`
	sqlDeleteChunks = `DELETE FROM chunks WHERE doc_id = ?`
	sqlDeleteDoc    = `DELETE FROM documents WHERE id = ?`
	sqlInsertDoc    = `INSERT INTO documents(folder_id, rel_path, size, mtime, hash, title, chunker, indexed_at, n_chunks, warnings)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlUpdateDoc = `UPDATE documents SET size = ?, mtime = ?, hash = ?, title = ?, chunker = ?, indexed_at = ?, n_chunks = ?, warnings = ?
		WHERE id = ?`
	sqlTouchDoc    = `UPDATE documents SET mtime = ? WHERE id = ? AND size = ?`
	sqlInsertChunk = `INSERT INTO chunks(doc_id, chunk_id, ordinal, kind, path, section, start_line, end_line, text) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)`
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
	w.tx, w.batchStart, w.now = tx, time.Now(), time.Now().Unix()
	w.stmts = map[string]*sql.Stmt{}
	if err := setPurgeMode(context.Background(), tx, w.purge); err != nil {
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
// transaction (the writer is an execer for deleteFTSRows).
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

func (w *writer) commit() error {
	if w.tx == nil {
		return nil
	}
	if w.dDocs != 0 || w.dChunks != 0 || w.dBytes != 0 {
		if _, err := w.exec(sqlFolderDelta, w.dDocs, w.dChunks, w.dBytes, w.folderID); err != nil {
			w.rollback()
			return err
		}
	}
	err := w.tx.Commit()
	w.tx, w.pending = nil, 0
	w.dDocs, w.dChunks, w.dBytes = 0, 0, 0
	return err
}

func (w *writer) rollback() {
	if w.tx != nil {
		w.tx.Rollback()
		w.tx = nil
	}
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

// deleteChunks removes a document's chunks and their FTS rows.
func (w *writer) deleteChunks(docID int64) error {
	n, err := deleteFTSRows(context.Background(), w, sqlChunksOfDoc, docID)
	if err != nil || n == 0 {
		return err
	}
	w.replaced = true
	_, err = w.exec(sqlDeleteChunks, docID)
	return err
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
		if _, err := w.exec(sqlUpdateDoc, p.file.Size, p.file.Mtime, p.hash, p.doc.Title, w.tag, w.now, len(p.doc.Chunks), p.warnings, docID); err != nil {
			return err
		}
		w.dChunks += int64(len(p.doc.Chunks)) - oldChunks
		w.dBytes += p.file.Size - oldSize
	case errors.Is(err, sql.ErrNoRows):
		res, err := w.exec(sqlInsertDoc, w.folderID, p.file.Rel, p.file.Size, p.file.Mtime, p.hash, p.doc.Title, w.tag, w.now, len(p.doc.Chunks), p.warnings)
		if err != nil {
			return err
		}
		if docID, err = res.LastInsertId(); err != nil {
			return err
		}
		w.dDocs++
		w.dChunks += int64(len(p.doc.Chunks))
		w.dBytes += p.file.Size
	default:
		return err
	}
	for i, c := range p.doc.Chunks {
		res, err := w.exec(sqlInsertChunk, docID, c.ID, c.Ordinal, string(c.Kind), joinPath(c.Path), c.Section, c.StartLine, c.EndLine, c.Text)
		if err != nil {
			return err
		}
		rowID, err := res.LastInsertId()
		if err != nil {
			return err
		}
		if _, err := w.exec(sqlInsertFTS, rowID, p.fts[i][0], p.fts[i][1], p.fts[i][2]); err != nil {
			return err
		}
	}
	return nil
}

// pathSep joins heading paths in the chunks table; it cannot occur in a
// heading, and it sorts below every printable character, so a LIKE on a
// prefix of the joined path matches exactly the sub-sections.
const pathSep = "\x1f"

func joinPath(p []string) string { return strings.Join(p, pathSep) }

func splitPath(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, pathSep)
}
