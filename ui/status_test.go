package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/internal/testutil/testlib"
)

// The window counts as the command line does: "1,000+ results".
func TestStatusLineCountsWithCommasAsTheCLIDoes(t *testing.T) {
	for _, c := range []struct {
		res   index.Results
		shown int
		want  string
	}{
		{index.Results{Total: 1000, TotalCapped: true}, 50, "Showing 50 of 1,000+ results"},
		{index.Results{Total: 1234}, 1234, "1,234 results"},
		{index.Results{Total: 1}, 1, "1 result "},
	} {
		if got := statusLine(&c.res, c.shown, false); !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v: %q, want %q…", c.res, got, c.want)
		}
	}
}

// "Copied" on a copy button moves no other button: the buttons keep
// their widths.
func TestCopiedKeepsTheButtonsInPlace(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\n## Part\n\nzebra notes\n"})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	test.Type(w.search, "zebra")
	waitFor(t, "the preview", func() bool { return w.preview.has })
	row := w.preview.actions
	before := row.MinSize()
	for _, b := range []*widget.Button{w.preview.copyButton, w.preview.pathButton} {
		test.Tap(b)
		if b.Text != "Copied" || row.MinSize() != before {
			t.Errorf("%q: the buttons' row went from %v to %v", b.Text, before, row.MinSize())
		}
	}
}

// Removing a folder says so; the line under the results (and "Import
// finished") goes on the next action, a search typed.
func TestRemovingAFolderSaysSoUntilTheNextAction(t *testing.T) {
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha\n"})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	summary := w.imports.summary
	w.removeFolder(dir)
	want := "Removed " + dir + " from the library (no files were touched)"
	waitFor(t, "the removal said", func() bool { return summary.Visible() && summary.Text == want })
	test.Type(w.search, "alpha")
	if summary.Visible() {
		t.Errorf("%q stays after a search", summary.Text)
	}

	w.imports.enqueue(dir, true)
	waitFor(t, "the import finished", func() bool { return summary.Visible() && strings.HasPrefix(summary.Text, "Import finished") })
	test.Type(w.search, " beta")
	if summary.Visible() {
		t.Errorf("%q stays after a search", summary.Text)
	}
}

// "No results" says what to try.
func TestNoResultsSaysWhatToTry(t *testing.T) {
	got := statusLine(&index.Results{}, 0, false)
	for _, want := range []string{"No results", "fewer words", "spelling", "folder"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q does not say %q", got, want)
		}
	}
}

// The window opens at the size it was left at.
func TestWindowSizeIsRemembered(t *testing.T) {
	ix := testlib.Open(t)
	a := test.NewTempApp(t)
	w := New(a, ix)
	w.win.Resize(fyne.NewSize(900, 640))
	w.Shutdown(5 * time.Second)
	again := New(a, ix)
	defer again.Shutdown(5 * time.Second)
	if got := again.win.Canvas().Size(); got != fyne.NewSize(900, 640) {
		t.Errorf("the window opens at %v, was left at 900×640", got)
	}
}
