// Package wraprow lays buttons out in a row that wraps onto more lines
// when the width is too small for all of them, so every button stays
// whole and reachable in a small window (Fyne 2.7 has no tooltips, so
// buttons keep their labels rather than shrink to icons).
package wraprow

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// New is a container of objs laid out as a wrapping row.
func New(objs ...fyne.CanvasObject) *fyne.Container {
	l := &layout{}
	c := container.New(l, objs...)
	l.c = c
	return c
}

type layout struct {
	c     *fyne.Container
	width float32 // the width of the last layout
}

// rows places objs in lines at most width wide; it returns each object's
// position and the height used.
func rows(objs []fyne.CanvasObject, width float32) ([]fyne.Position, float32) {
	pad := theme.Padding()
	pos := make([]fyne.Position, len(objs))
	x, y, lineH := float32(0), float32(0), float32(0)
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		if x > 0 && x+m.Width > width {
			x, y, lineH = 0, y+lineH+pad, 0
		}
		pos[i] = fyne.NewPos(x, y)
		x += m.Width + pad
		lineH = max(lineH, m.Height)
	}
	return pos, y + lineH
}

// MinSize is as wide as the widest object and as high as the lines need
// at the width last laid out (one line before the first layout).
func (l *layout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	widest := float32(0)
	for _, o := range objs {
		if o.Visible() {
			widest = max(widest, o.MinSize().Width)
		}
	}
	_, h := rows(objs, max(laidOut(l.width), widest))
	return fyne.NewSize(widest, h)
}

// laidOut is the width to wrap at: before the first layout, none.
func laidOut(width float32) float32 {
	if width <= 0 {
		return 1e9
	}
	return width
}

func (l *layout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pos, _ := rows(objs, size.Width)
	for i, o := range objs {
		o.Move(pos[i])
		o.Resize(o.MinSize())
	}
	if size.Width != l.width {
		_, before := rows(objs, laidOut(l.width))
		l.width = size.Width
		if _, after := rows(objs, size.Width); after != before && l.c != nil {
			// Taller or shorter now: the window lays the parent out again.
			if c := fyne.CurrentApp().Driver().CanvasForObject(l.c); c != nil {
				c.Refresh(l.c)
			}
		}
	}
}
