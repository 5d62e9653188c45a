package look

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// A focused button is ringed, the main (blue) one too: the focus fill
// alone differed from its blue by 1.05:1.
func TestAFocusedButtonIsRinged(t *testing.T) {
	test.NewTempApp(t)
	b := NewButton("Save", nil, func() {})
	b.Importance = widget.HighImportance
	other := NewButton("Cancel", nil, func() {})
	w := test.NewTempWindow(t, container.NewHBox(other, b))
	ring := func() color.Color {
		objs := test.WidgetRenderer(b).Objects()
		return objs[len(objs)-1].(*canvas.Rectangle).StrokeColor
	}
	if ring() != color.Transparent {
		t.Fatal("ringed before it has the keyboard")
	}
	w.Canvas().Focus(b)
	if ring() == color.Transparent {
		t.Error("the focused button has no ring")
	}
	w.Canvas().Focus(other)
	if ring() != color.Transparent {
		t.Error("the ring stayed after focus moved on")
	}
	// Esc goes to Keys; Enter presses the button.
	var esc, pressed bool
	b.Keys = func(k *fyne.KeyEvent) bool { esc = k.Name == fyne.KeyEscape; return true }
	b.OnTapped = func() { pressed = true }
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !esc || !pressed {
		t.Errorf("Esc to Keys %v, Enter pressed %v", esc, pressed)
	}
}
