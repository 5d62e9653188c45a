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
	"folio/index/fts"
	"folio/index/schema"
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
	// separated, relative to its root; files or subfolders): what a watcher
	// saw change. Files found there are imported if changed, documents there
	// that are gone removed; the rest of the folder is neither read nor touched.
	Only    []string
	scanAll bool // a folder of Scan, which merges once after them all (fts.MergeDue)
}

// known is what the index holds about one document.
type known struct {
	id, size, mtime int64
	hash            string
	chunker         string
	chunks          int64
	meta            int    // chunker.MetaVersion its metadata was read with
	aliases         string // as stored (joined)
	listed, reread  bool   // by scanPlan.diff: its file is listed, and to be re-chunked
}

// prepared is a file read, hashed, chunked and analysed, ready to write.
type prepared struct {
	file      files.Found
	old       *known
	hash      string
	doc       *chunker.Document
	fts       [][3]string // analysed heading, title, body per chunk
	touch     bool        // content unchanged: only size and mtime change
	metaOnly  bool        // content unchanged, metadata read anew (doc holds it; chunks are not written)
	skip      string      // reason, when the file cannot be indexed
	keep      bool        // … for now: its old document stays (a hung read)
	warnings  string
	cancelled bool
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
	opt.scanAll = true
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
	err = ix.finishChanges(context.WithoutCancel(ctx), false, 0, total.Chunks > 0 && !total.Cancelled)
	total.Elapsed = time.Since(start)
	return total, err
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

// A scan runs in three steps: planScan lists the folder and decides what
// to read and remove; the pipeline prepares files on several goroutines
// (prepareAll) while one writer stores them (writeAll); finish commits
// what was written and records the scan.
func (ix *Index) scanFolder(ctx context.Context, root string, opt ImportOptions) (Summary, error) {
	start := time.Now()
	sum := Summary{Folders: 1}
	if err := ix.writeCheck(); err != nil {
		return sum, fmt.Errorf("scan %s: %w", root, err)
	}
	plan, err := ix.planScan(ctx, root, opt, &sum)
	if plan == nil || err != nil {
		return sum, err
	}
	s := &scan{scanPlan: plan, whole: opt.Only == nil && !opt.scanAll, ix: ix, sum: sum, onProgress: opt.Progress,
		progress: Progress{Folder: root, FilesTotal: len(plan.todo), BytesTotal: plan.bytes, Skipped: sum.Skipped}}
	s.report()

	// The workers stop with the user's cancel, and when this scan returns
	// early on an error (nobody would read their results).
	workCtx, stopWork := context.WithCancel(ctx)
	defer stopWork()
	results := prepareAll(workCtx, plan, opt.Workers)
	s.w = &writer{ix: ix, folderID: plan.folderID, tag: plan.tag, purge: fts.ChoosePurge(ctx, ix.db, plan.deleting)}
	err = s.writeAll(ctx, results)
	return s.finish(ctx, err, start)
}

// splitFunc chunks one file's data.
type splitFunc func(ctx context.Context, id string, data []byte) (*chunker.Document, error)

// scanPlan is what a scan of one folder does, decided before any file is
// read.
type scanPlan struct {
	root     string
	folderID int64
	docCount int // the folder's documents before the scan
	only     files.Scope
	split    splitFunc
	tag      string
	old      map[string]*known // what the index holds in the scope
	todo     []files.Found     // new or changed files, to prepare
	bytes    int64             // the size of todo
	gone     []int64           // documents whose file is gone
	deleting int64             // chunks the scan removes or replaces
}

// planScan lists root and compares it with the index. A nil plan and no
// error mean the scan ends here, cancelled while listing or the folder
// offline, and sum says so. sum gets the listing's figures and the
// unchanged files.
func (ix *Index) planScan(ctx context.Context, root string, opt ImportOptions, sum *Summary) (*scanPlan, error) {
	p := &scanPlan{root: root}
	var err error
	if p.split, p.tag, err = ix.splitter(ctx, opt); err != nil {
		return nil, err
	}
	err = ix.db.QueryRowContext(ctx, `SELECT id, n_documents FROM folders WHERE path = ?`, root).Scan(&p.folderID, &p.docCount)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("scan %s: %w", root, ErrFolderRemoved)
	}
	if err != nil {
		return nil, fmt.Errorf("scan %s: %w", root, classify(err))
	}
	p.only = files.NewScope(opt.Only)
	list, err := files.Walk(ctx, root, p.only)
	// An empty root that held notes is offline (an unmounted drive leaves
	// an empty mount point) unless it is the same folder as last time.
	if err == nil && list.Entries == 0 && p.docCount > 0 && !ix.emptiedHere(ctx, p.folderID, root) {
		err = fmt.Errorf("%w: empty (an unmounted drive or share?)", files.ErrFolderOffline)
	}
	if err == nil && ctx.Err() == nil {
		err = ix.recordRoot(ctx, p.folderID, root)
	}
	if err != nil {
		switch {
		case ctx.Err() != nil:
			sum.Cancelled = true
			return nil, nil
		case errors.Is(err, files.ErrFolderOffline):
			*sum, err = ix.markOffline(ctx, p.folderID, root, err, *sum)
			return nil, err
		}
		return nil, fmt.Errorf("scan %s: %w", root, err)
	}
	sum.Files = len(list.Files)
	sum.Skipped = list.Skips
	if p.old, err = ix.knownDocuments(ctx, p.folderID, p.only); err != nil {
		return nil, fmt.Errorf("scan %s: %w", root, err)
	}
	p.diff(list, sum)
	return p, nil
}

