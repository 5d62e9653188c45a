package ui

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"folio/index"
	"folio/internal/testutil"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

// countingLibrary counts the imports the window starts.
type countingLibrary struct {
	Library
	adds, scans *atomic.Int64
}

func (c countingLibrary) AddFolder(ctx context.Context, dir string, opt index.ImportOptions) (index.Summary, error) {
	c.adds.Add(1)
	return c.Library.AddFolder(ctx, dir, opt)
}

func (c countingLibrary) ScanFolder(ctx context.Context, dir string, opt index.ImportOptions) (index.Summary, error) {
	c.scans.Add(1)
	return c.Library.ScanFolder(ctx, dir, opt)
}

func newCounting(ix Library) countingLibrary {
	return countingLibrary{Library: ix, adds: new(atomic.Int64), scans: new(atomic.Int64)}
}

// onUI reads the window's state as its callbacks leave it (they hold uiMu).
func onUI(w *Window, f func() bool) bool {
	pumpUI()
	w.uiMu.Lock()
	defer w.uiMu.Unlock()
	return f()
}

// selectedFolder is the sidebar's selected folder, "" for none.
func selectedFolder(w *Window) string {
	f, ok := w.library.current()
	if !ok {
		return ""
	}
	return f.Path
}

// showsFile reports whether the preview shows rel's section, rendered.
func showsFile(w *Window, rel, text string) bool {
	return onUI(w, func() bool {
		return w.preview.has && w.preview.hit.Path == rel && w.preview.hitBox != nil && strings.Contains(rowTexts(w.preview.hitBox), text)
	})
}

const guide = "# Guide\n\nStart with the kettle.\n\n## Tea\n\nSteep four minutes.\n"

// `folio FILE.md` on a file outside the library: its folder is added with
// the import panel, and the file's first section is shown as a
// clicked result is, even though a search is on screen and runs again.
func TestOpeningAFileInANewFolderAddsItAndShowsTheFile(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"zoo.md": "# Zoo\n\nzebra stripes\n", "tea.md": "# Kettle\n\nkettle facts\n"})
	lib := newCounting(ix)
	w := newWindow(t, lib)
	test.Type(w.search, "kettle")
	waitFor(t, "the search's results", func() bool {
		return onUI(w, func() bool { return w.lastQuery == "kettle" && w.preview.hitBox != nil })
	})

	dir := testutil.WriteFolder(t, map[string]string{"notes/guide.md": guide, "notes/other.md": "# Other\n\nkettle again\n"})
	file := filepath.Join(dir, "notes", "guide.md")
	w.Open([]string{file})
	waitFor(t, "the import's summary", func() bool { return onUI(w, w.imports.summary.Visible) })
	if s := w.imports.summary.Text; !strings.Contains(s, "2 added") {
		t.Errorf("summary %q", s)
	}
	waitFor(t, "the file's first section", func() bool { return showsFile(w, "guide.md", "Start with the kettle.") })
	waitFor(t, "the new folder, listed", func() bool {
		return onUI(w, func() bool { return len(w.library.folders) == 2 })
	})
	// A file opened is shown; the search stays over every folder, so no
	// folder is highlighted as if it were the search's scope.
	if got := onUI(w, func() bool { return selectedFolder(w) == "" && w.scope.Load() == nil }); !got {
		t.Errorf("opening a file selected %q (scope %v)", selectedFolder(w), w.scope.Load())
	}
	if lib.adds.Load() != 1 {
		t.Errorf("%d imports, want 1", lib.adds.Load())
	}
	// The search ran again after the import; the opened file stays shown.
	time.Sleep(3 * Debounce)
	settled(w)
	if !showsFile(w, "guide.md", "Start with the kettle.") {
		t.Fatalf("the preview went to %s", w.preview.hit.Path)
	}
	if strings.Contains(rowTexts(w.preview.body), "Steep") {
		t.Errorf("preview shows more than the first section: %q", rowTexts(w.preview.body))
	}
	h := w.preview.hit
	if w.preview.heading.Text != "Guide" || w.preview.cite.Text != "notes/guide.md:3 · Guide" || w.preview.cite.Text != h.Citation() {
		t.Errorf("heading %q, citation %q", w.preview.heading.Text, w.preview.cite.Text)
	}
	var opened string
	w.openInShell = func(path string, line int) error { opened = path + ":" + strconv.Itoa(line); return nil }
	w.preview.openHit()
	if opened != file+":3" {
		t.Errorf("opened %q, want %q", opened, file+":3")
	}
	// A search typed now replaces it.
	test.Type(w.search, " facts")
	waitFor(t, "the new search's first hit", func() bool {
		return onUI(w, func() bool { return w.lastQuery == "kettle facts" && w.preview.hit.Path == "tea.md" })
	})
}

