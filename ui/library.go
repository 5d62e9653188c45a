package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/index"
	"folio/index/snippet"
	"folio/ui/internal/look"
)

// sidebar lists the library's folders with their counts.
type sidebar struct {
	w          *Window
	root       fyne.CanvasObject
	list       *widget.List
	folders    []index.Folder
	selected   int
	remove     *widget.Button
	rescan     *widget.Button
	add        *look.Button
	dropSample *widget.Button // one click removes the bundled sample
	readOnly   bool
	title      *widget.Label
	notes      map[string]string // folder path → how it is kept up to date, when not watched
	// pendingSelect is a folder to select once the sidebar lists it (one
	// opened or dropped, maybe still being added): selected as a click
	// selects it, so the search is narrowed to it and its chip says so.
	// pendingReveal is the folder of an opened file, only scrolled to: a
	// file opened is shown, and the search stays as wide as it was.
	pendingSelect, pendingReveal string
}

func newSidebar(w *Window) *sidebar {
	s := &sidebar{w: w, selected: -1}
	s.list = widget.NewList(
		func() int { return len(s.folders) },
		func() fyne.CanvasObject {
			// The counts and the last scan on lines of their own: on one,
			// a narrow sidebar cut the time ("scanned 1 Dec 07…").
			name, info := rowLabels()
			_, when := rowLabels()
			return container.NewVBox(name, info, when)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id >= len(s.folders) {
				return
			}
			f := s.folders[id]
			box := o.(*fyne.Container)
			box.Objects[0].(*widget.Label).SetText(folderName(f))
			info, when := folderInfo(f)
			if note := s.notes[f.Path]; note != "" && f.Offline == "" {
				when += " · " + note
			}
			box.Objects[1].(*widget.Label).SetText(info)
			box.Objects[2].(*widget.Label).SetText(when)
		},
	)
	// A click on a folder also narrows the search to it (setScope).
	s.list.OnSelected = func(id widget.ListItemID) {
		s.selected = id
		if !s.readOnly {
			s.remove.Enable()
			s.rescan.Enable()
		}
		s.setScope()
	}
	add := look.NewButton("Add folder", theme.FolderNewIcon(), w.chooseFolder) // ringed when focused
	add.Importance = widget.HighImportance
	s.add = add
	s.remove = widget.NewButtonWithIcon("Remove", theme.DeleteIcon(), s.confirmRemove)
	s.rescan = widget.NewButtonWithIcon("Rescan", theme.ViewRefreshIcon(), func() {
		if f, ok := s.current(); ok {
			w.imports.enqueue(f.Path, false)
		}
	})
	s.remove.Disable()
	s.rescan.Disable()
	s.dropSample = widget.NewButtonWithIcon("Remove sample library", theme.ContentClearIcon(), func() {
		for _, f := range s.folders {
			if f.Sample {
				w.removeFolder(f.Path)
			}
		}
	})
	s.dropSample.Importance = widget.LowImportance
	s.dropSample.Hide()
	s.title = widget.NewLabelWithStyle("Library", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.root = container.NewBorder(s.title, container.NewVBox(w.saved.Root, s.dropSample, add, container.NewGridWithColumns(2, s.rescan, s.remove)), nil, nil, s.list)
	return s
}

// setReadOnly disables everything that would change the library.
func (s *sidebar) setReadOnly() {
	s.readOnly = true
	s.add.Disable()
	s.remove.Disable()
	s.rescan.Disable()
	s.dropSample.Disable()
}

// folderInfo is a folder's two secondary lines: what it holds, and when
// it was last scanned (or why it is offline).
func folderInfo(f index.Folder) (counts, when string) {
	counts = plural(f.Documents, "note") + " · 1 passage"
	if f.Chunks != 1 {
		counts = plural(f.Documents, "note") + " · " + snippet.Thousands(f.Chunks) + " passages"
	}
	if f.Offline != "" {
		return counts + " kept", "offline: " + f.Offline
	}
	if f.LastScan.IsZero() {
		return counts, "not scanned yet"
	}
	return counts, "scanned " + f.LastScan.Format("2 Jan 15:04")
}

// folderName is how the window names a folder: as citations do, but the
// sample as what it is.
func folderName(f index.Folder) string {
	if f.Sample {
		return "Sample library"
	}
	return filepath.Base(f.Path)
}

// setScope narrows the search to the selected folder (none: all of them),
// shows it on the chip beside the count, and searches again.
func (s *sidebar) setScope() {
	f, ok := s.current()
	old := s.w.scope.Load()
	if ok {
		s.w.scope.Store(&f)
		s.w.filters.SetScope(folderName(f))
	} else {
		s.w.scope.Store(nil)
		s.w.filters.SetScope("")
	}
	if (old == nil) != !ok || ok && old.ID != f.ID {
		s.w.loadTags()
		s.w.rerunSearch()
	}
}

// unscope is the chip's ×: the search is over all folders again.
func (s *sidebar) unscope() {
	s.selected = -1
	s.list.UnselectAll()
	s.remove.Disable()
	s.rescan.Disable()
	s.setScope()
}

func (s *sidebar) current() (index.Folder, bool) {
	if s.selected < 0 || s.selected >= len(s.folders) {
		return index.Folder{}, false
	}
	return s.folders[s.selected], true
}

// selectPending selects the folder asked for by Open once it is listed,
// or scrolls to the one holding an opened file.
func (s *sidebar) selectPending() {
	for i, f := range s.folders {
		switch f.Path {
		case s.pendingSelect:
			s.pendingSelect = ""
			s.list.Select(i)
			s.list.ScrollTo(i)
		case s.pendingReveal:
			s.pendingReveal = ""
			s.list.ScrollTo(i)
		}
	}
}

func (s *sidebar) confirmRemove() {
	f, ok := s.current()
	if !ok {
		return
	}
	msg := fmt.Sprintf("Remove %s from the library?\n\nIts index entries are deleted. The folder and its files are not touched.", f.Path)
	s.w.showConfirm("Remove folder", msg, "Remove", func() { s.w.removeFolder(f.Path) })
}

func (w *Window) removeFolder(dir string) {
	w.spawn(func() {
		err := w.lib.RemoveFolder(context.Background(), dir)
		if errors.Is(err, index.ErrUnknownFolder) {
			err = nil // another program removed it first: that is what was asked
		}
		w.do(func() {
			if err != nil {
				w.showProblem("The folder could not be removed from the library.", err, "")
			} else {
				w.imports.say("Removed " + dir + " from the library (no files were touched)")
			}
			w.refreshFolders()
		})
	})
}

// refreshFolders reloads the sidebar off the UI thread. When folders came
// or went (here or in another program), the current search runs again.
func (w *Window) refreshFolders() {
	w.spawn(func() {
		folders, err := w.lib.Folders(context.Background())
		if wt := w.watcher.Load(); err == nil && wt != nil {
			paths := make([]string, len(folders))
			for i, f := range folders {
				paths[i] = f.Path
			}
			wt.Sync(paths)
		}
		w.do(func() {
			if err != nil {
				w.showProblem("The library could not be read.", err, "Restart Folio; if this persists, move the library file aside and add your folders again.")
				return
			}
			changed := len(folders) != len(w.library.folders)
			for i := 0; !changed && i < len(folders); i++ {
				changed = folders[i].ID != w.library.folders[i].ID || folders[i].Offline != w.library.folders[i].Offline
			}
			if changed && w.library.selected >= 0 {
				w.library.unscope() // the folder may be gone
			}
			w.library.folders = folders
			w.library.list.Refresh()
			w.library.selectPending()
			w.start.update(folders)
			w.loadTags()
			w.library.dropSample.Hide()
			for _, f := range folders {
				if f.Sample {
					w.library.dropSample.Show()
				}
			}
			w.setHasFolders(len(folders) > 0)
			if changed {
				w.rerunSearch()
			}
		})
	})
}

// rerunSearch repeats the current query, e.g. after the library changed.
func (w *Window) rerunSearch() {
	if q := w.search.Text; strings.TrimSpace(q) != "" || len(w.filters.Filters()) > 0 {
		w.runSearchAsync(q)
	}
}

func (w *Window) runSearchAsync(q string) {
	seq, ctx := w.newSearch()
	opt := w.searchOptions()
	w.spawn(func() { w.runSearch(ctx, seq, q, opt) })
}

// chooseFolder asks for a folder to add: typed or pasted, or browsed to.
func (w *Window) chooseFolder() {
	path := w.newDialogEntry()
	path.SetPlaceHolder("Type or paste a folder's path, or browse")
	browse := w.newDialogButton("Browse…", theme.FolderOpenIcon(), func() {
		fd := dialog.NewFolderOpen(func(uri fyne.ListableURI, err error) {
			if err != nil {
				w.showProblem("The folder could not be opened.", err, "")
				return
			}
			if uri != nil {
				path.SetText(uri.Path())
			}
		}, w.win)
		fd.Resize(fyne.NewSize(760, 520))
		fd.Show()
	})
	// The dialog stays open on a wrong path, saying why under it.
	d, add := w.showChecked("Add folder", "Add", container.NewBorder(nil, nil, nil, browse, path), func() error { return w.addTypedFolder(path.Text) })
	d.Resize(fyne.NewSize(600, 0)) // wide enough for a long path
	path.OnSubmitted = func(string) { add() }
	w.win.Canvas().Focus(path)
}

// addTypedFolder adds a folder whose path was typed or pasted: quotes and
// spaces around it and a leading ~ are understood, and anything that is
// not a folder is said so (with what to do) in the error.
func (w *Window) addTypedFolder(text string) error {
	p := strings.Trim(strings.TrimSpace(text), `"'`)
	if p == "" {
		return errors.New("Type the path of a folder, or use Browse… to pick one.")
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[1:])
		}
	}
	info, err := os.Stat(p)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s does not exist. Check the path, or use Browse… to pick the folder.", p)
	case err != nil:
		return fmt.Errorf("%v. Check the path, or use Browse… to pick the folder.", err)
	case !info.IsDir():
		return fmt.Errorf("%s is a file, not a folder. Give the folder that holds your notes.", p)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	w.imports.enqueue(abs, true)
	return nil
}

