// Package watch keeps library folders in step with the disk. Each folder is
// watched recursively with fsnotify (the kernel's notifications: no cost
// while nothing changes); changes are gathered into batches per folder and
// handed to a function, usually a scan limited to the changed paths
// (index.ImportOptions.Only). A folder that cannot be watched (the
// system's watch limit, a network share) is scanned every Poll instead, and
// its Status says why.
//
// The package knows nothing of the index: the window and `folio watch`
// both give it their own apply function.
package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"folio/files"
)

// Options tune a Watcher; the zero value means the defaults.
type Options struct {
	Quiet    time.Duration // a batch waits for this much quiet (300 ms)
	MaxWait  time.Duration // … but no longer than this after its first change (2 s)
	Poll     time.Duration // how often a folder that cannot be watched is scanned (1 min)
	MaxPaths int           // past this many changed paths a batch is the whole folder (500)
	// ScanAdded makes a folder that a later Sync adds (another program
	// added it to the library) scanned once it is watched: a note written
	// between that program's import and the watch is not missed. The
	// first list's folders are the caller's to catch up with.
	ScanAdded bool
	// A batch whose apply failed (NewRetrying) is tried again as a scan of
	// its folder after RetryMin (1 s), doubling up to RetryMax (30 s).
	RetryMin, RetryMax time.Duration
}

func (o *Options) defaults() {
	if o.Quiet <= 0 {
		o.Quiet = 300 * time.Millisecond
	}
	if o.MaxWait <= 0 {
		o.MaxWait = 2 * time.Second
	}
	if o.Poll <= 0 {
		o.Poll = time.Minute
	}
	if o.MaxPaths <= 0 {
		o.MaxPaths = 500
	}
	if o.RetryMin <= 0 {
		o.RetryMin = time.Second
	}
	if o.RetryMax < o.RetryMin {
		o.RetryMax = max(30*time.Second, o.RetryMin)
	}
}

// Status says how one folder is kept up to date.
type Status struct {
	Folder  string
	Polled  bool   // scanned every Poll instead of watched
	Reason  string // why it is polled
	Folders int    // subfolders watched
}

// Watcher watches library folders. Sync says which; Run does the work.
type Watcher struct {
	opt   Options
	apply func(context.Context, Batch) error
	retry *retrier
	nudge chan struct{} // Retry wakes Run to set its timer
	fsw   *fsnotify.Watcher
	sync  chan syncList

	mu    sync.Mutex
	roots map[string]*root
	// synced counts the lists given to Sync, handled those Run has
	// watched (WaitSynced).
	synced, handled int

	// addWatch adds one folder's watch; tests replace it to fail as the
	// system's watch limit does.
	addWatch func(dir string) error
}

// syncList is a list given to Sync, numbered.
type syncList struct {
	folders []string
	n       int
}

type root struct {
	polled   bool
	reason   string
	dirs     map[string]bool // absolute paths of the folders watched
	lastPoll time.Time
	offline  bool // the root itself disappeared: polled until it is back
}

// New makes a Watcher that calls apply with every batch, from Run's
// goroutine, one at a time.
func New(apply func(context.Context, Batch), opt Options) (*Watcher, error) {
	return NewRetrying(func(ctx context.Context, b Batch) error { apply(ctx, b); return nil }, opt)
}

// NewRetrying is New for an apply that can fail: after an error other than
// a cancel (a full disk), the folder is scanned whole again after a backoff
// (Options.RetryMin, RetryMax), until a scan goes through.
func NewRetrying(apply func(context.Context, Batch) error, opt Options) (*Watcher, error) {
	opt.defaults()
	fsw, err := fsnotify.NewBufferedWatcher(4096)
	if err != nil {
		return nil, fmt.Errorf("watch: %w", err)
	}
	w := &Watcher{opt: opt, apply: apply, retry: newRetrier(opt.RetryMin, opt.RetryMax), nudge: make(chan struct{}, 1), fsw: fsw, sync: make(chan syncList, 1), roots: map[string]*root{}}
	w.addWatch = fsw.Add
	return w, nil
}

// Sync sets the folders to watch (absolute paths): new ones are watched,
// the others dropped. It returns at once; Run does the work, so starting
// to watch a large library never holds up the caller.
func (w *Watcher) Sync(folders []string) {
	w.mu.Lock()
	w.synced++
	list := syncList{append([]string(nil), folders...), w.synced}
	w.mu.Unlock()
	for {
		select {
		case w.sync <- list:
			return
		case queued := <-w.sync: // replace a list Run has not taken yet, unless it is newer
			if queued.n > list.n {
				list = queued
			}
		}
	}
}

