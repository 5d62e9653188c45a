package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/testlib"
	"folio/ui/internal/filterbar"
	"folio/ui/internal/look"
)

// At 125 % text the window still fits 800×600, with the Tags row and the
// custom date fields showing, after it was laid out wide: the tags row
// used to ask for its one-line width (and the date fields for 674 px),
// so the window could not be made smaller than 869 px.
func TestAt125PercentTextTheWindowFits800x600(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "---\ntags: [hr/leave, policy, travel]\n---\n# A\n\nalpha leave\n"})
	w := newWindow(t, ix)
	test.Type(w.search, "leave")
	waitFor(t, "results", func() bool { return onUI(w, func() bool { return len(w.results.hits) > 0 }) })
	settled(w)
	onUI(w, func() bool {
		// Under the window's lock: a theme change refreshes every widget,
		// and must not race the window's own background updates.
		fyne.CurrentApp().Settings().SetTheme(look.New(look.Dark, 1.25))
		w.filters.DateChoice.SetSelected(filterbar.Custom)
		settleWindow(w, fyne.NewSize(1100, 700))
		if m := w.win.Content().MinSize(); m.Width > 800 || m.Height > 600 {
			t.Errorf("at 125 %% text the window needs %.0f×%.0f", m.Width, m.Height)
		}
		return true
	})
}
