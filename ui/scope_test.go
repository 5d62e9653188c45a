package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"folio/internal/testutil"
	"folio/internal/testutil/testlib"
)

// foldersOf is the folders the shown rows come from.
func foldersOf(w *Window) map[string]bool {
	out := map[string]bool{}
	for _, h := range w.results.hits {
		out[h.Folder] = true
	}
	return out
}

// A click on a folder in the sidebar narrows the results to it, says so
// beside the count, and the chip's × widens them again.
func TestClickingAFolderScopesTheSearch(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# Leave\n\nannual leave here\n"})
	b := testlib.AddFolder(t, ix, map[string]string{"b.md": "# Leave\n\nannual leave there\n"})
	w := newWindow(t, ix)
	waitFor(t, "two folders", func() bool { return len(w.library.folders) == 2 })
	test.Type(w.search, "annual leave")
	waitFor(t, "hits from both folders", func() bool { return len(foldersOf(w)) == 2 })
	if len(w.filters.Chips()) != 0 {
		t.Error("a scope shown before any click")
	}
	i := 0
	if w.library.folders[1].Path == b {
		i = 1
	}
	w.library.list.Select(i)
	name := filepath.Base(b)
	waitFor(t, "hits from the clicked folder only", func() bool {
		f := foldersOf(w)
		return len(f) == 1 && f[b] && strings.Contains(w.status.Text, "in "+name)
	})
	chips := w.filters.Chips()
	if len(chips) != 1 || chips[0].Label() != "In "+name {
		t.Fatalf("scope chips %v, want one reading In %s", chipLabels(w), name)
	}
	test.Tap(chips[0])
	waitFor(t, "hits from both folders again", func() bool {
		return len(foldersOf(w)) == 2 && !strings.Contains(w.status.Text, " in ")
	})
	if len(w.filters.Chips()) != 0 || w.library.selected != -1 {
		t.Errorf("after ×: chips %v, folder selected %d", chipLabels(w), w.library.selected)
	}
}

// With a folder of the user's own added, the sample's hits come after
// theirs, marked as the sample, and the window says (once, under the
// import) that it can be removed.
func TestSampleHitsComeLastMarkedAndRemovable(t *testing.T) {
	ix := testlib.Open(t)
	sample := testlib.AddFolder(t, ix, map[string]string{"dose.md": "# Ibuprofen dose for a child\n\nHow much ibuprofen can a child take: the child ibuprofen dose.\n"})
	if err := ix.SetSample(context.Background(), sample, true); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	waitFor(t, "the sample", func() bool { return len(w.library.folders) == 1 })
	mine := testutil.WriteFolder(t, map[string]string{"notes.md": "# Pharmacy\n\nAsk about ibuprofen at the pharmacy.\n"})
	w.imports.enqueue(mine, true)
	waitFor(t, "the hint to remove the sample", func() bool {
		return onUI(w, func() bool {
			return strings.Contains(w.imports.summary.Text, "Remove sample library") && !strings.Contains(w.status.Text, "Remove sample library")
		})
	})
	test.Type(w.search, "how much ibuprofen can a child take")
	waitFor(t, "two hits", func() bool { return onUI(w, func() bool { return len(w.results.hits) == 2 }) })
	if w.results.hits[0].Folder != mine {
		t.Errorf("first hit from %s, want the user's folder", w.results.hits[0].Folder)
	}
	row := w.results.list.CreateItem()
	w.results.list.UpdateItem(1, row)
	if !strings.Contains(rowTexts(row), "SAMPLE, not your notes · dose.md") {
		t.Errorf("the sample's hit is not marked: %q", rowTexts(row))
	}
}
