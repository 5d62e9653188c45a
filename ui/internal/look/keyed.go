package look

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// A focused widget takes the keys before the window, and Fyne's buttons,
// check boxes and lists ignore Esc: in a dialog, Tab onto one of them and
// Esc closed nothing. These give Esc (and, for a check box, Enter) to
// Keys first, as Choice does; Keys reports whether it used the key.

// Button is a button whose Esc goes to Keys and whose Enter presses it.
type Button struct {
	widget.Button
	Keys func(*fyne.KeyEvent) bool
}

// NewButton makes a Button (icon may be nil).
func NewButton(label string, icon fyne.Resource, tapped func()) *Button {
	b := &Button{}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

func (b *Button) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyEscape:
		if b.Keys != nil && b.Keys(k) {
			return
		}
	case fyne.KeyReturn, fyne.KeyEnter:
		// Enter presses the focused button, as Space does: Cancel, not the
		// dialog's main action.
		if !b.Disabled() && b.OnTapped != nil {
			b.OnTapped()
		}
		return
	}
	b.Button.TypedKey(k)
}

// Check is a check box whose Esc and Enter go to Keys.
type Check struct {
	widget.Check
	Keys func(*fyne.KeyEvent) bool
}

// NewCheck makes a Check.
func NewCheck(label string, changed func(bool)) *Check {
	c := &Check{}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

func (c *Check) TypedKey(k *fyne.KeyEvent) {
	if (k.Name == fyne.KeyEscape || k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter) && c.Keys != nil && c.Keys(k) {
		return
	}
	c.Check.TypedKey(k)
}

// List is a list whose Esc goes to Keys.
type List struct {
	widget.List
	Keys func(*fyne.KeyEvent) bool
}

// NewList makes a List, as widget.NewList does.
func NewList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *List {
	l := &List{}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

func (l *List) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && l.Keys != nil && l.Keys(k) {
		return
	}
	l.List.TypedKey(k)
}