// splitter is how this scan chunks files, and the tag its documents
// record: the library's chunker settings unless opt gives others, or
// opt's own split function.
func (ix *Index) splitter(ctx context.Context, opt ImportOptions) (splitFunc, string, error) {
	if opt.Chunking == (chunker.Options{}) {
		var err error
		if opt.Chunking, err = ix.ChunkOptions(ctx); err != nil {
			return nil, "", err
		}
	}
	if err := opt.Chunking.Validate(); err != nil {
		return nil, "", err
	}
	if opt.Split != nil {
		return func(_ context.Context, id string, data []byte) (*chunker.Document, error) { return opt.Split(id, data) }, opt.SplitTag, nil
	}
	return func(ctx context.Context, id string, data []byte) (*chunker.Document, error) {
		return chunker.SplitContext(ctx, id, data, opt.Chunking)
	}, schema.ChunkerTag(opt.Chunking), nil
}

// diff sorts the listing against the index. Files whose size and time
// match need no reading at all; a document whose file is gone is removed,
// unless its sub-folder merely could not be read. The listing is filtered
// in place and known documents marked (sets of every path: 74 MB at 1M).
func (p *scanPlan) diff(list *files.Listing, sum *Summary) {
	p.todo = list.Files[:0]
	for _, f := range list.Files {
		k, ok := p.old[f.Rel]
		if ok {
			k.listed, k.reread = true, true
		}
		if ok && k.size == f.Size && k.mtime == f.Mtime && k.chunker == p.tag {
			k.reread = false
			if k.meta >= chunker.MetaVersion {
				sum.Unchanged++
				continue
			}
			// Read by an older Folio: its metadata is read now, its chunks stay.
			p.todo = append(p.todo, f)
			p.bytes += f.Size
			continue
		}
		p.todo = append(p.todo, f)
		p.bytes += f.Size
	}
	for rel, k := range p.old {
		if !k.listed && !underAny(rel, list.Unreadable) {
			p.gone = append(p.gone, k.id)
		}
		// Removed text leaves the index the cheaper way (purge.go): exact
		// deletes for a few documents, plain ones and a merge for many.
		if !k.listed || k.reread {
			p.deleting += k.chunks
		}
	}
}

