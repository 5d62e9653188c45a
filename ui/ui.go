// Package ui is Folio's window: search as you type, cited and highlighted
// results, the hit's section in context, and the library of folders with
// live import progress. It reaches the index only through Library, so its
// tests run on Fyne's headless driver.
package ui

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/files"
	"folio/index"
	"folio/index/snippet"
	"folio/searches"
	"folio/ui/internal/filterbar"
	"folio/ui/internal/launch"
	"folio/ui/internal/look"
	"folio/ui/internal/wraprow"
	"folio/watch"
)

// Library is what the window needs of the index.
type Library interface {
	Search(ctx context.Context, query string, opt index.SearchOptions) (*index.Results, error)
	Section(ctx context.Context, chunkRowID int64) ([]index.SectionChunk, error)
	Folders(ctx context.Context) ([]index.Folder, error)
	Skipped(ctx context.Context, folderID int64) ([]files.Skip, error)
	AddFolder(ctx context.Context, dir string, opt index.ImportOptions) (index.Summary, error)
	ScanFolder(ctx context.Context, dir string, opt index.ImportOptions) (index.Summary, error)
	RemoveFolder(ctx context.Context, dir string) error
	SetChunkOptions(ctx context.Context, opt chunker.Options) error
	Health(ctx context.Context) (*index.Health, error)
	// ChunkSweep is what each largest passage size in maxes would do to
	// an even, stable sample of up to sample of the library's documents.
	ChunkSweep(ctx context.Context, sample int, maxes []int, base chunker.Options) ([]chunker.SweepRow, int, error)
	// ReadOnly is true for a library on storage that cannot be written.
	ReadOnly() bool
	// DataVersion changes when another program changes the library.
	DataVersion(ctx context.Context) (int64, error)
	// ExampleQueries are searches to try, from the library's headings.
	ExampleQueries(ctx context.Context, n int) ([]string, error)
	// FolderOf is the library folder whose scans reach a path, and the
	// path relative to it (index.ErrUnknownFolder when none does).
	FolderOf(ctx context.Context, path string) (index.Folder, string, error)
	// FirstChunk is the first passage of the file at path
	// (index.ErrNotIndexed when the library does not hold it).
	FirstChunk(ctx context.Context, path string) (index.Hit, error)
	// Tags are the library's tags (one folder's: its ID), most used first.
	Tags(ctx context.Context, folderID int64) ([]index.TagCount, error)
}

// ChangePoll is how often the window asks whether another program changed
// the library (a cheap read of a counter SQLite keeps).
const ChangePoll = 1500 * time.Millisecond

// Debounce is how long typing must pause before a search runs.
const Debounce = 120 * time.Millisecond

// Window is Folio's main window.
type Window struct {
	app fyne.App
	win fyne.Window
	lib Library

	search *searchEntry
	refine *refinementBar // "Your notes say: …" under the search field
	status *widget.Label
	// scope is the folder clicked in the sidebar, which searches are
	// narrowed to (nil: all); its chip's × widens them again.
	scope   atomic.Pointer[index.Folder]
	filters *filterbar.Bar
	store   *searches.Store  // the history and saved searches (nil: none could be kept)
	walk    *searches.Walker // Up and Down in an empty field (walkHistory)
	saved   *filterbar.SavedList
	// "Also searched: ibuprofen" and a button to search what was typed.
	correction *fyne.Container
	corrected  *widget.Label
	exact      *widget.Button
	results    *resultList
	preview    *preview
	// previewHint stands in the preview's place while it shows nothing.
	previewHint *widget.Label
	start       *startPanel
	library     *sidebar
	imports     *importPanel
	center      *fyne.Container // results+preview, or the empty-library target
	split       *container.Split
	empty       fyne.CanvasObject

	searchSeq   atomic.Int64 // the newest search; older answers are dropped
	tagsSeq     atomic.Int64 // the newest tag list asked for (loadTags)
	searchMu    sync.Mutex
	stopSearch  context.CancelFunc // cancels the newest search's context (newSearch)
	busy        atomic.Int64       // background tasks running or scheduled
	stopBg      context.CancelFunc
	bgCtx       context.Context // cancelled by Shutdown
	debounceMu  sync.Mutex
	debounce    *time.Timer
	lastQuery   string
	openInShell func(path string, line int) error // opens a file in the user's editor
	openURL     func(u string) error
	health      *index.Health                 // the last health report shown
	watcher     atomic.Pointer[watch.Watcher] // keeps the folders in step with the disk (Watch)
	uiMu        sync.Mutex                    // see do
	about       func() About                  // SetAbout
	dialogs     []*keyedDialog                // shown dialogs, the top last (showWithKeys)
	keysBefore  func(*fyne.KeyEvent)          // the canvas's keys before the first of them
}

