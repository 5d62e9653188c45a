package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/watch"
)

// While the window is open, a saved edit, a note in a new subfolder and a
// deletion reach the results within waitFor's two seconds.
func TestWindowFollowsSavedEditsNewFoldersAndDeletions(t *testing.T) {
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha notes\n"})
	w := newWindow(t, ix)
	if err := w.Watch(watch.Options{}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the folder to be watched", func() bool {
		wt := w.watcher.Load()
		return wt != nil && len(wt.Status()) == 1 && wt.Status()[0].Folders == 1
	})
	hits := func() int { return len(w.results.hits) }
	test.Type(w.search, "zebraword")
	time.Sleep(3 * Debounce)
	pumpUI()
	if hits() != 0 {
		t.Fatal("found before it was written")
	}
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nalpha notes zebraword\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the saved edit in the results", func() bool { return hits() == 1 })

	if err := os.MkdirAll(filepath.Join(dir, "new"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "new", "b.md"), []byte("# B\n\nzebraword in a new folder\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the new subfolder's note in the results", func() bool { return hits() == 2 })

	if err := os.Remove(filepath.Join(dir, "a.md")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the deleted note to leave the results", func() bool {
		return hits() == 1 && strings.HasSuffix(w.results.hits[0].Path, "b.md")
	})
	waitFor(t, "the sidebar's count", func() bool {
		return len(w.library.folders) == 1 && w.library.folders[0].Documents == 1
	})
}

// Opening the window catches up with edits made while it was closed.
func TestOpeningTheWindowCatchesUpWithEditsMadeWhileClosed(t *testing.T) {
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha notes\n"})
	path := filepath.Join(dir, "a.md")
	if err := os.WriteFile(path, []byte("# A\n\nalpha notes quokkaword\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	w.CatchUp()
	test.Type(w.search, "quokkaword")
	waitFor(t, "the edit made while closed in the results", func() bool { return len(w.results.hits) == 1 })
	waitFor(t, "the catch-up's summary", func() bool {
		return w.imports.summary.Visible() && strings.Contains(w.imports.summary.Text, "1 updated")
	})
}

// Open in editor and Copy citation check the hit against its file first:
// lines inserted above move the citation; a passage that is gone is said
// to be gone, with a rescan of the file offered.
func TestOpeningAStaleHitUsesTheLinesAsTheyAreNow(t *testing.T) {
	ix := testlib.Open(t)
	note := "# Fever\n\n## Dosing\n\nParacetamol every four to six hours.\n"
	dir := testlib.AddFolder(t, ix, map[string]string{"fever.md": note})
	w := newWindow(t, ix)
	var opened int
	w.openInShell = func(path string, line int) error { opened = line; return nil }
	test.Type(w.search, "paracetamol")
	waitFor(t, "the hit", func() bool { return len(w.results.hits) == 1 && w.preview.has })

	path := filepath.Join(dir, "fever.md")
	if err := os.WriteFile(path, []byte("Six lines on top.\n\n\n\n\n\n"+note), 0o644); err != nil {
		t.Fatal(err)
	}
	w.preview.openHit()
	if opened != 11 {
		t.Errorf("opened at line %d, want 11 (5 + the 6 inserted)", opened)
	}
	w.preview.copyCitation()
	if got := w.app.Clipboard().Content(); !strings.Contains(got, "fever.md:11 · ") {
		t.Errorf("copied %q", got)
	}
	w.rerunSearch()
	waitFor(t, "the changed mark", func() bool {
		return len(w.results.hits) == 1 && strings.Contains(citationLine(w.results.hits[0]), "changed since indexed")
	})

	if err := os.WriteFile(path, []byte("# Fever\n\nRewritten.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opened = 0
	w.preview.openHit()
	if opened != 0 {
		t.Errorf("a gone passage was opened at line %d", opened)
	}
	waitFor(t, "the dialog", func() bool { return len(w.win.Canvas().Overlays().List()) > 0 })
	text := fynetest.Texts(w.win.Canvas().Overlays().Top())
	if !strings.Contains(text, "no longer in fever.md") || !strings.Contains(text, "Rescan") {
		t.Errorf("dialog %q", text)
	}
	w.rescanFile(w.preview.hit)
	waitFor(t, "the rescanned file to drop the hit", func() bool { return len(w.results.hits) == 0 })
}
