package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/ui/internal/look"
)

// keyedDialog is a shown dialog and what Enter does in it.
type keyedDialog struct {
	d     dialog.Dialog
	enter func()
}

// showWithKeys shows d so that Esc dismisses it and Enter does what its
// main button does (enter; nil: close it): Fyne's dialogs answer neither,
// and a dialog that only Tab then Space can close is a trap. The keys go
// to the top dialog of a stack: a dialog opened by another's button
// opens before that one has closed, and must not lose them when it does.
func (w *Window) showWithKeys(d dialog.Dialog, enter func()) {
	c := w.win.Canvas()
	if len(w.dialogs) == 0 {
		w.keysBefore = c.OnTypedKey()
		c.SetOnTypedKey(w.dialogKey)
	}
	k := &keyedDialog{d, enter}
	w.dialogs = append(w.dialogs, k)
	d.SetOnClosed(func() {
		w.dialogs = slices.DeleteFunc(w.dialogs, func(o *keyedDialog) bool { return o == k })
		if len(w.dialogs) == 0 {
			c.SetOnTypedKey(w.keysBefore)
			c.Focus(w.search) // typing goes back to the search
		}
	})
	d.Show()
}

// dialogKey is the canvas's key handler while a dialog is shown.
func (w *Window) dialogKey(k *fyne.KeyEvent) {
	top := w.dialogs[len(w.dialogs)-1]
	switch k.Name {
	case fyne.KeyEscape:
		top.d.Dismiss()
	case fyne.KeyReturn, fyne.KeyEnter:
		if top.enter != nil {
			top.enter()
		} else {
			top.d.Hide()
		}
	default:
		if w.keysBefore != nil {
			w.keysBefore(k)
		}
	}
}

// dialogEntry is a dialog's text field. A focused field takes the keys
// before the canvas, so Esc would reach no dialog: this one closes it.
type dialogEntry struct {
	widget.Entry
	w       *Window
	onFocus func() // when Tab reaches it (followFocus)
}

func (e *dialogEntry) FocusGained() {
	e.Entry.FocusGained()
	if e.onFocus != nil {
		e.onFocus()
	}
}

// followFocus scrolls a dialog's scroller to whichever of objs Tab
// reaches: Preferences' check box and F1's About button were focused out
// of sight below the fold.
func followFocus(scroll *container.Scroll, objs ...fyne.CanvasObject) {
	for _, o := range objs {
		reveal := func() { scrollTo(scroll, o) }
		switch v := o.(type) {
		case *dialogEntry:
			v.onFocus = reveal
		case *look.Button:
			v.OnFocus = reveal
		case *look.Check:
			v.OnFocus = reveal
		}
	}
}

// scrollTo scrolls scroll the least that brings o, inside its content,
// wholly into view.
func scrollTo(scroll *container.Scroll, o fyne.CanvasObject) {
	d := fyne.CurrentApp().Driver()
	y := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(scroll.Content).Y
	h, view := o.Size().Height, scroll.Size().Height
	switch {
	case y < scroll.Offset.Y:
		scroll.Offset.Y = y
	case y+h > scroll.Offset.Y+view:
		scroll.Offset.Y = y + h - view
	default:
		return
	}
	scroll.Refresh()
}

func (w *Window) newDialogEntry() *dialogEntry {
	e := &dialogEntry{w: w}
	e.ExtendBaseWidget(e)
	return e
}

func (e *dialogEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && len(e.w.dialogs) > 0 {
		e.w.dialogKey(k)
		return
	}
	e.Entry.TypedKey(k)
}

// dialogChoiceKey gives a focused choice's (button's, check box's,
// list's) Esc and Enter to the dialog.
func (w *Window) dialogChoiceKey(k *fyne.KeyEvent) bool {
	if len(w.dialogs) == 0 {
		return false
	}
	w.dialogKey(k)
	return true
}

// newDialogButton is a dialog's button: Esc on it closes the dialog,
// Enter presses it.
func (w *Window) newDialogButton(label string, icon fyne.Resource, tapped func()) *look.Button {
	b := look.NewButton(label, icon, tapped)
	b.Keys = w.dialogChoiceKey
	return b
}

// newDialogCheck is a dialog's check box: Esc closes the dialog, Enter
// does what its main button does.
func (w *Window) newDialogCheck(label string) *look.Check {
	c := look.NewCheck(label, nil)
	c.Keys = w.dialogChoiceKey
	return c
}