// New builds the window over lib. Call ShowAndRun on the result's Window.
func New(a fyne.App, lib Library) *Window {
	w := &Window{app: a, lib: lib}
	// The background work started below changes widgets through do, which
	// Fyne's test driver runs at once on that work's goroutine: it waits
	// until the window is built. (On a desktop, do runs on this thread,
	// after New.) New itself never calls do.
	w.uiMu.Lock()
	defer w.uiMu.Unlock()
	look.Apply(a)
	w.bgCtx, w.stopBg = context.WithCancel(context.Background())
	w.win = a.NewWindow("Folio")
	w.openInShell = launch.InEditor
	w.openURL = func(u string) error {
		parsed, err := parseURL(u)
		if err != nil {
			return err
		}
		return a.OpenURL(parsed)
	}

	w.status = widget.NewLabel("")
	w.status.Truncation = fyne.TextTruncateEllipsis
	w.search = newSearchEntry(w)
	w.search.SetPlaceHolder("Search your notes…   \"phrase\"  prefix*  -exclude  in:heading  tag:x  after:2024")
	w.refine = newRefinementBar(w)
	w.newFilters()
	w.results = newResultList(w)
	w.preview = newPreview(w)
	w.library = newSidebar(w)
	w.imports = newImportPanel(w)

	w.start = newStartPanel(w)
	// Until a passage is shown, the preview's place says what it is for
	// rather than drawing an empty heading over a separator.
	w.previewHint = widget.NewLabelWithStyle("The passage you select is shown here, in its section.", fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	w.previewHint.Wrapping = fyne.TextWrapWord
	w.split = container.NewHSplit(container.NewStack(w.results.root, w.start.root), container.NewStack(w.preview.root, container.NewPadded(w.previewHint)))
	w.showPreviewHint(true)
	w.results.list.Hide() // the start panel until the first query
	// The results' share of the width, as the user last left it; at
	// least 30% (the preview's buttons scroll rather than squeeze them).
	w.split.Offset = min(max(a.Preferences().FloatWithFallback(PrefSplit, 0.45), 0.3), 0.8)
	w.empty = w.emptyTarget()
	w.center = container.NewStack(w.split)

	help := widget.NewButtonWithIcon("", theme.HelpIcon(), w.showHelp)
	buttons := container.NewHBox(w.historyButton(), widget.NewButton("Health", w.showHealth), widget.NewButton("Preferences", w.showPreferences), help)
	// The chips sit under the field, right after it in Tab order; the
	// buttons keep their height at the top.
	top := container.NewBorder(nil, nil, nil, container.NewVBox(buttons), container.NewVBox(w.search, w.refine.root))
	// The words searched and the way back to what was typed share a line
	// while both fit; past that the button wraps under them, so three
	// idioms' words are never cut off at 800 px (wraprow).
	w.corrected = widget.NewLabel("")
	w.exact = widget.NewButton("", nil)
	w.exact.Importance = widget.LowImportance
	w.correction = wraprow.New(w.corrected, w.exact)
	w.correction.Hide()
	statusRow := container.NewBorder(nil, nil, w.filters.InForce, nil, w.status)
	f := w.filters
	main := container.NewBorder(container.NewVBox(top, f.Controls, f.Dates, statusRow, f.Notices(), w.correction), w.imports.root, nil, nil, w.center)
	body := container.NewHSplit(w.library.root, main)
	body.Offset = 0.22
	w.win.SetContent(body)
	// The size the window was left at (Fyne cannot place a window, so its
	// position is the window manager's).
	prefs := a.Preferences()
	w.win.Resize(fyne.NewSize(max(float32(prefs.FloatWithFallback(PrefWidth, 1180)), 480), max(float32(prefs.FloatWithFallback(PrefHeight, 760)), 360)))
	w.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) { w.HandleDrop(uris) })

	a.Lifecycle().SetOnStopped(w.savePlace)
	w.addShortcuts()
	w.win.Canvas().Focus(w.search)
	if lib.ReadOnly() {
		w.library.setReadOnly()
		w.status.SetText("This library is read-only (its file or folder cannot be written): searching works, changes are disabled.")
	}
	w.refreshFolders()
	w.showSaved()
	w.spawn(w.watchLibrary)
	return w
}