// HandleDrop opens what was dropped as Open does: a folder is added (or
// selected, when in the library already); a Markdown file's folder is
// added unless the library holds it, and the file is shown. Other items
// are refused with a message.
func (w *Window) HandleDrop(uris []fyne.URI) {
	var paths, ignored []string
	for _, u := range uris {
		if u.Scheme() != "file" {
			ignored = append(ignored, u.String())
			continue
		}
		paths = append(paths, u.Path())
	}
	w.open(paths, ignored)
}

// emptyTarget is shown while the library has no folders.
func (w *Window) emptyTarget() fyne.CanvasObject {
	big := canvas.NewText("Drop a folder of Markdown here", theme.Color(theme.ColorNameForeground))
	big.TextSize = theme.TextSize() * 2
	big.Alignment = fyne.TextAlignCenter
	hint := widget.NewLabelWithStyle("Folio indexes it on this computer; nothing leaves the machine.", fyne.TextAlignCenter, fyne.TextStyle{})
	add := widget.NewButtonWithIcon("Add folder", theme.FolderNewIcon(), w.chooseFolder)
	add.Importance = widget.HighImportance
	return container.NewCenter(container.NewVBox(big, hint, container.NewCenter(add)))
}

// importPanel runs imports one after another and shows their progress.
type importPanel struct {
	w        *Window
	root     *fyne.Container
	bar      *widget.ProgressBar
	label    *widget.Label
	cancel   *widget.Button
	summary  *widget.Label
	skipped  *widget.Accordion
	running  *fyne.Container
	mu       sync.Mutex
	queue    []importJob
	busy     bool
	stop     context.CancelFunc
	lastDraw time.Time
}

