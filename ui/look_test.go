package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"folio/internal/testutil/testlib"
)

// textSize is the size the window's text is drawn at now.
func textSize(w *Window) float32 { return w.app.Settings().Theme().Size(theme.SizeNameText) }

// Ctrl++ (with or without Shift, from the search field or the window),
// Ctrl+- and Ctrl+0 change the text size at once, and a new window over
// the same preferences starts at the size last chosen.
func TestCtrlPlusMinusZeroChangeTheTextSizeAndItIsRemembered(t *testing.T) {
	a := test.NewTempApp(t)
	ix := testlib.Open(t)
	w := New(a, ix)
	defer w.Shutdown(0)
	normal := textSize(w)
	ctrl := func(key fyne.KeyName, mod fyne.KeyModifier) *desktop.CustomShortcut {
		return &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault | mod}
	}
	w.search.TypedShortcut(ctrl(fyne.KeyEqual, fyne.KeyModifierShift)) // Ctrl++ on a US keyboard
	bigger := textSize(w)
	if bigger <= normal {
		t.Fatalf("Ctrl++: text %v, was %v", bigger, normal)
	}
	w.win.Canvas().(fyne.Shortcutable).TypedShortcut(ctrl(fyne.KeyPlus, 0)) // the keypad's +
	if textSize(w) <= bigger {
		t.Errorf("a second Ctrl++: text %v, was %v", textSize(w), bigger)
	}
	w.search.TypedShortcut(ctrl(fyne.KeyMinus, 0))
	if textSize(w) != bigger {
		t.Errorf("Ctrl+-: text %v, want %v", textSize(w), bigger)
	}
	for i := 0; i < 20; i++ { // smaller has an end
		w.search.TypedShortcut(ctrl(fyne.KeyMinus, 0))
	}
	if s := textSize(w); s < normal*0.75 || s >= normal {
		t.Errorf("smallest text %v (normal %v)", s, normal)
	}
	w.search.TypedShortcut(ctrl(fyne.Key0, 0))
	if textSize(w) != normal {
		t.Errorf("Ctrl+0: text %v, want %v", textSize(w), normal)
	}
	w.search.TypedShortcut(ctrl(fyne.KeyEqual, 0))
	w.Shutdown(0)
	// A new window over the same preferences: the next launch.
	a.Settings().SetTheme(Theme())
	w2 := New(a, ix)
	defer w2.Shutdown(0)
	if textSize(w2) != bigger {
		t.Errorf("after a relaunch: text %v, want %v", textSize(w2), bigger)
	}
}
