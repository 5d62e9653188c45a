package ui

import (
	"context"
	"errors"
	"time"

	"folio/index"
	"folio/watch"
)

// Watch keeps the library's folders in step with the disk while the window
// is open: each saved, created, deleted or renamed note is indexed within
// about a second (watch.Options), and the sidebar and the current search
// follow. A folder that cannot be watched is scanned every minute instead;
// its sidebar entry says why.
func (w *Window) Watch(opt watch.Options) error {
	if w.lib.ReadOnly() {
		return nil // nothing could be written
	}
	wt, err := watch.NewRetrying(w.applyChanges, opt)
	if err != nil {
		return err
	}
	w.watcher.Store(wt)
	w.spawn(func() { _ = wt.Run(w.bgCtx) })
	w.spawn(w.showWatchStatus)
	w.refreshFolders() // hands the folders to the watcher
	return nil
}

// applyChanges indexes one batch of changes. Its error (a full disk)
// makes the watcher try again.
func (w *Window) applyChanges(ctx context.Context, b watch.Batch) error {
	s, err := w.lib.ScanFolder(ctx, b.Folder, index.ImportOptions{Only: b.Paths})
	if ctx.Err() != nil || errors.Is(err, index.ErrFolderRemoved) {
		return nil
	}
	w.do(func() {
		if err != nil {
			w.status.SetText("Indexing changes failed: " + err.Error())
			return
		}
		w.refreshFolders()
		if s.Added+s.Updated+s.Removed > 0 || len(s.Offline) > 0 {
			w.rerunSearch()
		}
	})
	return err
}

// showWatchStatus puts, in the sidebar, why a folder is polled rather than
// watched, whenever that changes.
func (w *Window) showWatchStatus() {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	shown := map[string]string{}
	for {
		select {
		case <-w.bgCtx.Done():
			return
		case <-tick.C:
		}
		notes := map[string]string{}
		for _, st := range w.watcher.Load().Status() {
			if st.Polled {
				notes[st.Folder] = "not watched (" + st.Reason + "): scanned every minute"
			}
		}
		if equalNotes(notes, shown) {
			continue
		}
		shown = notes
		w.do(func() {
			w.library.notes = notes
			w.library.list.Refresh()
		})
	}
}

func equalNotes(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// CatchUp scans every folder in the background, as the window opens (after
// Watch, once the folders are watched, when both are used): edits
// made while Folio was closed, and imports that were cancelled or cut
// short, are completed without anyone asking. An unchanged file costs a
// stat; search works meanwhile, and nothing is said unless something
// changed.
func (w *Window) CatchUp() {
	if w.lib.ReadOnly() {
		return
	}
	w.spawn(func() {
		folders, err := w.lib.Folders(w.bgCtx)
		if err != nil || len(folders) == 0 {
			return
		}
		if wt := w.watcher.Load(); wt != nil {
			// Watched first, scanned then: no change falls between the two.
			paths := make([]string, len(folders))
			for i, f := range folders {
				paths[i] = f.Path
			}
			wt.Sync(paths)
			if !wt.WaitSynced(w.bgCtx) {
				return
			}
		}
		w.do(func() {
			for _, f := range folders {
				w.imports.enqueueJob(importJob{dir: f.Path, catchUp: true})
			}
		})
	})
}
