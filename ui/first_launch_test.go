package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"folio/internal/testutil/testlib"
)

// On first launch the preview's place says what it is for, with no empty
// heading or stray separator; a shown passage replaces it, and clearing
// the search brings it back.
func TestTheEmptyPreviewSaysWhatItIsFor(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"handbook/leave.md": handbook})
	w := newWindow(t, ix)
	if w.preview.root.Visible() || !w.previewHint.Visible() || !strings.Contains(w.previewHint.Text, "passage you select is shown here") {
		t.Fatalf("first launch: preview shown %v, hint %v %q", w.preview.root.Visible(), w.previewHint.Visible(), w.previewHint.Text)
	}
	test.Type(w.search, "sick leave")
	waitFor(t, "the preview", func() bool { return onUI(w, func() bool { return w.preview.hitBox != nil }) })
	if !w.preview.root.Visible() || w.previewHint.Visible() {
		t.Error("a shown passage left the hint up")
	}
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	waitFor(t, "cleared", func() bool {
		return onUI(w, func() bool { return !w.preview.root.Visible() && w.previewHint.Visible() })
	})
}

// tryButtons are the start panel's suggestions.
func tryButtons(w *Window) []*widget.Button {
	var out []*widget.Button
	for _, o := range w.start.examples.Objects {
		if b, ok := o.(*widget.Button); ok {
			out = append(out, b)
		}
	}
	return out
}

// The start panel's "Try:" suggestions are the same at every launch, whole
// (not cut off), and a click searches for one.
func TestTrySuggestionsAreStableAndSearch(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{
		"leave.md":   handbook,
		"travel.md":  "# Travel\n\n## Booking flights\n\nUse the portal to book flights.\n\n## Per diem rates\n\nRates follow the federal table.\n",
		"laptops.md": "# Equipment\n\n## Laptop setup\n\nInstall the updates first.\n\n## Returning a laptop\n\nBring it to the front desk.\n",
	})
	var first []string
	for launch := 0; launch < 2; launch++ {
		w := newWindow(t, ix)
		waitFor(t, "suggestions", func() bool { return onUI(w, func() bool { return len(tryButtons(w)) == 3 }) })
		var got []string
		for _, b := range tryButtons(w) {
			got = append(got, b.Text)
			if b.MinSize().Width > w.split.Size().Width*float32(w.split.Offset) {
				t.Errorf("%q is wider than the results' place", b.Text)
			}
		}
		if launch == 0 {
			first = got
			test.Tap(tryButtons(w)[0])
			waitFor(t, "its search", func() bool { return onUI(w, func() bool { return w.lastQuery == got[0] && len(w.results.hits) > 0 }) })
		} else if strings.Join(got, "|") != strings.Join(first, "|") {
			t.Errorf("suggestions changed between launches: %q then %q", first, got)
		}
		w.Shutdown(0)
	}
}