// WaitSynced waits until the folders given to Sync so far are watched (or
// polled): a scan started then cannot miss a change, since any change
// after the scan read a file is reported. False if ctx ends first.
func (w *Watcher) WaitSynced(ctx context.Context) bool {
	w.mu.Lock()
	want := w.synced
	w.mu.Unlock()
	for {
		w.mu.Lock()
		done := w.handled >= want
		w.mu.Unlock()
		if done {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// Retry schedules a scan of folder after the backoff, as for a batch that
// failed: a scan the caller ran itself (a catch-up) could not be written.
func (w *Watcher) Retry(folder string) {
	w.retry.failed(filepath.Clean(folder), time.Now())
	select {
	case w.nudge <- struct{}{}:
	default: // Run is woken already
	}
}

// Status reports each folder's state, in folder order.
func (w *Watcher) Status() []Status {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]Status, 0, len(w.roots))
	for dir, r := range w.roots {
		out = append(out, Status{Folder: dir, Polled: r.polled, Reason: r.reason, Folders: len(r.dirs)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Folder < out[j].Folder })
	return out
}

// Run watches until ctx ends, calling apply with each batch, then releases
// the watches.
func (w *Watcher) Run(ctx context.Context) error {
	defer w.fsw.Close()
	b := newBatcher(w.opt.Quiet, w.opt.MaxWait, w.opt.MaxPaths)
	poll := time.NewTicker(min(w.opt.Poll, 5*time.Second))
	defer poll.Stop()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		timer.Stop()
		at, ok := b.next()
		if rat, rok := w.retry.next(); rok && (!ok || rat.Before(at)) {
			at, ok = rat, true
		}
		if ok {
			timer.Reset(time.Until(at))
		}
		select {
		case <-ctx.Done():
			return nil
		case list := <-w.sync:
			w.mu.Lock()
			later := w.handled > 0
			w.mu.Unlock()
			w.setRoots(ctx, list.folders, b, later && w.opt.ScanAdded)
			w.mu.Lock()
			w.handled = max(w.handled, list.n) // lists it replaced too
			w.mu.Unlock()
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return nil
			}
			w.event(ev, b)
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return nil
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Changes were lost: every folder is scanned.
				w.mu.Lock()
				for dir := range w.roots {
					b.add(dir, "", time.Now())
				}
				w.mu.Unlock()
			}
		case <-poll.C:
			w.pollDue(b)
		case <-w.nudge:
		case <-timer.C:
		}
		w.runDue(ctx, b)
		if ctx.Err() != nil {
			return nil
		}
	}
}

// runDue applies the batches due now, the retries that fell due among
// them, and schedules a retry of each that failed.
func (w *Watcher) runDue(ctx context.Context, b *batcher) {
	now := time.Now()
	for _, dir := range w.retry.take(now) {
		b.add(dir, "", now.Add(-w.opt.Quiet)) // due at once: it waited already
	}
	for _, batch := range b.due(time.Now()) {
		if ctx.Err() != nil {
			return
		}
		err := w.apply(ctx, batch)
		switch {
		case ctx.Err() != nil:
			return // cancelled: the next start catches up
		case err != nil:
			w.retry.failed(batch.Folder, time.Now())
		default:
			w.retry.succeeded(batch.Folder, batch.Paths == nil)
		}
	}
}

// setRoots starts and stops watching folders to match the list; with
// scan, each new folder is scanned once watched.
func (w *Watcher) setRoots(ctx context.Context, folders []string, b *batcher, scan bool) {
	want := map[string]bool{}
	for _, f := range folders {
		want[filepath.Clean(f)] = true
	}
	w.mu.Lock()
	var gone []string
	for dir := range w.roots {
		if !want[dir] {
			gone = append(gone, dir)
		}
	}
	w.mu.Unlock()
	for _, dir := range gone {
		w.dropRoot(dir)
		w.retry.forget(dir)
	}
	for dir := range want {
		w.mu.Lock()
		_, known := w.roots[dir]
		w.mu.Unlock()
		if !known && ctx.Err() == nil {
			w.addRoot(dir)
			if scan {
				b.add(dir, "", time.Now())
			}
		}
	}
}

// addRoot watches a folder and every subfolder a scan would enter.
func (w *Watcher) addRoot(dir string) {
	r := &root{dirs: map[string]bool{}}
	w.mu.Lock()
	w.roots[dir] = r
	w.mu.Unlock()
	if kind := networkFS(dir); kind != "" {
		w.setPolled(r, "a network folder ("+kind+"): changes made on other computers are not reported", false)
		return
	}
	if err := w.watchTree(r, dir); err != nil {
		w.unwatch(r, dir)
		if errors.Is(err, fs.ErrNotExist) {
			w.setPolled(r, "offline (not found)", true)
			return
		}
		w.setPolled(r, pollReason(err), false)
	}
}

// pollReason says in words why a folder cannot be watched.
func pollReason(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return "the system's limit of watched folders is reached (raise fs.inotify.max_user_watches)"
	case errors.Is(err, syscall.EMFILE):
		return "the system's limit of watchers is reached (raise fs.inotify.max_user_instances)"
	}
	return err.Error()
}