type importJob struct {
	dir     string
	add     bool   // add a new folder, or rescan a known one
	catchUp bool   // the scan as the window opens: said only if it changed something
	show    string // a file to show once the import is done (Open)
}

func newImportPanel(w *Window) *importPanel {
	p := &importPanel{w: w}
	p.bar = widget.NewProgressBar()
	p.label = widget.NewLabel("")
	p.label.Truncation = fyne.TextTruncateEllipsis
	p.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), p.stopAll)
	p.running = container.NewBorder(nil, nil, nil, p.cancel, container.NewVBox(p.bar, p.label))
	p.running.Hide()
	p.summary = widget.NewLabel("")
	p.summary.Wrapping = fyne.TextWrapWord
	p.summary.Hide()
	p.skipped = widget.NewAccordion()
	p.skipped.Hide()
	p.root = container.NewVBox(p.running, p.summary, p.skipped)
	return p
}

// stopAll cancels the running import and drops the queued ones.
func (p *importPanel) stopAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stop != nil {
		p.stop()
	}
	p.queue = nil
}

// enqueue schedules an import; imports run one at a time off the UI thread.
func (p *importPanel) enqueue(dir string, add bool) {
	p.enqueueJob(importJob{dir: dir, add: add})
}

func (p *importPanel) enqueueJob(job importJob) {
	p.mu.Lock()
	p.queue = append(p.queue, job)
	start := !p.busy
	p.busy = true
	p.mu.Unlock()
	if start {
		if !job.catchUp { // a catch-up shows itself once it finds work
			p.running.Show()
		}
		p.clearSummary()
		p.w.spawn(p.drain)
	}
}

