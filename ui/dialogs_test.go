package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
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