// newMessageDialog is a dialog with content and one button that closes it
// (Fyne's NewCustom, with a button that answers Esc when focused).
func (w *Window) newMessageDialog(title, dismiss string, content fyne.CanvasObject) dialog.Dialog {
	d := dialog.NewCustomWithoutButtons(title, content, w.win)
	d.SetButtons([]fyne.CanvasObject{w.newDialogButton(dismiss, nil, d.Hide)})
	return d
}

// showConfirm asks a yes-or-no question (Fyne's NewConfirm, with buttons
// that answer Esc when focused, and the action's own name on its button):
// yes runs on confirm or Enter; Esc and Cancel do nothing.
func (w *Window) showConfirm(title, message, confirm string, yes func()) {
	label := widget.NewLabel(message)
	label.Wrapping = fyne.TextWrapWord
	d, _ := w.showChecked(title, confirm, label, func() error { yes(); return nil })
	d.Resize(fyne.NewSize(480, 0))
}

// showChecked shows a dialog whose confirm button checks the input first
// and returns it with that action (for a field's Enter). What is wrong is said
// under the input, in the same dialog, which stays open with what was
// typed: a separate error dialog would take it away.
func (w *Window) showChecked(title, confirm string, content fyne.CanvasObject, check func() error) (dialog.Dialog, func()) {
	msg := widget.NewLabel("")
	msg.Wrapping = fyne.TextWrapWord
	problem := container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, msg)
	problem.Hide()
	d := dialog.NewCustomWithoutButtons(title, container.NewVBox(content, problem), w.win)
	ok := func() {
		if err := check(); err != nil {
			msg.SetText(err.Error())
			problem.Show()
			return
		}
		d.Hide()
	}
	yes := w.newDialogButton(confirm, theme.ConfirmIcon(), ok)
	yes.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{w.newDialogButton("Cancel", theme.CancelIcon(), d.Hide), yes})
	w.showWithKeys(d, ok)
	return d, ok
}

// shortcutHelp lists the keyboard shortcuts (F1).
const shortcutHelp = `Type to search; Up and Down move through the results, Enter opens the selected one in your editor, Esc clears the search (or takes back the "Your notes say" word just added; Tab reaches those words, Enter or Space adds one).
Ctrl+F or Ctrl+L: back to the search field
Up and Down in an empty search field: the searches before (kept when a result is opened, the field is cleared or another search begins); the clock button lists them
Ctrl+S: save the search (its words, filters and order) under a name, listed in the sidebar
Ctrl+O: add a folder
Ctrl+Q: quit
Ctrl++ / Ctrl+- / Ctrl+0: larger, smaller, normal text (also in Preferences, with the theme)
F3 / Shift+F3: next / previous passage of the section with the searched words
F1 or the ? button: this list, and About Folio (version, licences)
In a dialog: Enter confirms, Esc cancels.`

// shortcutKeys are the window's Ctrl (Cmd) shortcuts.
var shortcutKeys = []fyne.KeyName{fyne.KeyF, fyne.KeyL, fyne.KeyO, fyne.KeyQ, fyne.KeyS, fyne.KeyEqual, fyne.KeyPlus, fyne.KeyMinus, fyne.Key0}

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
	case fyne.KeyS:
		w.saveSearch()
	case fyne.KeyEqual, fyne.KeyPlus:
		look.Zoom(w.app, 1)
	case fyne.KeyMinus:
		look.Zoom(w.app, -1)
	case fyne.Key0:
		look.Zoom(w.app, 0)
	default:
		return false
	}
	return true
}

// customShortcut does what a Ctrl (Cmd) shortcut does, and Ctrl+Shift+=
// (Ctrl++ on a US keyboard) too; false for other shortcuts.
func (w *Window) customShortcut(cs *desktop.CustomShortcut) bool {
	if cs.Modifier == fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift && cs.KeyName == fyne.KeyEqual {
		look.Zoom(w.app, 1)
		return true
	}
	return cs.Modifier == fyne.KeyModifierShortcutDefault && w.shortcut(cs.KeyName)
}

// addShortcuts binds the window's keyboard shortcuts. A focused text field
// takes shortcuts before the window does, so the search field passes these
// on too (searchEntry.TypedShortcut).
func (w *Window) addShortcuts() {
	c := w.win.Canvas()
	for _, key := range shortcutKeys {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { w.shortcut(key) })
	}
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}, func(fyne.Shortcut) { look.Zoom(w.app, 1) })
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
