package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

// settleWindow lays the window out again until sizes stop changing, as
// the desktop driver does after a widget asks for more room.
func settleWindow(w *Window, size fyne.Size) {
	for range 4 {
		w.win.Resize(size.AddWidthHeight(1, 1))
		w.win.Resize(size)
	}
}

// absolute is o's top-left corner in the window.
func absolute(w *Window, o fyne.CanvasObject) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Subtract(fyne.CurrentApp().Driver().AbsolutePositionForObject(w.win.Content()))
}

// At 800×600 and at the default width, each of the preview's four buttons
// is whole inside the preview, its label fitting it (a scroller showed
// two of four at 800×600 and "Show in fo" at 1180 px), and none covers
// another or the line under them.
func TestPreviewButtonsAllReachableWhenNarrow(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"handbook/leave.md": handbook})
	w := newWindow(t, ix)
	test.Type(w.search, "sick leave")
	waitFor(t, "the preview", func() bool { return onUI(w, func() bool { return w.preview.has }) })
	for _, size := range []fyne.Size{{Width: 800, Height: 600}, {Width: 1180, Height: 760}} {
		onUI(w, func() bool {
			settleWindow(w, size)
			p := w.preview
			left, right := absolute(w, p.root).X, absolute(w, p.root).X+p.root.Size().Width
			below := absolute(w, p.matchRow).Y
			if !p.matchRow.Visible() {
				below = absolute(w, p.scroll).Y
			}
			var buttons []*widget.Button
			for _, o := range fynetest.Rendered(p.actions) {
				if b, ok := o.(*widget.Button); ok {
					buttons = append(buttons, b)
				}
			}
			if len(buttons) != 4 {
				t.Fatalf("%d buttons", len(buttons))
			}
			var seen []fyne.Position
			for _, b := range buttons {
				at := absolute(w, b)
				if at.X < left-0.5 || at.X+b.Size().Width > right+0.5 {
					t.Errorf("at %v, %q spans %.0f–%.0f px, the preview %.0f–%.0f", size, b.Text, at.X, at.X+b.Size().Width, left, right)
				}
				if text := fyne.MeasureText(b.Text, 14, fyne.TextStyle{Bold: true}).Width; b.Size().Width < b.MinSize().Width-0.5 || b.Size().Width < text {
					t.Errorf("at %v, %q is %.0f px wide, its label needs %.0f", size, b.Text, b.Size().Width, b.MinSize().Width)
				}
				if at.Y+b.Size().Height > below+0.5 {
					t.Errorf("at %v, %q reaches %.0f px, under it the preview goes on at %.0f", size, b.Text, at.Y+b.Size().Height, below)
				}
				for _, o := range seen {
					if o == at {
						t.Errorf("at %v, two buttons at %v", size, at)
					}
				}
				seen = append(seen, at)
			}
			if !strings.Contains(p.cite.Text, "leave.md") {
				t.Errorf("preview shows %q", p.cite.Text)
			}
			return true
		})
	}
}

// At 800×600 the sidebar shows when a folder was scanned in full, on a
// line of its own (it was cut: "scanned 1 Dec 07…").
func TestSidebarShowsTheScanTimeWhole(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"handbook/leave.md": handbook})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return onUI(w, func() bool { return len(w.library.folders) == 1 }) })
	onUI(w, func() bool {
		settleWindow(w, fyne.NewSize(800, 600))
		found := false
		for _, o := range fynetest.Rendered(w.library.list) {
			l, ok := o.(*widget.Label)
			if !ok || !strings.HasPrefix(l.Text, "scanned ") {
				continue
			}
			found = true
			need := fyne.MeasureText(l.Text, theme.CaptionTextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
			if need > l.Size().Width+0.5 {
				t.Errorf("%q needs %.0f px, its line is %.0f: it is cut", l.Text, need, l.Size().Width)
			}
		}
		if !found {
			t.Error("no \"scanned …\" line in the sidebar")
		}
		return true
	})
}
