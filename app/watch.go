package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"folio/index"
	"folio/watch"
)

// folderPoll is how often `folio watch` without DIRs looks for folders
// added or removed by another program.
const folderPoll = 5 * time.Second

func runWatch(e *env, args []string) int {
	fs := newFlagSet(e, "watch")
	db := dbFlag(fs)
	dirs, err := parseFlags(fs, args)
	if err != nil {
		fs.Usage()
		return exitError
	}
	mode := index.Existing
	if len(dirs) > 0 {
		mode = index.ReadWrite // adding folders may start a library
	}
	return withLibrary(e, *db, mode, func(ix *index.Index) int { return watchFolders(e, ix, dirs) })
}

// watchFolders adds dirs, or takes the library's folders when there are
// none, and keeps them indexed until Ctrl+C.
func watchFolders(e *env, ix *index.Index, dirs []string) int {
	ctx, stop := interruptible()
	defer stop()

	// Folders given are added first (their import is the longest step).
	var roots []string
	for _, d := range dirs {
		s, err := ix.AddFolder(ctx, d, index.ImportOptions{Progress: progressBar(e.stderr)})
		if err != nil {
			return fail(e, err)
		}
		printSummary(e.stdout, s)
		abs, _ := filepath.Abs(d)
		roots = append(roots, abs)
	}
	if len(dirs) == 0 {
		var err error
		if roots, err = folderPaths(ctx, ix); err != nil {
			return fail(e, err)
		}
	}
	w, err := batchWatcher(e, ix, watch.Options{ScanAdded: len(dirs) == 0})
	if err != nil {
		return fail(e, err)
	}
	w.Sync(roots)
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	// Then catch up with what changed while nothing watched, once the
	// watches are in place: a change during or after this scan is
	// reported, none falls between the two.
	if !w.WaitSynced(ctx) {
		return exitOK // Ctrl+C
	}
	caught, err := catchUp(ctx, e, ix, w, roots)
	if err != nil {
		return fail(e, err)
	}
	if len(dirs) == 0 {
		printSummary(e.stdout, caught)
	}
	if ctx.Err() != nil {
		return exitOK
	}
	fmt.Fprintf(e.stdout, "watching %s; Ctrl+C stops\n", plural(len(roots), "folder"))

	reported := map[string]string{}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	lastFolders := time.Now()
	version, _ := ix.DataVersion(ctx)
	for {
		select {
		case err := <-done:
			if err != nil {
				return fail(e, err)
			}
			fmt.Fprintln(e.stdout, "stopped")
			return exitOK
		case <-tick.C:
		}
		// Say once how each folder is kept up to date when that changes.
		for _, st := range w.Status() {
			line := ""
			if st.Polled {
				line = fmt.Sprintf("%s: not watched, scanned every minute instead: %s", st.Folder, st.Reason)
			}
			if line != reported[st.Folder] {
				if line == "" {
					line = st.Folder + ": watched again"
				}
				fmt.Fprintln(e.stdout, line)
				reported[st.Folder] = line
			}
		}
		// Folders added or removed elsewhere are followed within a second
		// of another program's commit (data_version), or folderPoll.
		if len(dirs) == 0 {
			v, err := ix.DataVersion(ctx)
			if err != nil || v != version || time.Since(lastFolders) >= folderPoll {
				version, lastFolders = v, time.Now()
				if now, err := folderPaths(ctx, ix); err == nil {
					w.Sync(now)
				}
			}
		}
	}
}

// catchUp scans the watched roots once. A folder whose scan could not be
// written (a full disk) is left to the watcher to try again: the command
// keeps running, as it does when a batch fails later.
func catchUp(ctx context.Context, e *env, ix *index.Index, w *watch.Watcher, roots []string) (index.Summary, error) {
	var caught index.Summary
	for _, root := range roots {
		s, err := ix.ScanFolder(ctx, root, index.ImportOptions{Progress: progressBar(e.stderr)})
		caught.Add(s)
		switch {
		case err == nil, errors.Is(err, index.ErrFolderRemoved), ctx.Err() != nil:
		case errors.Is(err, index.ErrReadOnly), errors.Is(err, index.ErrCorrupt):
			return caught, err // trying again would not help
		default:
			fmt.Fprintf(e.stderr, "folio: %v (tried again shortly)\n", err)
			w.Retry(root)
		}
	}
	return caught, nil
}

// batchWatcher is folio watch's watcher: it indexes each batch and prints
// a line about it; a batch that failed to be written is tried again.
func batchWatcher(e *env, ix *index.Index, opt watch.Options) (*watch.Watcher, error) {
	return watch.NewRetrying(func(ctx context.Context, b watch.Batch) error { return applyBatch(ctx, e.stdout, e.stderr, ix, b) }, opt)
}

// applyBatch indexes one batch of changes and prints one line about it.
// The error is a failure to index it (a full disk): the watcher tries
// again.
func applyBatch(ctx context.Context, stdout, stderr io.Writer, ix *index.Index, b watch.Batch) error {
	s, err := ix.ScanFolder(ctx, b.Folder, index.ImportOptions{Only: b.Paths})
	stamp := time.Now().Format("15:04:05")
	switch {
	case errors.Is(err, index.ErrFolderRemoved):
		fmt.Fprintf(stdout, "%s %s: removed from the library by another program; no longer watched\n", stamp, b.Folder)
		return nil
	case err != nil:
		fmt.Fprintf(stderr, "%s folio: %v (tried again shortly)\n", stamp, err)
		return err
	case s.Cancelled:
		return nil
	}
	for _, o := range s.Offline {
		fmt.Fprintf(stdout, "%s %s: offline (%s); its documents were kept and stay searchable\n", stamp, o.Path, o.Reason)
	}
	if len(s.Offline) > 0 || b.Paths == nil && s.Added+s.Updated+s.Removed == 0 {
		return nil // a poll that found nothing new
	}
	fmt.Fprintf(stdout, "%s %s: %d added, %d updated, %d removed%s (%s)\n", stamp, b.Folder, s.Added, s.Updated, s.Removed,
		skippedNote(s), s.Elapsed.Round(time.Millisecond))
	if b.Paths != nil { // a whole folder's skips were listed by its scan
		for _, sk := range s.Skipped {
			fmt.Fprintf(stdout, "  skipped %s: %s\n", sk.Path, sk.Reason)
		}
	}
	return nil
}

func skippedNote(s index.Summary) string {
	if len(s.Skipped) == 0 {
		return ""
	}
	return fmt.Sprintf(", %d skipped", len(s.Skipped))
}

func folderPaths(ctx context.Context, ix *index.Index) ([]string, error) {
	folders, err := ix.Folders(ctx)
	if err != nil {
		return nil, err
	}
	paths := make([]string, len(folders))
	for i, f := range folders {
		paths[i] = f.Path
	}
	return paths, nil
}
