package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"folio/index"
	"folio/internal/testutil"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

func TestAnotherProgramsChangesReachTheSidebar(t *testing.T) {
	ix := testlib.Open(t)
	a := testutil.WriteFolder(t, map[string]string{"a.md": "# A\n\nalpha notes\n"})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, a, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	test.Type(w.search, "alpha")
	waitFor(t, "a result", func() bool { return len(w.results.hits) == 1 })
	// Another program (the command line) adds a folder and removes one.
	other, err := index.Open(ix.Path())
	if err != nil {
		t.Fatal(err)
	}
	b := testlib.AddFolder(t, other, map[string]string{"b.md": "# B\n\nbravo notes\n"})
	waitFor(t, "the other program's folder", func() bool {
		return len(w.library.folders) == 2
	})
	if err := other.RemoveFolder(ctx, a); err != nil {
		t.Fatal(err)
	}
	other.Close()
	waitFor(t, "the removed folder to go, and its hit with it", func() bool {
		return len(w.library.folders) == 1 && w.library.folders[0].Path == b && len(w.results.hits) == 0
	})
	// Rescanning a folder another program removed says so, without advice
	// to check a folder that exists.
	w.imports.enqueue(a, false)
	waitFor(t, "the problem dialog", func() bool { return len(w.win.Canvas().Overlays().List()) > 0 })
	text := fynetest.Texts(w.win.Canvas().Overlays().Top())
	if !strings.Contains(text, "removed from the library by another program") || strings.Contains(text, "FOREIGN KEY") || strings.Contains(text, "Check that the folder exists") {
		t.Errorf("dialog: %q", text)
	}
}

func TestOfflineFolderIsMarkedAndItsHitsStay(t *testing.T) {
	ix := testlib.Open(t)
	base := t.TempDir()
	usb := filepath.Join(base, "usb")
	if err := os.MkdirAll(usb, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(usb, "n.md"), []byte("# N\n\nkestrel notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, usb, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(usb, usb+".off"); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	w.imports.enqueue(usb, false)
	waitFor(t, "the summary", func() bool { return w.imports.summary.Visible() })
	if !strings.Contains(w.imports.summary.Text, "offline") || !strings.Contains(w.imports.summary.Text, "kept") {
		t.Errorf("summary %q", w.imports.summary.Text)
	}
	waitFor(t, "the offline mark", func() bool { return w.library.folders[0].Offline != "" })
	row := w.library.list.CreateItem()
	w.library.list.UpdateItem(0, row)
	if text := rowTexts(row); !strings.Contains(text, "offline") || !strings.Contains(text, "1 note · 1 passage kept") {
		t.Errorf("sidebar row %q", text)
	}
	test.Type(w.search, "kestrel")
	waitFor(t, "the hit", func() bool { return len(w.results.hits) == 1 })
	if !strings.Contains(citationLine(w.results.hits[0]), "offline folder") {
		t.Errorf("citation %q", citationLine(w.results.hits[0]))
	}
}

func TestReadOnlyLibraryDisablesChanges(t *testing.T) {
	rw := testlib.Open(t)
	testlib.AddFolder(t, rw, map[string]string{"a.md": "# A\n\nalpha notes\n"})
	ix, err := index.OpenMode(rw.Path(), index.ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	w := newWindow(t, ix)
	if !w.library.add.Disabled() || !strings.Contains(w.status.Text, "read-only") {
		t.Errorf("add enabled %v, status %q", !w.library.add.Disabled(), w.status.Text)
	}
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	w.library.list.Select(0)
	if !w.library.rescan.Disabled() || !w.library.remove.Disabled() {
		t.Error("rescan or remove enabled on a read-only library")
	}
	test.Type(w.search, "alpha")
	waitFor(t, "a result, and the status saying read-only", func() bool {
		return len(w.results.hits) == 1 && strings.Contains(w.status.Text, "1 result") && strings.Contains(w.status.Text, "read-only library")
	})
}