// Background runs work off the UI thread with a context that Shutdown
// cancels; a failure other than the cancel is shown as a problem.
func (w *Window) Background(what string, f func(ctx context.Context) error) {
	w.spawn(func() {
		if err := f(w.bgCtx); err != nil && w.bgCtx.Err() == nil {
			w.do(func() { w.showProblem(what, err, "") })
		}
	})
}

// watchLibrary notices changes made by another program (a second window,
// `folio add` or `folio remove` in a terminal) and refreshes the sidebar;
// when folders came or went, the current search runs again.
func (w *Window) watchLibrary() {
	last, err := w.lib.DataVersion(w.bgCtx)
	if err != nil {
		return
	}
	tick := time.NewTicker(ChangePoll)
	defer tick.Stop()
	for {
		select {
		case <-w.bgCtx.Done():
			return
		case <-tick.C:
		}
		v, err := w.lib.DataVersion(w.bgCtx)
		if err != nil || v == last {
			continue
		}
		last = v
		w.refreshFolders()
	}
}

// runOnUI hands f to the UI thread. A variable so this package's tests
// can be that thread themselves: Fyne's test driver runs f at once on the
// caller's goroutine, where it would change widgets while the test taps
// and reads them.
var runOnUI = fyne.Do

// do runs f on the UI thread. Calls are also serialised here, so that
// under a driver that runs f on the calling goroutine two background tasks
// never change widgets at once. f must not call do.
func (w *Window) do(f func()) {
	runOnUI(func() {
		w.uiMu.Lock()
		defer w.uiMu.Unlock()
		f()
	})
}

// showStart shows the start panel in the results' place, or the results.
func (w *Window) showStart(show bool) {
	if show {
		w.results.list.Hide()
		w.start.root.Show()
	} else {
		w.start.root.Hide()
		w.results.list.Show()
	}
	w.results.setMore(w.results.hasMore)
}

// showPreviewHint puts the hint in the empty preview's place, or the
// preview back.
func (w *Window) showPreviewHint(show bool) {
	if show {
		w.preview.root.Hide()
		w.previewHint.Show()
	} else {
		w.previewHint.Hide()
		w.preview.root.Show()
	}
}

// Window is the Fyne window, for ShowAndRun.
func (w *Window) Window() fyne.Window { return w.win }

// spawn runs f off the UI thread and keeps count, so Shutdown can wait.
func (w *Window) spawn(f func()) {
	w.busy.Add(1)
	go func() {
		defer w.busy.Add(-1)
		f()
	}()
}

// savePlace remembers the split and the window's size. Fyne writes the
// preferences to disk as the app stops, before ShowAndRun returns, and
// ignores changes made after: so this runs when the app stops (New), and
// again from Shutdown for a window whose app did not run.
func (w *Window) savePlace() {
	prefs := w.app.Preferences()
	prefs.SetFloat(PrefSplit, w.split.Offset)
	if size := w.win.Canvas().Size(); size.Width > 0 && size.Height > 0 {
		prefs.SetFloat(PrefWidth, float64(size.Width))
		prefs.SetFloat(PrefHeight, float64(size.Height))
	}
}

