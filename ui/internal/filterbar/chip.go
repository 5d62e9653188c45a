// Package filterbar is the window's row of search filters: the filters in
// force as chips with a ×, the library's tags to filter by with a click, a
// date choice and a sort order. It holds their state and says when it
// changed (Bar.OnChange); the window runs the search.
package filterbar

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/ui/internal/flow"
)

// Chip is a small button for a word to add (a refinement, a tag) or a
// filter in force (with a × to remove it). Its text is what a screen
// reader reads, and Enter does what Space does: a focused chip is a choice.
type Chip struct {
	widget.Button
	text    string // as given, in logical order
	OnFocus func() // when Tab reaches it (a Strip scrolls it into view)
}

// NewChip is a chip showing text (in visual order) that calls tapped.
func NewChip(text string, tapped func()) *Chip {
	c := &Chip{text: text}
	c.Text = flow.VisualLine(text)
	c.OnTapped = tapped
	c.ExtendBaseWidget(c)
	return c
}

// newRemovable is a chip for a filter in force: its × removes it.
func newRemovable(text string, remove func()) *Chip {
	c := NewChip(text, remove)
	c.Icon = theme.ContentClearIcon()
	c.IconPlacement = widget.ButtonIconTrailingText
	return c
}

// Label is the chip's text as given.
func (c *Chip) Label() string { return c.text }

// TypedKey taps the chip on Enter too.
func (c *Chip) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		c.Tapped(nil)
	default:
		c.Button.TypedKey(k)
	}
}

// FocusGained tells OnFocus: a chip Tab reaches beyond a strip's edge was
// focused out of sight.
func (c *Chip) FocusGained() {
	c.Button.FocusGained()
	if c.OnFocus != nil {
		c.OnFocus()
	}
}
