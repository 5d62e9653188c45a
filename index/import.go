package index

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"folio/chunker"
	"folio/index/analyze"
)

// MaxFileSize is the largest file imported; larger ones are skipped with a
// reason (a 20 MB "note" is an export or a log, not a document).
const MaxFileSize = 20 << 20

// Skip is a file left out of the index and why.
type Skip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Progress reports an import as it runs.
type Progress struct {
	Folder     string
	FilesDone  int
	FilesTotal int
	BytesDone  int64
	BytesTotal int64
	Current    string // relative path of the file just handled
	Skipped    []Skip // all skipped so far
}

// Summary says what an import changed.
type Summary struct {
	Folders   int
	Files     int // Markdown files seen
	Added     int
	Updated   int
	Removed   int
	Unchanged int
	Skipped   []Skip
	Chunks    int // chunks written
	Bytes     int64
	Elapsed   time.Duration
	Cancelled bool
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
}

// markdownExt reports the extensions Folio indexes.
func markdownExt(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}

type foundFile struct {
	rel   string
	abs   string
	size  int64
	mtime int64
}

// walk lists the Markdown files under root. It follows symbolic links to
// folders once (a link back up the tree is a loop and is skipped), never
// enters hidden folders or node_modules, and records why a file is skipped.
func walk(ctx context.Context, root string) ([]foundFile, []Skip, error) {
	var files []foundFile
	var skips []Skip
	visited := map[string]bool{}
	var visit func(dir, rel string) error
	visit = func(dir, rel string) error {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			skips = append(skips, Skip{rel, "unreadable folder: " + err.Error()})
			return nil
		}
		if visited[real] {
			skips = append(skips, Skip{rel, "symbolic link loop"})
			return nil
		}
		visited[real] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			if rel == "" {
				return err
			}
			skips = append(skips, Skip{rel, "unreadable folder: " + errors.Unwrap(err).Error()})
			return nil
		}
		for _, e := range entries {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := e.Name()
			abs := filepath.Join(dir, name)
			childRel := filepath.ToSlash(filepath.Join(rel, name))
			info, err := e.Info()
			if err != nil {
				skips = append(skips, Skip{childRel, "unreadable: " + err.Error()})
				continue
			}
			if info.Mode()&fs.ModeSymlink != 0 {
				if info, err = os.Stat(abs); err != nil {
					if markdownExt(name) {
						skips = append(skips, Skip{childRel, "broken symbolic link"})
					}
					continue
				}
			}
			if info.IsDir() {
				if strings.HasPrefix(name, ".") || name == "node_modules" {
					continue
				}
				if err := visit(abs, childRel); err != nil {
					return err
				}
				continue
			}
			if !markdownExt(name) || !info.Mode().IsRegular() {
				continue
			}
			if strings.HasPrefix(name, ".") {
				continue
			}
			if info.Size() > MaxFileSize {
				skips = append(skips, Skip{childRel, fmt.Sprintf("larger than %d MB", MaxFileSize>>20)})
				continue
			}
			files = append(files, foundFile{rel: childRel, abs: abs, size: info.Size(), mtime: info.ModTime().UnixNano()})
		}
		return nil
	}
	if err := visit(root, ""); err != nil {
		return nil, nil, err
	}
	return files, skips, nil
}

// known is what the index holds about one document.
type known struct {
	id      int64
	size    int64
	mtime   int64
	hash    string
	chunker string
}

// prepared is a file read, hashed, chunked and analysed, ready to write.
type prepared struct {
	file     foundFile
	old      *known
	hash     string
	doc      *chunker.Document
	fts      [][3]string // analysed heading, title, body per chunk
	touch    bool        // content unchanged: only size and mtime change
	skip     string      // reason, when the file cannot be indexed
	warnings string
}

// chunkerTag records the chunker version, its settings and the analyzer
// version a document was indexed with; a change of any re-indexes it on the
// next scan.
func chunkerTag(o chunker.Options) string {
	return fmt.Sprintf("%s max=%d min=%d overlap=%d analyzer=%s", chunker.Version, o.Max, o.Min, o.Overlap, analyze.Version)
}

// AddFolder records dir as a library folder and imports it.
func (ix *Index) AddFolder(ctx context.Context, dir string, opt ImportOptions) (Summary, error) {
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
		return Summary{}, fmt.Errorf("add %s: %w", dir, err)
	}
	return ix.scanFolder(ctx, abs, opt)
}

// Scan re-imports every folder of the library: new and changed files are
// indexed, deleted files removed, unchanged files cost a stat.
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
	s.Chunks += o.Chunks
	s.Bytes += o.Bytes
	s.Cancelled = s.Cancelled || o.Cancelled
}