func (p *importPanel) drain() {
	var total index.Summary
	var failures []error
	quiet := true // only catching up so far
	for {
		p.mu.Lock()
		if len(p.queue) == 0 {
			p.busy, p.stop = false, nil
			p.mu.Unlock()
			break
		}
		job := p.queue[0]
		p.queue = p.queue[1:]
		ctx, cancel := context.WithCancel(context.Background())
		p.stop = cancel
		p.mu.Unlock()
		quiet = quiet && job.catchUp
		p.w.do(func() {
			if job.catchUp {
				p.w.library.title.SetText("Library · catching up…")
			} else {
				p.w.library.title.SetText("Library")
			}
		})

		opt := index.ImportOptions{Chunking: p.w.chunkOptions(), Progress: p.progress}
		if job.catchUp {
			// The library's own settings, as the watcher uses: catching up
			// never re-chunks a library made elsewhere with others.
			opt.Chunking = chunker.Options{}
		}
		var s index.Summary
		var err error
		if job.add {
			s, err = p.w.lib.AddFolder(ctx, job.dir, opt)
		} else {
			s, err = p.w.lib.ScanFolder(ctx, job.dir, opt)
		}
		cancel()
		total.Add(s)
		if err != nil {
			failures = append(failures, err)
		}
		changed := s.Added+s.Updated+s.Removed > 0 || len(s.Offline) > 0
		p.w.do(func() {
			p.w.refreshFolders()
			if changed || !job.catchUp {
				p.w.rerunSearch()
			}
		})
		if job.show != "" && err == nil {
			p.w.showOpenedFile(job.show, s.Cancelled)
		}
	}
	p.w.do(func() {
		p.w.library.title.SetText("Library")
		if quiet && total.Added+total.Updated+total.Removed == 0 && len(total.Offline) == 0 && len(failures) == 0 && !total.Cancelled {
			p.running.Hide() // caught up with nothing to say
			return
		}
		p.finish(total, failures, quiet)
	})
}