// Opening what the library holds adds nothing: a library folder (or one
// inside it) is selected and the search narrowed to it, as a click does;
// an indexed file is shown at once (the search's scope left as it was); a
// file made since is indexed alone and shown.
func TestOpeningWhatTheLibraryHoldsAddsNothing(t *testing.T) {
	ix := testlib.Open(t)
	a := testutil.WriteFolder(t, map[string]string{"a.md": "# A\n\nalpha notes\n", "sub/deep.md": guide})
	b := testutil.WriteFolder(t, map[string]string{"b.md": "# B\n\nbravo notes\n"})
	for _, d := range []string{a, b} {
		if _, err := ix.AddFolder(context.Background(), d, index.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	lib := newCounting(ix)
	w := newWindow(t, lib)
	want := func(dir string) {
		t.Helper()
		waitFor(t, dir+" selected", func() bool {
			return onUI(w, func() bool { f := w.scope.Load(); return selectedFolder(w) == dir && f != nil && f.Path == dir })
		})
	}
	w.Open([]string{b})
	want(b)
	w.Open([]string{filepath.Join(a, "sub")})
	want(a)
	w.HandleDrop([]fyne.URI{storage.NewFileURI(b)})
	want(b)

	w.Open([]string{filepath.Join(a, "sub", "deep.md")})
	waitFor(t, "the indexed file", func() bool { return showsFile(w, "sub/deep.md", "Start with the kettle.") })
	settled(w)
	want(b) // the scope chosen before stays
	// Several folders at once: none of them becomes the scope.
	w.Open([]string{a, b})
	settled(w)
	want(b)
	w.Open([]string{b, a})
	settled(w)
	want(b)
	if n, s := lib.adds.Load(), lib.scans.Load(); n != 0 || s != 0 {
		t.Errorf("%d adds and %d scans for what the library holds", n, s)
	}

	// Written after the folder was indexed: that one file is indexed.
	if err := os.WriteFile(filepath.Join(a, "new.md"), []byte("# New\n\nnewly written\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.Open([]string{filepath.Join(a, "new.md")})
	waitFor(t, "the new file", func() bool { return showsFile(w, "new.md", "newly written") })
	if n := lib.adds.Load(); n != 0 {
		t.Errorf("%d adds", n)
	}
	settled(w)
	if len(w.library.folders) != 2 || w.imports.running.Visible() {
		t.Errorf("%d folders, import running %v", len(w.library.folders), w.imports.running.Visible())
	}
}

// A dropped Markdown file is shown once its folder is imported; paths
// that are not there or not Markdown are said, and nothing is added.
func TestDroppedFileIsShownAndBadPathsAreSaid(t *testing.T) {
	ix := testlib.Open(t)
	w := newWindow(t, ix)
	dir := testutil.WriteFolder(t, map[string]string{"guide.MD": guide, "list.txt": "text"})
	w.HandleDrop([]fyne.URI{storage.NewFileURI(filepath.Join(dir, "guide.MD"))})
	waitFor(t, "the dropped file's section", func() bool { return showsFile(w, "guide.MD", "Start with the kettle.") })
	waitFor(t, "its folder, added", func() bool {
		return onUI(w, func() bool { return len(w.library.folders) == 1 && selectedFolder(w) == "" })
	})

	missing := filepath.Join(dir, "gone.md")
	w.Open([]string{missing, filepath.Join(dir, "list.txt")})
	if overlays(w) != 1 {
		t.Fatalf("%d dialogs", overlays(w))
	}
	text := fynetest.Texts(w.win.Canvas().Overlays().Top())
	if !strings.Contains(text, missing+": no such file or folder") || !strings.Contains(text, "list.txt is not Markdown") {
		t.Errorf("dialog %q", text)
	}
}

// A file in a library folder that its scans leave out is not shown, and
// the message says why.
func TestOpeningAFileTheScansLeaveOutSaysWhy(t *testing.T) {
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha\n", ".draft.md": "# Draft\n\nhidden\n"})
	w := newWindow(t, ix)
	w.Open([]string{filepath.Join(dir, ".draft.md")})
	waitFor(t, "the message", func() bool { return onUI(w, func() bool { return overlays(w) == 1 }) })
	if text := fynetest.Texts(w.win.Canvas().Overlays().Top()); !strings.Contains(text, ".draft.md cannot be shown") || !strings.Contains(text, "hidden file") {
		t.Errorf("dialog %q", text)
	}
	if w.preview.has {
		t.Error("something is shown")
	}
}
