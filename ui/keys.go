package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
)

// showWithKeys shows d so that Esc dismisses it and Enter does what its
// main button does (enter; nil: close it): Fyne's dialogs answer neither,
// and a dialog that only Tab then Space can close is a trap.
func (w *Window) showWithKeys(d dialog.Dialog, enter func()) {
	c := w.win.Canvas()
	prev := c.OnTypedKey()
	c.SetOnTypedKey(func(k *fyne.KeyEvent) {
		switch k.Name {
		case fyne.KeyEscape:
			d.Dismiss()
		case fyne.KeyReturn, fyne.KeyEnter:
			if enter != nil {
				enter()
			} else {
				d.Hide()
			}
		default:
			if prev != nil {
				prev(k)
			}
		}
	})
	d.SetOnClosed(func() {
		c.SetOnTypedKey(prev)
		c.Focus(w.search) // typing goes back to the search
	})
	d.Show()
}

// shortcutHelp lists the keyboard shortcuts (F1).
const shortcutHelp = `Type to search; Up and Down move through the results, Enter opens the selected one in your editor, Esc clears the search (or takes back the "Your notes say" word just added; Tab reaches those words, Enter or Space adds one).
Ctrl+F or Ctrl+L: back to the search field
Ctrl+O: add a folder
Ctrl+Q: quit
F3 / Shift+F3: next / previous passage of the section with the searched words
F1 or the ? button: this list, and About Folio (version, licences)
In a dialog: Enter confirms, Esc cancels.`

// shortcutKeys are the window's Ctrl (Cmd) shortcuts.
var shortcutKeys = []fyne.KeyName{fyne.KeyF, fyne.KeyL, fyne.KeyO, fyne.KeyQ}

// shortcut does what Ctrl (Cmd) with key does; false for other keys.
func (w *Window) shortcut(key fyne.KeyName) bool {
	switch key {
	case fyne.KeyF, fyne.KeyL:
		w.win.Canvas().Focus(w.search)
	case fyne.KeyO:
		if !w.lib.ReadOnly() {
			w.chooseFolder()
		}
	case fyne.KeyQ:
		w.app.Quit()
	default:
		return false
	}
	return true
}

// addShortcuts binds the window's keyboard shortcuts. A focused text field
// takes shortcuts before the window does, so the search field passes these
// on too (searchEntry.TypedShortcut).
func (w *Window) addShortcuts() {
	c := w.win.Canvas()
	for _, key := range shortcutKeys {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { w.shortcut(key) })
	}
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyF3, Modifier: fyne.KeyModifierShift}, func(fyne.Shortcut) { w.preview.moveMatch(-1) })
	// F1 and F3 anywhere; the search field passes them on too
	// (searchEntry.TypedKey).
	c.SetOnTypedKey(func(k *fyne.KeyEvent) {
		switch k.Name {
		case fyne.KeyF1:
			w.showHelp()
		case fyne.KeyF3:
			w.preview.moveMatch(1)
		}
	})
}