// progress is called by the import after each file; it redraws at most
// twenty times a second.
func (p *importPanel) progress(pr index.Progress) {
	if time.Since(p.lastDraw) < 50*time.Millisecond && pr.FilesDone < pr.FilesTotal {
		return
	}
	p.lastDraw = time.Now()
	p.w.do(func() {
		if pr.FilesTotal > 0 {
			p.running.Show()
			p.bar.SetValue(float64(pr.FilesDone) / float64(pr.FilesTotal))
		} else {
			p.bar.SetValue(1)
		}
		// New files, or ones whose date or size moved: their text may
		// prove unchanged once read, so they are not called changed.
		p.label.SetText(fmt.Sprintf("Indexing %s: %s of %s new or modified files · %s", filepath.Base(pr.Folder),
			snippet.Thousands(pr.FilesDone), snippet.Thousands(pr.FilesTotal), pr.Current))
	})
}

// say shows text in the summary line, in place of the last import's; the
// next search typed takes it away (clearSummary).
func (p *importPanel) say(text string) {
	p.summary.SetText(text)
	p.summary.Show()
	p.skipped.Hide()
}

// clearSummary takes away the last import's or removal's line, which
// would otherwise stay through every later action.
func (p *importPanel) clearSummary() {
	p.summary.Hide()
	p.skipped.Hide()
}

func (p *importPanel) finish(s index.Summary, failures []error, catchUp bool) {
	p.running.Hide()
	counts := fmt.Sprintf("%d added, %d updated, %d removed, %d unchanged, %d skipped.",
		s.Added, s.Updated, s.Removed, s.Unchanged, len(s.Skipped))
	text := "Import finished: " + counts
	switch {
	case s.Cancelled:
		text = "Import cancelled: what was finished is searchable; Rescan completes the rest. " + counts
	case catchUp:
		text = fmt.Sprintf("Caught up with changes made while Folio was closed: %d added, %d updated, %d removed.",
			s.Added, s.Updated, s.Removed)
	}
	for _, o := range s.Offline {
		text += fmt.Sprintf("\n%s is offline (%s): its documents were kept and stay searchable. Plug in the drive or mount the share, then Rescan.", o.Path, o.Reason)
	}
	for _, wn := range s.Warnings {
		text += fmt.Sprintf("\nWarning, %s: %s.", wn.Path, wn.Reason)
	}
	if !catchUp && s.Added > 0 && slices.ContainsFunc(p.w.library.folders, func(f index.Folder) bool { return f.Sample }) {
		// Said here only, beside the sidebar's button, not in the status line too.
		text += "\nYour notes now rank before the sample library's; \"Remove sample library\" in the sidebar takes it out."
	}
	p.summary.SetText(text)
	p.summary.Show()
	p.skipped.Items = nil
	if len(s.Skipped) > 0 {
		var lines []string
		for _, sk := range s.Skipped {
			lines = append(lines, sk.Path+": "+sk.Reason)
		}
		detail := widget.NewLabel(strings.Join(lines, "\n"))
		p.skipped.Append(widget.NewAccordionItem(fmt.Sprintf("Skipped files (%d)", len(s.Skipped)), detail))
		p.skipped.Show()
	} else {
		p.skipped.Hide()
	}
	p.skipped.Refresh()
	if len(failures) > 0 {
		p.w.showProblem("An import could not finish.", errors.Join(failures...), importAdvice(failures))
	}
}

// importAdvice says what to do about failed imports, only where there is
// something to do: a folder another program removed needs nothing.
func importAdvice(failures []error) string {
	for _, err := range failures {
		switch {
		case errors.Is(err, index.ErrFolderRemoved), errors.Is(err, index.ErrUnknownFolder):
		case errors.Is(err, index.ErrBusy):
			return "Another program is writing to the library; try again when it has finished."
		case errors.Is(err, index.ErrReadOnly):
			return "The library cannot be written here; searching still works."
		default:
			return "Check that the folder exists and can be read, then try again."
		}
	}
	return ""
}

func (w *Window) showMessage(title, msg string) {
	label := widget.NewLabel(msg)
	label.Wrapping = fyne.TextWrapWord
	d := w.newMessageDialog(title, "OK", container.NewVScroll(label))
	d.Resize(fyne.NewSize(520, 300))
	w.showWithKeys(d, nil)
}
