package filterbar

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Strip is a row of chips (tags, refinements) that scrolls sideways in a
// narrow window. A scroller alone cut the last chip at the window's edge
// with no sign that more follow, so while chips lie beyond the edge a
// "next" button stands there and scrolls on to them; at the end it turns
// to "back" and scrolls to the first. It is a button: Tab reaches it and
// Space presses it.
type Strip struct {
	Root   *fyne.Container // the scroller and its button, to place in a window
	Row    *fyne.Container
	scroll *container.Scroll
	More   *widget.Button
}

// NewStrip shows row's chips in a strip.
func NewStrip(row *fyne.Container) *Strip {
	s := &Strip{Row: row}
	// The space under the chips keeps the scroll bar off their text.
	s.scroll = container.NewHScroll(container.New(layout.NewCustomPaddedLayout(0, theme.Padding(), 0, 0), row))
	s.scroll.OnScrolled = func(fyne.Position) { s.update() }
	s.More = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), s.page)
	s.More.Importance = widget.LowImportance
	s.Root = container.New(stripLayout{s}, s.scroll, s.More)
	return s
}

// Add adds a chip to the strip's row; when Tab reaches it, the strip
// scrolls to it (focus went on through tags out of sight).
func (s *Strip) Add(c *Chip) {
	c.OnFocus = func() { s.Reveal(c) }
	s.Row.Add(c)
}

// Reveal scrolls the strip so that o, one of its row's chips, is in view.
func (s *Strip) Reveal(o fyne.CanvasObject) {
	x, w, view := o.Position().X, o.Size().Width, s.scroll.Size().Width
	switch {
	case x < s.scroll.Offset.X:
		s.scroll.Offset.X = x
	case x+w > s.scroll.Offset.X+view:
		s.scroll.Offset.X = min(x+w-view, max(s.scroll.Content.MinSize().Width-view, 0))
	default:
		return
	}
	s.scroll.Refresh()
	s.update()
}

// AtEnd reports whether the last chip is in view.
func (s *Strip) AtEnd() bool {
	return s.scroll.Offset.X+s.scroll.Size().Width >= s.scroll.Content.MinSize().Width-1
}

// page scrolls most of a width on, or back to the start from the end.
func (s *Strip) page() {
	if s.AtEnd() {
		s.scroll.Offset.X = 0
	} else {
		s.scroll.Offset.X = min(s.scroll.Offset.X+0.8*s.scroll.Size().Width, s.scroll.Content.MinSize().Width-s.scroll.Size().Width)
	}
	s.scroll.Refresh()
	s.update()
}

func (s *Strip) update() {
	icon := theme.NavigateNextIcon()
	if s.AtEnd() {
		icon = theme.NavigateBackIcon()
	}
	if s.More.Icon != icon {
		s.More.SetIcon(icon)
	}
}

type stripLayout struct{ s *Strip }

func (l stripLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	m := l.s.scroll.MinSize()
	return fyne.NewSize(m.Width+l.s.More.MinSize().Width, max(m.Height, l.s.More.MinSize().Height))
}

func (l stripLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	s := l.s
	if s.scroll.Content.MinSize().Width <= size.Width {
		s.More.Hide()
		s.scroll.Offset.X = 0
		s.scroll.Resize(size)
		s.scroll.Move(fyne.NewPos(0, 0))
		return
	}
	b := s.More.MinSize()
	s.scroll.Resize(fyne.NewSize(size.Width-b.Width, size.Height))
	s.scroll.Move(fyne.NewPos(0, 0))
	s.More.Resize(fyne.NewSize(b.Width, s.Row.MinSize().Height))
	s.More.Move(fyne.NewPos(size.Width-b.Width, 0))
	s.More.Show()
	s.update()
}
