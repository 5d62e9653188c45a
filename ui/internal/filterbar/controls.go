package filterbar

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// tagsRoom is the least width the tag strip gets beside the date and
// sort choices; with less, the tags take a line of their own. At 800 px
// the strip had about 90 px there: one chip and an arrow.
const tagsRoom = 260

// newControls lays out "Tags:", the tag strip and the choices (date,
// sort, save) on one line when the strip has tagsRoom there, else the
// tags above the choices.
func newControls(label, strip, choices fyne.CanvasObject) *fyne.Container {
	l := &controlsLayout{}
	c := container.New(l, label, strip, choices)
	l.c = c
	return c
}

type controlsLayout struct {
	c     *fyne.Container
	width float32 // the width of the last layout, 0 before the first
}

// oneLine reports whether everything fits on one line at width; without
// tags it always does.
func oneLine(objs []fyne.CanvasObject, width float32) bool {
	label, choices := objs[0], objs[2]
	if !label.Visible() {
		return true
	}
	return width <= 0 || label.MinSize().Width+tagsRoom+choices.MinSize().Width+2*theme.Padding() <= width
}

func (l *controlsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	label, strip, choices := objs[0], objs[1], objs[2]
	tags := fyne.NewSize(0, 0)
	if label.Visible() {
		tags = fyne.NewSize(label.MinSize().Width+strip.MinSize().Width+theme.Padding(), max(label.MinSize().Height, strip.MinSize().Height))
	}
	c := choices.MinSize()
	// As narrow as two lines need, however wide the last layout was: a
	// window laid out wide must still be able to shrink to where the tags
	// move to their own line. As high as the last width needs.
	w := max(tags.Width, c.Width)
	if oneLine(objs, l.width) {
		return fyne.NewSize(w, max(tags.Height, c.Height))
	}
	return fyne.NewSize(w, tags.Height+theme.Padding()+c.Height)
}

func (l *controlsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	label, strip, choices := objs[0], objs[1], objs[2]
	pad := theme.Padding()
	lm, sm, cm := label.MinSize(), strip.MinSize(), choices.MinSize()
	one := oneLine(objs, size.Width)
	tagsH := max(lm.Height, sm.Height)
	if one {
		tagsH = max(tagsH, cm.Height)
		choices.Move(fyne.NewPos(size.Width-cm.Width, (tagsH-cm.Height)/2))
	} else {
		choices.Move(fyne.NewPos(size.Width-cm.Width, tagsH+pad))
	}
	choices.Resize(cm)
	if !label.Visible() {
		strip.Resize(fyne.NewSize(0, 0)) // no tags: nothing to show
	} else {
		label.Move(fyne.NewPos(0, (tagsH-lm.Height)/2))
		label.Resize(lm)
		right := size.Width
		if one {
			right -= cm.Width + pad
		}
		strip.Move(fyne.NewPos(lm.Width+pad, (tagsH-sm.Height)/2))
		strip.Resize(fyne.NewSize(max(right-lm.Width-pad, 0), sm.Height))
	}
	if before := oneLine(objs, l.width); size.Width != l.width {
		l.width = size.Width
		if before != one && l.c != nil {
			// One line or two now: the window lays the bar out again.
			if c := fyne.CurrentApp().Driver().CanvasForObject(l.c); c != nil {
				c.Refresh(l.c)
			}
		}
	}
}