// prepareAll prepares the plan's files on workers goroutines (one per CPU
// when 0) and delivers them, closing the channel when all are done or ctx
// ends.
func prepareAll(ctx context.Context, p *scanPlan, workers int) <-chan prepared {
	work := make(chan files.Found)
	results := make(chan prepared, 64)
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
				case results <- prepare(ctx, f, p.old[f.Rel], p.split, p.tag):
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(work)
		for _, f := range p.todo {
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
	return results
}

// scan is one scan under way: its plan, the writer, and the figures it
// reports.
type scan struct {
	*scanPlan
	whole      bool // a scan of a whole folder, which may merge after (fts.MergeDue)
	ix         *Index
	w          *writer
	sum        Summary
	progress   Progress
	onProgress func(Progress)
}

func (s *scan) report() {
	if s.onProgress != nil {
		s.onProgress(s.progress)
	}
}

// writeAll removes the gone documents, then writes prepared files as they
// arrive, committing when a batch is full or no file is ready. A cancel is
// honoured at once: what was written is committed (by finish), and a
// worker still inside a slow file finishes it in the background without
// writing anything.
func (s *scan) writeAll(ctx context.Context, results <-chan prepared) error {
	var err error
	if len(s.gone) > 0 {
		if err = s.w.ensure(ctx); err == nil {
			err = s.w.removeDocuments(s.gone)
		}
		s.sum.Removed = len(s.gone)
	}
	idle := time.NewTimer(writerIdle)
	idle.Stop()
	for err == nil {
		var p prepared
		var ok bool
		idle.Reset(writerIdle)
		if s.w.tx == nil {
			idle.Stop()
		}
		select {
		case p, ok = <-results:
			idle.Stop()
		case <-idle.C:
			err = s.w.commit()
			continue
		case <-ctx.Done():
		}
		if !ok || ctx.Err() != nil {
			break
		}
		if p.cancelled {
			continue
		}
		err = s.add(ctx, p)
	}
	return err
}

// add counts one prepared file, writes it and reports progress.
func (s *scan) add(ctx context.Context, p prepared) error {
	s.progress.FilesDone++
	s.progress.BytesDone += p.file.Size
	s.progress.Current = p.file.Rel
	s.sum.Bytes += p.file.Size
	if err := s.w.ensure(ctx); err != nil {
		return err // the scan fails: nothing more to report
	}
	var err error
	switch {
	case p.skip != "":
		sk := files.Skip{Path: p.file.Rel, Reason: p.skip}
		s.sum.Skipped = append(s.sum.Skipped, sk)
		s.progress.Skipped = append(s.progress.Skipped, sk)
		if !p.keep {
			err = s.w.removeSkipped(p.old)
		}
	case p.touch:
		s.sum.Unchanged++
		err = s.w.touch(p)
	case p.metaOnly:
		s.sum.Unchanged++
		err = s.w.updateMeta(p)
	default:
		if p.old == nil {
			s.sum.Added++
		} else {
			s.sum.Updated++
		}
		if p.warnings != "" {
			s.sum.Warnings = append(s.sum.Warnings, files.Skip{Path: p.file.Rel, Reason: p.warnings})
		}
		s.sum.Chunks += len(p.doc.Chunks)
		err = s.w.write(p)
	}
	if err == nil {
		err = s.w.maybeCommit()
	}
	s.report()
	return err
}

// finish ends the scan after writeAll returned werr. A scan that ran to
// its end replaces the folder's skips and records its time; the last
// batch commits, or after an error rolls back.
func (s *scan) finish(ctx context.Context, werr error, start time.Time) (Summary, error) {
	if werr == nil && ctx.Err() == nil {
		if werr = s.w.ensure(ctx); werr == nil {
			werr = s.w.finishScan(s.sum.Skipped, s.only)
		}
	}
	if werr == nil {
		werr = s.w.commit()
	} else {
		s.w.rollback()
	}
	s.report()
	sum := s.sum
	sum.Elapsed = time.Since(start)
	if werr != nil {
		if !s.ix.folderExists(s.folderID) {
			werr = ErrFolderRemoved
		}
		return sum, fmt.Errorf("scan %s: %w", s.root, classify(werr))
	}
	sum.Cancelled = sum.Cancelled || ctx.Err() != nil
	written := sum.Chunks // a cancel waits for no merge: the next scan makes it
	if sum.Cancelled {
		written = 0
	}
	if err := s.ix.finishChanges(context.WithoutCancel(ctx), s.w.replaced, written, s.whole && written > 0); err != nil {
		return sum, fmt.Errorf("scan %s: %w", s.root, err)
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
		rows, err := ix.db.QueryContext(ctx, `SELECT id, rel_path, size, mtime, hash, chunker, n_chunks, meta, aliases FROM documents WHERE folder_id = ?`+query, args...)
		if err != nil {
			return classify(err)
		}
		defer rows.Close()
		for rows.Next() {
			k := &known{}
			var rel string
			if err := rows.Scan(&k.id, &rel, &k.size, &k.mtime, &k.hash, &k.chunker, &k.chunks, &k.meta, &k.aliases); err != nil {
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

// readTimeout is how long a scan waits for one file before it skips it
// as too slow to read (a 20 MB note from a slow share takes a few
// seconds); tests shorten it.
var readTimeout = 15 * time.Second

// prepare does the CPU work for one file outside the writer: read, hash,
// chunk and analyse. A cancel stops it between steps and inside chunking.
func prepare(ctx context.Context, f files.Found, old *known, split func(context.Context, string, []byte) (*chunker.Document, error), tag string) prepared {
	p := prepared{file: f, old: old}
	if ctx.Err() != nil {
		p.cancelled = true
		return p
	}
	data, err := files.ReadListedWithin(ctx, f, readTimeout)
	switch {
	case ctx.Err() != nil:
		p.cancelled = true
		return p
	case errors.Is(err, files.ErrTooSlow):
		p.skip, p.keep = err.Error(), true
		return p
	case err != nil:
		p.skip = "unreadable: " + files.ErrorWords(err)
		return p
	}
	sum := sha256.Sum256(data)
	p.hash = hex.EncodeToString(sum[:])
	if old != nil && old.hash == p.hash && old.chunker == tag && old.meta >= chunker.MetaVersion {
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
	p.warnings = doc.Warnings()
	if old != nil && old.hash == p.hash && old.chunker == tag {
		p.metaOnly = true // the same chunks: only what the note says of itself is new
		return p
	}
	title := schema.FTSTitle(doc.Title, doc.Meta.Aliases)
	p.fts = make([][3]string, len(doc.Chunks))
	for i, c := range doc.Chunks {
		if i%64 == 0 && ctx.Err() != nil {
			p.cancelled = true
			return p
		}
		p.fts[i] = fts.Columns(c.Path, title, c.Text)
	}
	return p
}
