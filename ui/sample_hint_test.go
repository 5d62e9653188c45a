package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"folio/index"
	"folio/internal/testutil"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

// Adding the first folder of one's own beside the sample library says
// once, not twice, that the sample can go.
func TestFirstFolderBesideTheSampleSaysSoOnce(t *testing.T) {
	ix := testlib.Open(t)
	sample := testutil.WriteFolder(t, map[string]string{"welcome.md": "# Welcome\n\nHello.\n"})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, sample, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := ix.SetSample(ctx, sample, true); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	// The window lists its folders in the background at start; the hint is
	// about the sample it lists.
	waitFor(t, "the sample, listed", func() bool { return onUI(w, func() bool { return len(w.library.folders) == 1 }) })
	dir := testutil.WriteFolder(t, map[string]string{"n/leave.md": handbook})
	w.HandleDrop([]fyne.URI{storage.NewFileURI(filepath.Join(dir, "n"))})
	waitFor(t, "import summary", func() bool { return onUI(w, func() bool { return w.imports.summary.Visible() }) })
	var shown string
	onUI(w, func() bool { shown = fynetest.Texts(w.win.Content()); return true })
	if n := strings.Count(shown, "Remove sample library\" in the sidebar"); n != 1 {
		t.Errorf("the window says %d times that the sample can be removed, want once:\n%s", n, shown)
	}
}