// Shutdown cancels a running import and waits up to timeout for background
// work to end, so the library can be closed cleanly after the window.
func (w *Window) Shutdown(timeout time.Duration) bool {
	w.savePlace()
	if w.store != nil && w.lastQuery != "" {
		w.store.Remember(w.currentQuery()) // the search the window closed on
	}
	w.imports.stopAll()
	w.stopBg()
	deadline := time.Now().Add(timeout)
	for w.busy.Load() > 0 {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// scheduleSearch runs the query after the typing pauses for Debounce.
func (w *Window) scheduleSearch(q string) {
	w.preview.opened.Store(false) // what is typed now replaces an opened file
	// A search the new one does not grow from or shrink to is kept in the
	// history; the queries walked through with Up and Down are not.
	if last := w.lastQuery; last != "" && q != "" && !strings.HasPrefix(q, last) && !strings.HasPrefix(last, q) && !w.walk.Walking(q) {
		w.remember()
	}
	w.imports.clearSummary() // the last import's line is old news now
	w.debounceMu.Lock()
	defer w.debounceMu.Unlock()
	if w.debounce != nil && w.debounce.Stop() {
		w.busy.Add(-1) // the pending search will not run
	}
	seq, ctx := w.newSearch() // the keystroke cancels a search still running
	opt := w.searchOptions()
	w.busy.Add(1)
	w.debounce = time.AfterFunc(Debounce, func() {
		defer w.busy.Add(-1)
		w.runSearch(ctx, seq, q, opt)
	})
}

// newSearch numbers a new search and gives it a context. It cancels the
// search before it, whose answer would be dropped: a slow query stops
// rather than run on beside the newer one. Shutdown cancels it too.
func (w *Window) newSearch() (int64, context.Context) {
	w.searchMu.Lock()
	defer w.searchMu.Unlock()
	if w.stopSearch != nil {
		w.stopSearch()
	}
	ctx, cancel := context.WithCancel(w.bgCtx)
	w.stopSearch = cancel
	return w.searchSeq.Add(1), ctx
}

// runSearch searches off the UI thread and shows the answer only if no
// newer search was started meanwhile. A cancelled search's answer is
// never shown, whatever the library returned for it.
func (w *Window) runSearch(ctx context.Context, seq int64, q string, opt index.SearchOptions) {
	current := func() bool { return ctx.Err() == nil && w.searchSeq.Load() == seq }
	if strings.TrimSpace(q) == "" && len(opt.Filters) == 0 {
		w.do(func() {
			if current() {
				w.lastQuery = ""
				w.showStart(true)
				w.results.set(nil)
				w.preview.clear()
				w.status.SetText("")
				w.showCorrections("", nil)
				w.refine.set("", nil)
				w.filters.SetInForce(nil)
				w.filters.SetNotices(nil)
			}
		})
		return
	}
	scope := w.scope.Load()
	res, err := w.lib.Search(ctx, q, opt)
	w.do(func() {
		if !current() {
			return // stale: the user typed on
		}
		if err != nil {
			w.status.SetText("Search failed: " + err.Error())
			w.refine.set("", nil)
			return
		}
		w.lastQuery = q
		w.showStart(false)
		w.results.set(res.Hits)
		w.results.setMore(passages(res.Hits) < res.Total)
		w.showCorrections(q, res.Corrections)
		w.refine.set(q, res.Refinements)
		w.filters.SetInForce(res.Filters)
		w.filters.SetNotices(res.Notices)
		w.showCount(res, scope)
		switch {
		case w.preview.opened.Load():
			// An opened file stays shown when the search runs again.
		case len(res.Hits) > 0:
			w.results.selectHit(0)
		default:
			w.preview.clear()
		}
	})
}

// showCount says how many results there are, in which folder.
func (w *Window) showCount(res *index.Results, scope *index.Folder) {
	status := statusLine(res, len(w.results.page), w.results.hasMore)
	name := ""
	if scope != nil {
		name = folderName(*scope)
	}
	if where := filterbar.SearchedIn(name, res.Filters); where != "" {
		status = strings.Replace(status, " · ", where+" · ", 1)
	}
	if w.lib.ReadOnly() {
		status += " · read-only library"
	}
	w.status.SetText(status)
}

// statusLine counts the results, and says how many of them are shown
// when "Show more results" could show others (more).
func statusLine(res *index.Results, shown int, more bool) string {
	ms := float64(res.Elapsed.Microseconds()) / 1000
	total := snippet.Thousands(res.Total)
	if res.TotalCapped {
		total += "+"
	}
	switch {
	case res.Total == 0 && len(res.Filters) > 0: // a filter may be what finds nothing
		return fmt.Sprintf("No results · %.1f ms. Try fewer words or filters (× takes one off), check the spelling, or another folder (Ctrl+O adds one).", ms)
	case res.Total == 0:
		return fmt.Sprintf("No results · %.1f ms. Try fewer words, check the spelling, or another folder (Ctrl+O adds one).", ms)
	case more || res.TotalCapped:
		return fmt.Sprintf("Showing %s of %s results · %.1f ms", snippet.Thousands(shown), total, ms)
	case res.Total == 1:
		return fmt.Sprintf("1 result · %.1f ms", ms)
	}
	return fmt.Sprintf("%s results · %.1f ms", snippet.Thousands(res.Total), ms)
}

// showCorrections says which words were searched in place of unknown
// ones, with a button that searches exactly what was typed (the words in
// quotes are never corrected).
func (w *Window) showCorrections(q string, cs []index.Correction) {
	if len(cs) == 0 {
		w.correction.Hide()
		return
	}
	var searched, typed []string
	for _, c := range cs {
		searched = append(searched, c.Searched)
		if !slices.Contains(typed, c.Typed) { // "car" brings vehicle and automobile
			typed = append(typed, c.Typed)
		}
	}
	w.corrected.SetText("Also searched: " + strings.Join(searched, ", "))
	w.exact.SetText("Search only for " + strings.Join(typed, ", "))
	w.exact.OnTapped = func() { w.search.SetText(quoteWords(q, typed)) }
	w.correction.Show()
}

// quoteWords puts each word of words in quotes in the query q; an idiom
// ("burning up") is found whatever spaces were typed between its words.
func quoteWords(q string, words []string) string {
	for _, wd := range words {
		fields := strings.Fields(wd)
		for i, f := range fields {
			fields[i] = regexp.QuoteMeta(f)
		}
		if loc := regexp.MustCompile(strings.Join(fields, `\s+`)).FindStringIndex(q); len(fields) > 0 && loc != nil {
			q = q[:loc[0]] + `"` + q[loc[0]:loc[1]] + `"` + q[loc[1]:]
		}
	}
	return q
}

// showProblem tells the user what happened and what to do, never crashing.
func (w *Window) showProblem(what string, err error, todo string) {
	msg := fmt.Sprintf("%s\n\n%v", what, err)
	if todo != "" {
		msg += "\n\n" + todo
	}
	w.showMessage("Problem", msg)
}

// fixedWidth holds b at the width of its widest label, its own or one of
// others, so that a label it changes to ("Copied") moves no neighbour.
// The width is measured at each layout: one measured once kept the
// buttons at the text size the window opened with after Ctrl+0.
func fixedWidth(b *widget.Button, others ...string) fyne.CanvasObject {
	return container.New(&widestLabel{b, append(others, b.Text)}, b)
}

type widestLabel struct {
	b      *widget.Button
	labels []string
}

func (l *widestLabel) MinSize([]fyne.CanvasObject) fyne.Size {
	width := func(s string) float32 {
		return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{Bold: true}).Width
	}
	widest := float32(0)
	for _, s := range l.labels {
		widest = max(widest, width(s))
	}
	m := l.b.MinSize()
	return fyne.NewSize(m.Width+max(0, widest-width(l.b.Text)), m.Height)
}

func (l *widestLabel) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Resize(size)
	objs[0].Move(fyne.Position{})
}

// setHasFolders switches between the results and the empty-library target.
func (w *Window) setHasFolders(has bool) {
	if has {
		w.center.Objects = []fyne.CanvasObject{w.split}
	} else {
		w.center.Objects = []fyne.CanvasObject{w.empty}
	}
	w.center.Refresh()
}
