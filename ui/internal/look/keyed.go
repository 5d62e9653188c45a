package look

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A focused widget takes the keys before the window, and Fyne's buttons,
// check boxes and lists ignore Esc: in a dialog, Tab onto one of them and
// Esc closed nothing. These give Esc (and, for a check box, Enter) to
// Keys first, as Choice does; Keys reports whether it used the key.

// Button is a button whose Esc goes to Keys and whose Enter presses it.
// Focused, it is ringed: Fyne marks focus by the focus colour's fill,
// which on a dialog's main (primary blue) button differs from it by
// 1.05:1, so Tab onto Save or Remove showed nothing.
type Button struct {
	widget.Button
	Keys    func(*fyne.KeyEvent) bool
	OnFocus func() // when Tab reaches it (a dialog scrolls it into view)
	focused bool
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

func (b *Button) FocusGained() {
	b.focused = true
	b.Button.FocusGained()
	if b.OnFocus != nil {
		b.OnFocus()
	}
}

func (b *Button) FocusLost() {
	b.focused = false
	b.Button.FocusLost()
}

func (b *Button) CreateRenderer() fyne.WidgetRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeColor, ring.StrokeWidth = color.Transparent, 2
	return &ringed{WidgetRenderer: b.Button.CreateRenderer(), ring: ring, b: b}
}

// ringed draws the button and, while it is focused, a ring in the text
// colour around it.
type ringed struct {
	fyne.WidgetRenderer
	ring *canvas.Rectangle
	b    *Button
}

func (r *ringed) Objects() []fyne.CanvasObject {
	base := r.WidgetRenderer.Objects()
	// A new slice: appending to base could write into the button's own.
	return append(append(make([]fyne.CanvasObject, 0, len(base)+1), base...), r.ring)
}

func (r *ringed) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	r.ring.Resize(size)
	r.ring.Move(fyne.NewPos(0, 0))
}

func (r *ringed) Refresh() {
	r.WidgetRenderer.Refresh()
	r.ring.StrokeColor = color.Transparent
	if r.b.focused {
		r.ring.StrokeColor = theme.Color(theme.ColorNameForeground)
	}
	r.ring.CornerRadius = theme.InputRadiusSize()
	r.ring.Refresh()
}

// Check is a check box whose Esc and Enter go to Keys.
type Check struct {
	widget.Check
	Keys    func(*fyne.KeyEvent) bool
	OnFocus func() // when Tab reaches it
}

func (c *Check) FocusGained() {
	c.Check.FocusGained()
	if c.OnFocus != nil {
		c.OnFocus()
	}
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
