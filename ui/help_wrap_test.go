package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

// At 800×600 every line of F1's help is whole inside the dialog: the
// keys' lines ran past its right edge ("Esc clears the").
func TestHelpLinesFitASmallWindow(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	settleWindow(w, fyne.NewSize(800, 600))
	pressOnCanvas(w, fyne.KeyF1)
	top := w.win.Canvas().Overlays().Top()
	var scroll fyne.CanvasObject
	fynetest.Walk(top, func(o fyne.CanvasObject) bool {
		if s, ok := o.(interface{ ScrollToTop() }); ok && scroll == nil {
			scroll = s.(fyne.CanvasObject)
		}
		return scroll == nil
	})
	if scroll == nil {
		t.Fatal("no scroller in the help")
	}
	right := absolute(w, scroll).X + scroll.Size().Width
	for _, o := range fynetest.Rendered(scroll) {
		if tx, ok := o.(*canvas.Text); ok && tx.Text != "" && tx.Visible() {
			if end := absolute(w, tx).X + tx.MinSize().Width; end > right+0.5 {
				t.Errorf("%q ends at %.0f, past the help's edge at %.0f", tx.Text, end, right)
			}
		}
	}
}