func (ix *Index) scanFolder(ctx context.Context, root string, opt ImportOptions) (Summary, error) {
	start := time.Now()
	sum := Summary{Folders: 1}
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
	split := func(id string, data []byte) (*chunker.Document, error) { return chunker.Split(id, data, opt.Chunking) }
	if opt.Split != nil {
		split, tag = opt.Split, opt.SplitTag
	}
	var folderID int64
	if err := ix.db.QueryRowContext(ctx, `SELECT id FROM folders WHERE path = ?`, root).Scan(&folderID); err != nil {
		return sum, fmt.Errorf("scan %s: folder not in library: %w", root, err)
	}
	files, skips, err := walk(ctx, root)
	if err != nil {
		if ctx.Err() != nil {
			sum.Cancelled = true
			return sum, nil
		}
		return sum, fmt.Errorf("scan %s: %w", root, err)
	}
	sum.Files = len(files)
	sum.Skipped = skips

	old, err := ix.knownDocuments(ctx, folderID)
	if err != nil {
		return sum, fmt.Errorf("scan %s: %w", root, err)
	}
	// Files whose size and time match need no reading at all.
	var todo []foundFile
	var bytesTotal int64
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		seen[f.rel] = true
		if k, ok := old[f.rel]; ok && k.size == f.size && k.mtime == f.mtime && k.chunker == tag {
			sum.Unchanged++
			continue
		}
		todo = append(todo, f)
		bytesTotal += f.size
	}
	var gone []int64
	for rel, k := range old {
		if !seen[rel] {
			gone = append(gone, k.id)
		}
	}

	progress := Progress{Folder: root, FilesTotal: len(todo), BytesTotal: bytesTotal, Skipped: skips}
	report := func() {
		if opt.Progress != nil {
			opt.Progress(progress)
		}
	}
	report()

	work := make(chan foundFile)
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
				results <- prepare(f, old[f.rel], split, tag)
			}
		}()
	}
	go func() {
		defer close(work)
		for _, f := range todo {
			select {
			case work <- f:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	w := &writer{ix: ix, folderID: folderID}
	werr := w.begin(ctx)
	if werr == nil {
		werr = w.removeDocuments(gone)
		sum.Removed = len(gone)
	}
	for p := range results {
		if werr != nil || ctx.Err() != nil {
			continue // drain the workers
		}
		progress.FilesDone++
		progress.BytesDone += p.file.size
		progress.Current = p.file.rel
		sum.Bytes += p.file.size
		switch {
		case p.skip != "":
			s := Skip{p.file.rel, p.skip}
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
			sum.Chunks += len(p.doc.Chunks)
			werr = w.write(p, tag)
		}
		if werr == nil {
			werr = w.maybeCommit(ctx)
		}
		report()
	}
	if werr == nil && ctx.Err() == nil {
		werr = w.finishSkips(sum.Skipped)
	}
	if werr == nil {
		werr = w.commit()
	} else {
		w.rollback()
	}
	report()
	sum.Elapsed = time.Since(start)
	if werr != nil {
		return sum, fmt.Errorf("scan %s: %w", root, werr)
	}
	if ctx.Err() != nil {
		sum.Cancelled = true
		return sum, nil
	}
	if _, err := ix.db.ExecContext(context.WithoutCancel(ctx), `UPDATE folders SET last_scan = ? WHERE id = ?`, time.Now().Unix(), folderID); err != nil {
		return sum, fmt.Errorf("scan %s: %w", root, err)
	}
	// Merge FTS segments after a large import: faster queries, smaller file.
	if sum.Added+sum.Updated+sum.Removed > 1000 {
		if _, err := ix.db.ExecContext(context.WithoutCancel(ctx), `INSERT INTO chunks_fts(chunks_fts) VALUES('optimize')`); err != nil {
			return sum, fmt.Errorf("optimize: %w", err)
		}
	}
	return sum, nil
}

func (ix *Index) knownDocuments(ctx context.Context, folderID int64) (map[string]*known, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT id, rel_path, size, mtime, hash, chunker FROM documents WHERE folder_id = ?`, folderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]*known{}
	for rows.Next() {
		k := &known{}
		var rel string
		if err := rows.Scan(&k.id, &rel, &k.size, &k.mtime, &k.hash, &k.chunker); err != nil {
			return nil, err
		}
		out[rel] = k
	}
	return out, rows.Err()
}

// prepare does the CPU work for one file outside the writer: read, hash,
// chunk and analyse.
func prepare(f foundFile, old *known, split func(string, []byte) (*chunker.Document, error), tag string) prepared {
	p := prepared{file: f, old: old}
	data, err := os.ReadFile(f.abs)
	if err != nil {
		p.skip = "unreadable: " + errors.Unwrap(err).Error()
		return p
	}
	sum := sha256.Sum256(data)
	p.hash = hex.EncodeToString(sum[:])
	if old != nil && old.hash == p.hash && old.chunker == tag {
		p.touch = true
		return p
	}
	doc, err := split(f.rel, data)
	if err != nil {
		p.skip = err.Error()
		return p
	}
	p.doc = doc
	if doc.InvalidBytes > 0 {
		p.warnings = fmt.Sprintf("%d invalid UTF-8 bytes replaced", doc.InvalidBytes)
	}
	title := analyze.IndexText(doc.Title)
	p.fts = make([][3]string, len(doc.Chunks))
	for i, c := range doc.Chunks {
		p.fts[i] = [3]string{analyze.IndexText(strings.Join(c.Path, " ")), title, analyze.IndexText(c.Text)}
	}
	return p
}

// writer is the one goroutine that writes: batched transactions, each
// holding whole documents, so a crash or cancel never leaves half a file.
type writer struct {
	ix         *Index
	folderID   int64
	tx         *sql.Tx
	stmts      map[string]*sql.Stmt
	pending    int
	batchStart time.Time
	now        int64
}

const (
	sqlDeleteFTS    = `DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE doc_id = ?)`
	sqlDeleteChunks = `DELETE FROM chunks WHERE doc_id = ?`
	sqlDeleteDoc    = `DELETE FROM documents WHERE id = ?`
	sqlInsertDoc    = `INSERT INTO documents(folder_id, rel_path, size, mtime, hash, title, chunker, indexed_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?)`
	sqlUpdateDoc    = `UPDATE documents SET size = ?, mtime = ?, hash = ?, title = ?, chunker = ?, indexed_at = ? WHERE id = ?`
	sqlTouchDoc     = `UPDATE documents SET size = ?, mtime = ? WHERE id = ?`
	sqlInsertChunk  = `INSERT INTO chunks(doc_id, chunk_id, ordinal, kind, path, section, start_line, end_line, text) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlInsertFTS    = `INSERT INTO chunks_fts(rowid, heading, title, body) VALUES(?, ?, ?, ?)`
	sqlRecordSkip   = `INSERT OR REPLACE INTO skipped(folder_id, rel_path, reason) VALUES(?, ?, ?)`
)

func (w *writer) begin(ctx context.Context) error {
	tx, err := w.ix.db.BeginTx(context.WithoutCancel(ctx), nil)
	if err != nil {
		return err
	}
	w.tx, w.batchStart, w.now = tx, time.Now(), time.Now().Unix()
	w.stmts = map[string]*sql.Stmt{}
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
	s, err := w.stmt(q)
	if err != nil {
		return nil, err
	}
	return s.Exec(args...)
}

// maybeCommit ends the batch after enough work, so readers see progress
// and a cancel loses little.
func (w *writer) maybeCommit(ctx context.Context) error {
	w.pending++
	if w.pending < 2000 && time.Since(w.batchStart) < time.Second {
		return nil
	}
	if err := w.commit(); err != nil {
		return err
	}
	return w.begin(ctx)
}

func (w *writer) commit() error {
	if w.tx == nil {
		return nil
	}
	err := w.tx.Commit()
	w.tx, w.pending = nil, 0
	return err
}

func (w *writer) rollback() {
	if w.tx != nil {
		w.tx.Rollback()
		w.tx = nil
	}
}

func (w *writer) removeDocuments(ids []int64) error {
	for _, id := range ids {
		if err := w.deleteChunks(id); err != nil {
			return err
		}
		if _, err := w.exec(sqlDeleteDoc, id); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) deleteChunks(docID int64) error {
	if _, err := w.exec(sqlDeleteFTS, docID); err != nil {
		return err
	}
	_, err := w.exec(sqlDeleteChunks, docID)
	return err
}

func (w *writer) touch(p prepared) error {
	_, err := w.exec(sqlTouchDoc, p.file.size, p.file.mtime, p.old.id)
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

// finishSkips replaces the folder's skip list with this scan's.
func (w *writer) finishSkips(skips []Skip) error {
	if _, err := w.exec(`DELETE FROM skipped WHERE folder_id = ?`, w.folderID); err != nil {
		return err
	}
	for _, s := range skips {
		if _, err := w.exec(sqlRecordSkip, w.folderID, s.Path, s.Reason); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) write(p prepared, tag string) error {
	var docID int64
	if p.old != nil {
		docID = p.old.id
		if err := w.deleteChunks(docID); err != nil {
			return err
		}
		if _, err := w.exec(sqlUpdateDoc, p.file.size, p.file.mtime, p.hash, p.doc.Title, tag, w.now, docID); err != nil {
			return err
		}
	} else {
		res, err := w.exec(sqlInsertDoc, w.folderID, p.file.rel, p.file.size, p.file.mtime, p.hash, p.doc.Title, tag, w.now)
		if err != nil {
			return err
		}
		if docID, err = res.LastInsertId(); err != nil {
			return err
		}
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
