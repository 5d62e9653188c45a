package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/ui/internal/look"
)

// entriesOnTop are the text fields of the top dialog, in order.
func entriesOnTop(w *Window) []*dialogEntry {
	var out []*dialogEntry
	fynetest.Walk(w.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		if e, ok := o.(*dialogEntry); ok {
			out = append(out, e)
			return false
		}
		return true
	})
	return out
}

func topTexts(w *Window) string { return fynetest.Texts(w.win.Canvas().Overlays().Top()) }

// A wrong path is said under the field, in the same dialog, which keeps
// what was typed; Esc still closes it.
func TestWrongPathKeepsTheAddFolderDialogAndItsText(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	w.chooseFolder()
	entry := w.win.Canvas().Focused().(*dialogEntry)
	wrong := filepath.Join(t.TempDir(), "no such folder")
	test.Type(entry, wrong)
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if overlays(w) != 1 || !strings.Contains(topTexts(w), "Add folder") || !strings.Contains(topTexts(w), "does not exist") {
		t.Fatalf("after a wrong path: %d dialogs: %q", overlays(w), topTexts(w))
	}
	if es := entriesOnTop(w); len(es) != 1 || es[0].Text != wrong {
		t.Errorf("the typed path is gone: %v", es)
	}
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) // the field has the keyboard
	if overlays(w) != 0 {
		t.Error("Esc did not close the Add folder dialog")
	}
}

// Settings that cannot be used are said in the dialog, which keeps them.
func TestWrongSettingsKeepThePreferencesDialog(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	w.showPreferences()
	es := entriesOnTop(w)
	if len(es) != 4 {
		t.Fatalf("%d fields", len(es))
	}
	es[0].SetText("abc")
	es[3].SetText("7")
	es[0].TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if overlays(w) != 1 || !strings.Contains(topTexts(w), "Preferences") || !strings.Contains(topTexts(w), "not a whole number") {
		t.Fatalf("after abc: %d dialogs: %q", overlays(w), topTexts(w))
	}
	if es := entriesOnTop(w); len(es) != 4 || es[0].Text != "abc" || es[3].Text != "7" {
		t.Errorf("the typed settings are gone")
	}
	es[0].TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if overlays(w) != 0 {
		t.Error("Esc did not close Preferences")
	}
}

// A dialog opened by another dialog's button (the note that the chunk
// settings changed) closes on Enter and on Esc too.
func TestADialogOpenedFromADialogAnswersEnterAndEsc(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	for i, key := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEscape} {
		w.showPreferences()
		es := entriesOnTop(w)
		es[0].SetText([]string{"1300", "1400"}[i])
		es[0].TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		if overlays(w) != 1 || !strings.Contains(topTexts(w), "Passage sizes changed") {
			t.Fatalf("after Save: %d dialogs: %q", overlays(w), topTexts(w))
		}
		pressOnCanvas(w, key)
		if overlays(w) != 0 {
			t.Errorf("%s did not close the note", key)
		}
	}
}

// focusables are the widgets of the top dialog that Tab reaches.
func focusables(w *Window) []fyne.Focusable {
	var out []fyne.Focusable
	fynetest.Walk(w.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		if f, ok := o.(fyne.Focusable); ok && o.Visible() {
			out = append(out, f)
		}
		return true
	})
	return out
}