// setPolled makes a folder scanned every Poll, for reason; an offline one
// is watched again once it is back.
func (w *Watcher) setPolled(r *root, reason string, offline bool) {
	w.mu.Lock()
	r.polled, r.reason, r.offline, r.lastPoll = true, reason, offline, time.Now()
	w.mu.Unlock()
}

// watchTree adds watches for top and the folders under it that a scan
// enters (files.LeftOutFolder: their changes are not indexed either).
func (w *Watcher) watchTree(r *root, top string) error {
	return filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == top {
				return err
			}
			return nil // an unreadable subfolder: its files are not indexed either
		}
		if !d.IsDir() {
			return nil
		}
		if p != top && files.LeftOutFolder(d.Name()) != "" {
			return filepath.SkipDir
		}
		if err := w.addWatch(p); err != nil {
			return fmt.Errorf("watch %s: %w", p, err)
		}
		w.mu.Lock()
		r.dirs[p] = true
		w.mu.Unlock()
		return nil
	})
}

func (w *Watcher) unwatch(r *root, under string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for d := range r.dirs {
		if d == under || strings.HasPrefix(d, under+string(filepath.Separator)) {
			_ = w.fsw.Remove(d) // already gone with its folder, or never added
			delete(r.dirs, d)
		}
	}
}

func (w *Watcher) dropRoot(dir string) {
	w.mu.Lock()
	r := w.roots[dir]
	w.mu.Unlock()
	if r != nil {
		w.unwatch(r, dir)
	}
	w.mu.Lock()
	delete(w.roots, dir)
	w.mu.Unlock()
}

// event turns one notification into a pending change.
func (w *Watcher) event(ev fsnotify.Event, b *batcher) {
	if ev.Op == fsnotify.Chmod {
		return // permissions or times only
	}
	dir, r, rel := w.rootOf(ev.Name)
	if r == nil {
		return
	}
	now := time.Now()
	if rel == "" {
		// The folder itself was removed or renamed (an unplugged drive):
		// its scan keeps the documents and marks it offline; it is polled
		// until it comes back.
		if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
			w.unwatch(r, dir)
			w.setPolled(r, "offline (the folder was removed or renamed)", true)
			b.add(dir, "", now)
		}
		return
	}
	if files.LeftOut(rel) {
		return
	}
	switch {
	case ev.Has(fsnotify.Create):
		info, err := os.Lstat(ev.Name)
		if err == nil && info.IsDir() {
			// A new subfolder: watched first, then scanned, so a note
			// written into it meanwhile is not missed.
			if err := w.watchTree(r, ev.Name); err != nil {
				w.unwatch(r, dir)
				w.setPolled(r, pollReason(err), false)
			}
			b.add(dir, rel, now)
			return
		}
		if files.IsMarkdown(rel) {
			b.add(dir, rel, now)
		}
	case ev.Has(fsnotify.Write):
		if files.IsMarkdown(rel) {
			b.add(dir, rel, now)
		}
	case ev.Has(fsnotify.Remove), ev.Has(fsnotify.Rename):
		// It may have been a folder: its watches go, and its scan finds
		// its documents gone (a rename's new name arrives as a Create).
		w.mu.Lock()
		wasDir := r.dirs[ev.Name]
		w.mu.Unlock()
		if wasDir {
			w.unwatch(r, ev.Name)
		}
		if wasDir || files.IsMarkdown(rel) {
			b.add(dir, rel, now)
		}
	}
}

// rootOf finds the watched folder holding path and the path relative to
// it ("" for the folder itself).
func (w *Watcher) rootOf(path string) (string, *root, string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	best := ""
	for dir := range w.roots {
		if (path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))) && len(dir) > len(best) {
			best = dir
		}
	}
	if best == "" {
		return "", nil, ""
	}
	rel, err := filepath.Rel(best, path)
	if err != nil || rel == "." {
		rel = ""
	}
	return best, w.roots[best], filepath.ToSlash(rel)
}

// pollDue queues a whole-folder scan of each polled folder whose time has
// come; a folder that was offline and is back is watched again.
func (w *Watcher) pollDue(b *batcher) {
	now := time.Now()
	w.mu.Lock()
	var due, back []string
	for dir, r := range w.roots {
		if r.polled && now.Sub(r.lastPoll) >= w.opt.Poll {
			r.lastPoll = now
			due = append(due, dir)
			if r.offline {
				back = append(back, dir)
			}
		}
	}
	w.mu.Unlock()
	for _, dir := range back {
		if _, err := os.Stat(dir); err == nil {
			w.dropRoot(dir)
			w.addRoot(dir)
		}
	}
	for _, dir := range due {
		b.add(dir, "", now)
	}
}
