package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

// At 800 px, a result row that also offers "▸ N more" (shortened from
// "N more in this file" when narrow) keeps the file's name in its
// citation and cuts the folders before it instead
// ("pages/performance-manage…" hid which file it was).
func TestNarrowResultRowKeepsTheFileName(t *testing.T) {
	var note strings.Builder
	note.WriteString("# Supervisors\n\n")
	for i := range 6 {
		fmt.Fprintf(&note, "## Part %d\n\nSupervisors review quokka goals, part %d.\n\n", i, i)
	}
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"pages/performance-management/supervisors.md": note.String()})
	w := newWindow(t, ix)
	test.Type(w.search, "quokka goals")
	waitFor(t, "results", func() bool { return onUI(w, func() bool { return len(w.results.hits) > 0 }) })
	onUI(w, func() bool {
		settleWindow(w, fyne.NewSize(800, 600))
		var cite, more string
		for _, o := range fynetest.Rendered(w.results.list) {
			if tx, ok := o.(*canvas.Text); ok && (strings.HasPrefix(tx.Text, "pages/") || strings.HasPrefix(tx.Text, "…/")) && cite == "" {
				cite = tx.Text
			}
			if tx, ok := o.(*canvas.Text); ok && strings.HasPrefix(tx.Text, "▸ ") && strings.Contains(tx.Text, " more") && more == "" {
				more = tx.Text
			}
		}
		if more == "" {
			t.Fatal("no row offers more passages of its file")
		}
		if !strings.Contains(cite, "supervisors.md") {
			t.Errorf("the first row's citation reads %q beside %q, want the file name whole (its folders cut first)", cite, more)
		}
		return true
	})
}

// At 800 px a sample's row that also offers more passages of its file
// says SAMPLE and the file's name, not "SAMPLE, not yo…": the badge is
// shortened before the name is cut.
func TestNarrowSampleRowKeepsTheFileName(t *testing.T) {
	var note strings.Builder
	note.WriteString("# Handbook\n\n")
	for i := range 6 {
		fmt.Fprintf(&note, "## Part %d\n\nStaff take quokka leave, part %d.\n\n", i, i)
	}
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, map[string]string{"handbook-leave.md": note.String()})
	if err := ix.SetSample(context.Background(), dir, true); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	test.Type(w.search, "quokka leave")
	waitFor(t, "results", func() bool { return onUI(w, func() bool { return len(w.results.hits) > 0 }) })
	onUI(w, func() bool {
		settleWindow(w, fyne.NewSize(800, 600))
		cite := ""
		for _, o := range fynetest.Rendered(w.results.list) {
			if tx, ok := o.(*canvas.Text); ok && strings.HasPrefix(tx.Text, "SAMPLE") && cite == "" {
				cite = tx.Text
			}
		}
		if !strings.HasPrefix(cite, "SAMPLE · handbook-leave") {
			t.Errorf("the first sample row's citation reads %q, want SAMPLE and the file's name", cite)
		}
		return true
	})
}