// Tab onto any of a dialog's buttons, check boxes or lists and Esc still
// closes the dialog: a focused widget takes the keys before the window,
// and Fyne's ignore Esc (the dialog stayed open until the mouse closed it).
// The widgets are touched under the window's lock: its background work
// (the start panel, the search) changes them too.
func TestEscClosesADialogWhateverHasTheKeyboard(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha notes\n"})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return onUI(w, func() bool { return len(w.library.folders) == 1 }) })
	w.SetAbout(func() About { return About{Licenses: []License{{Module: "m v1", Kind: "MIT", Text: "text"}}} })
	open := map[string]func(){
		"Add folder":  w.chooseFolder,
		"Preferences": w.showPreferences,
		"help":        w.showHelp,
		"About":       w.showAbout,
		"Save search": func() { w.search.SetText("alpha"); w.saveSearch() },
		"Remove":      func() { w.library.list.Select(0); w.library.confirmRemove() },
		"message":     func() { w.showMessage("Note", "Something to read.") },
	}
	for name, show := range open {
		var n int
		onUI(w, func() bool { show(); n = len(focusables(w)); return true })
		if n == 0 {
			t.Fatalf("%s: nothing to focus", name)
		}
		for i := range n {
			var left string // the focused widget's type, when Esc left the dialog open
			onUI(w, func() bool {
				if overlays(w) == 0 {
					show()
				}
				f := focusables(w)[i]
				w.win.Canvas().Focus(f)
				if _, isEntry := f.(*dialogEntry); isEntry {
					return true // a field forwards Esc already (TestWrongPathKeepsTheAddFolderDialogAndItsText)
				}
				f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
				if overlays(w) != 0 {
					left = fmt.Sprintf("%T", f)
					for overlays(w) > 0 {
						w.win.Canvas().Overlays().Top().Hide()
						w.win.Canvas().Overlays().Remove(w.win.Canvas().Overlays().Top())
					}
				}
				return true
			})
			if left != "" {
				t.Errorf("%s: Esc with %s focused left the dialog open", name, left)
			}
		}
	}
	if !onUI(w, func() bool { return len(w.library.folders) == 1 }) {
		t.Errorf("Esc removed the folder")
	}
}

// Enter presses the focused button: Cancel cancels, not the dialog's main
// action.
func TestEnterOnCancelCancels(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha notes\n"})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return onUI(w, func() bool { return len(w.library.folders) == 1 }) })
	found := onUI(w, func() bool {
		w.library.list.Select(0)
		w.library.confirmRemove()
		for _, f := range focusables(w) {
			if b := buttonLabelled(f.(fyne.CanvasObject), "Cancel"); b != nil {
				w.win.Canvas().Focus(f)
				f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
				return true
			}
		}
		return false
	})
	if !found {
		t.Fatalf("no Cancel button in %q", topTexts(w))
	}
	if !onUI(w, func() bool { return overlays(w) == 0 && len(w.library.folders) == 1 }) {
		t.Errorf("Enter on Cancel: %d dialogs, %d folders", overlays(w), len(w.library.folders))
	}
}

// In a small window, Tab onto a widget of Preferences below its fold
// scrolls it into view (the check box was focused out of sight).
func TestPreferencesScrollToTheFocusedWidget(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	onUI(w, func() bool { w.win.Resize(fyne.NewSize(800, 600)); w.showPreferences(); return true })
	// The sizes' measurement fills its table in the background: the check
	// box moves down when it lands.
	waitFor(t, "the measurement", func() bool {
		return onUI(w, func() bool { return !strings.Contains(topTexts(w), "Measuring a sample") })
	})
	var scroll *container.Scroll
	var check fyne.Focusable
	onUI(w, func() bool {
		fynetest.Walk(w.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
			switch v := o.(type) {
			case *container.Scroll:
				if scroll == nil {
					scroll = v
				}
			case *look.Check:
				check = v
			}
			return true
		})
		return true
	})
	if scroll == nil || check == nil {
		t.Fatal("no scroller or no check box in Preferences")
	}
	// The measurement's sentence and table land after its status: wait
	// until the dialog's content stops growing.
	var last float32
	stable := 0
	waitFor(t, "the dialog's content to settle", func() bool {
		var h float32
		onUI(w, func() bool { h = scroll.Content.MinSize().Height; return true })
		if h == last {
			stable++
		} else {
			last, stable = h, 0
		}
		time.Sleep(40 * time.Millisecond)
		return stable >= 3
	})
	seen := func(o fyne.CanvasObject) bool {
		d := fyne.CurrentApp().Driver()
		y := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(scroll).Y
		return y >= -0.5 && y+o.Size().Height <= scroll.Size().Height+0.5
	}
	inView := func() bool { return seen(check.(fyne.CanvasObject)) }
	if onUI(w, inView) {
		t.Skip("the check box fits without scrolling at this size")
	}
	// The dialog lays itself out again after a scroll (asynchronously):
	// the check box must come into view, and stay there.
	onUI(w, func() bool { w.win.Canvas().Focus(check); return true })
	waitFor(t, "the focused check box in view", func() bool { return onUI(w, inView) })
	var first *dialogEntry
	onUI(w, func() bool { first = entriesOnTop(w)[0]; w.win.Canvas().Focus(first); return true })
	waitFor(t, "the first field in view again", func() bool { return onUI(w, func() bool { return seen(first) }) })
}
