package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/index/refine"
	"folio/ui/internal/filterbar"
)

// refinementBar is the row under the search field that offers the words
// the best passages use and the query does not: "Your notes say: annual
// leave · carry over · 240 hours". A click adds one to the query.
type refinementBar struct {
	w     *Window
	root  *fyne.Container
	chips *fyne.Container // one chip per refinement
	strip *filterbar.Strip
	// undo holds what the field showed before each click, newest last, so
	// Esc takes back the last one added (searchEntry.TypedKey).
	undo []refinementStep
}

// refinementStep is one click: the query before it and the one it made.
type refinementStep struct{ before, after string }

func newRefinementBar(w *Window) *refinementBar {
	b := &refinementBar{w: w, chips: container.NewHBox()}
	label := widget.NewLabel("Your notes say:")
	// A narrow window scrolls the chips sideways rather than squeeze them.
	b.strip = filterbar.NewStrip(b.chips)
	b.root = container.NewBorder(nil, nil, label, nil, b.strip.Root)
	b.root.Hide()
	return b
}

// set shows the refinements of the search for q; none, or an empty query,
// hides the row. Called on the UI thread, for the current search only.
func (b *refinementBar) set(q string, rs []refine.Refinement) {
	b.chips.Objects = nil
	if strings.TrimSpace(q) == "" || len(rs) == 0 {
		b.chips.Refresh()
		b.root.Hide()
		return
	}
	for _, r := range rs {
		b.strip.Add(filterbar.NewChip(r.Text, func() { b.add(r.Text) }))
	}
	b.chips.Refresh()
	b.root.Show()
}

// texts are the refinements shown, as the library wrote them.
func (b *refinementBar) texts() []string {
	var out []string
	if !b.root.Visible() {
		return nil
	}
	for _, o := range b.chips.Objects {
		out = append(out, o.(*filterbar.Chip).Label())
	}
	return out
}

// add puts text at the end of the query, as the user could have typed it
// (a phrase in quotes), so the field always shows what was searched.
func (b *refinementBar) add(text string) {
	e := b.w.search
	before := e.Text
	after := refine.Add(before, text)
	b.undo = append(b.undo, refinementStep{before, after})
	b.w.win.Canvas().Focus(e) // the row is rebuilt; typing goes on in the field
	e.SetText(after)          // OnChanged runs the search
	e.CursorColumn = len([]rune(after))
	e.Refresh()
}

// back restores the query before the last click when the field still
// shows what that click made; false when there is nothing to take back.
func (b *refinementBar) back() bool {
	n := len(b.undo)
	if n == 0 || b.undo[n-1].after != b.w.search.Text {
		b.undo = nil // the user edited the query: the clicks are history
		return false
	}
	step := b.undo[n-1]
	b.undo = b.undo[:n-1]
	b.w.search.SetText(step.before)
	b.w.search.CursorColumn = len([]rune(step.before))
	b.w.search.Refresh()
	return true
}
