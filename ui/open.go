package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"folio/files"
	"folio/index"
)

// Open shows what was given on the command line (`folio PATH…`) or dropped
// on the window. A folder is added to the library, or selected in the
// sidebar when it is in the library already (the catch-up scan and the
// watcher keep it current: no import). A Markdown file is shown, from its
// first passage, as a clicked result is: at once when it is indexed, after
// its folder's import when its folder had to be added. Only the first file
// given is shown; the folders of the others are added. Anything else is
// said in one message.
func (w *Window) Open(paths []string) { w.open(paths, nil) }

// openItem is a path given to Open, made absolute.
type openItem struct {
	path string
	dir  bool
}

// Why CheckOpenPath refuses a path that Open would be given.
var (
	ErrNoSuchPath  = errors.New("no such file or folder")
	ErrNotMarkdown = errors.New("not a folder or a Markdown file (.md, .markdown, .mdx)")
)

// CheckOpenPath is what Open does with a path before anything else: made
// absolute, it must be a folder or a regular Markdown file. A refusal is
// ErrNoSuchPath, ErrNotMarkdown, or the system's reason ("p: permission
// denied"). The command line checks with it before a window opens.
func CheckOpenPath(p string) (abs string, dir bool, err error) {
	abs, err = filepath.Abs(p)
	if err != nil {
		return "", false, fmt.Errorf("%s: %w", p, err)
	}
	info, err := os.Stat(abs)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", false, ErrNoSuchPath
	case err != nil:
		return "", false, fmt.Errorf("%s: %s", p, pathErrorWords(err))
	case info.IsDir():
		return abs, true, nil
	case !files.IsMarkdown(abs) || !info.Mode().IsRegular():
		return "", false, ErrNotMarkdown
	}
	return abs, false, nil
}

// open checks the paths on the calling goroutine (a stat each) and looks
// them up in the library off the UI thread. ignored are items refused
// already (a dropped web link).
func (w *Window) open(paths, ignored []string) {
	var items []openItem
	for _, p := range paths {
		abs, dir, err := CheckOpenPath(p)
		switch {
		case errors.Is(err, ErrNoSuchPath):
			ignored = append(ignored, p+": no such file or folder")
		case errors.Is(err, ErrNotMarkdown):
			ignored = append(ignored, filepath.Base(p)+" is not Markdown")
		case err != nil:
			ignored = append(ignored, err.Error())
		default:
			items = append(items, openItem{path: abs, dir: dir})
		}
	}
	if len(ignored) > 0 {
		w.showMessage("Some items were not added", "Folio adds folders and Markdown files (.md, .markdown, .mdx):\n\n"+strings.Join(ignored, "\n"))
	}
	if len(items) > 0 {
		w.spawn(func() { w.resolveOpen(items) })
	}
}

// resolveOpen decides, off the UI thread, what each item needs: an import
// of a new folder, a selection in the sidebar, a file shown.
func (w *Window) resolveOpen(items []openItem) {
	ctx := w.bgCtx
	var jobs []importJob
	jobOf := map[string]int{} // folder → its add job in jobs
	selectDir, revealDir, dirs := "", "", 0
	showing := false
	var show func() // shows the file at once, on the UI thread
	for _, it := range items {
		f, rel, err := w.lib.FolderOf(ctx, it.path)
		if err != nil && !errors.Is(err, index.ErrUnknownFolder) {
			if ctx.Err() == nil {
				w.do(func() { w.showProblem("The library could not be read.", err, "") })
			}
			return
		}
		known := err == nil
		dir := it.path
		if !it.dir {
			dir = filepath.Dir(it.path)
		}
		switch {
		case known:
			dir = f.Path
			if it.dir && rel == "" && f.Offline != "" {
				// Given again while marked offline: it may well be back.
				jobs = append(jobs, importJob{dir: f.Path})
			}
		default:
			if _, ok := jobOf[dir]; !ok {
				jobOf[dir] = len(jobs)
				jobs = append(jobs, importJob{dir: dir, add: true})
			}
		}
		switch {
		case it.dir && dirs == 0:
			selectDir = dir
		case it.dir:
			selectDir = "" // several folders: none of them is the scope
		case revealDir == "":
			revealDir = dir
		}
		if it.dir {
			dirs++
		}
		if it.dir || showing {
			continue
		}
		showing = true
		if !known {
			jobs[jobOf[dir]].show = it.path // once its folder is imported
			continue
		}
		show = w.indexedFile(ctx, it.path, f, rel)
	}
	w.do(func() {
		for _, j := range jobs {
			w.imports.enqueueJob(j)
		}
		w.library.pendingSelect, w.library.pendingReveal = selectDir, revealDir
		if len(jobs) == 0 {
			w.refreshFolders() // selects it, once the sidebar has the folders
		}
		if show != nil {
			show()
		}
	})
}

// indexedFile finds the first passage of a file in a library folder and
// returns what shows it (or says why it cannot be). A file the scans have
// not reached yet (made while Folio was closed) or that changed since is
// indexed first: one file, as the watcher would.
func (w *Window) indexedFile(ctx context.Context, path string, f index.Folder, rel string) func() {
	h, err := w.lib.FirstChunk(ctx, path)
	if (errors.Is(err, index.ErrNotIndexed) || err == nil && h.Stale) && !w.lib.ReadOnly() && f.Offline == "" {
		_, serr := w.lib.ScanFolder(ctx, f.Path, index.ImportOptions{Only: []string{rel}})
		switch {
		case serr == nil:
			w.refreshFolders()
			h, err = w.lib.FirstChunk(ctx, path)
		case err != nil:
			err = serr
		}
	}
	return w.openedFile(ctx, path, h, err, false)
}

// showOpenedFile shows a file whose folder was just imported (from the
// import queue, off the UI thread). After a cancelled import a file that
// did not make it is left unsaid: the user stopped it.
func (w *Window) showOpenedFile(path string, cancelled bool) {
	h, err := w.lib.FirstChunk(w.bgCtx, path)
	if show := w.openedFile(w.bgCtx, path, h, err, cancelled); show != nil {
		w.do(show)
	}
}

// openedFile turns a file's lookup into what the UI does with it: show the
// hit, or explain why not (with the reason a scan left it out, if one did).
func (w *Window) openedFile(ctx context.Context, path string, h index.Hit, err error, quiet bool) func() {
	switch {
	case ctx.Err() != nil:
		return nil
	case err == nil:
		return func() { w.showOpened(h) }
	case !errors.Is(err, index.ErrNotIndexed):
		return func() { w.showProblem("The file could not be shown.", err, "") }
	case quiet:
		return nil
	}
	todo := ""
	if f, rel, ferr := w.lib.FolderOf(ctx, path); ferr == nil {
		if skips, serr := w.lib.Skipped(ctx, f.ID); serr == nil {
			for _, s := range skips {
				if s.Path == rel || strings.HasPrefix(rel, s.Path+"/") {
					todo = fmt.Sprintf("Folio leaves it out: %s (%s).", s.Reason, s.Path)
					break
				}
			}
		}
	}
	return func() { w.showProblem(filepath.Base(path)+" cannot be shown.", err, todo) }
}

// showOpened shows an opened file's hit as a clicked result is shown. It
// stays shown when the current search runs again (the library changed);
// a new search or a click replaces it.
func (w *Window) showOpened(h index.Hit) {
	w.results.selected = -1
	w.results.list.UnselectAll()
	w.preview.show(h)
	w.preview.opened.Store(true)
}

// pathErrorWords is an error without the path the caller shows already.
func pathErrorWords(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
