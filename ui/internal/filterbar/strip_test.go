package filterbar

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// inView reports whether chip c is wholly inside the strip's visible part.
func inView(s *Strip, c *Chip) bool {
	x := c.Position().X - s.scroll.Offset.X
	return x >= 0 && x+c.Size().Width <= s.scroll.Size().Width+0.5
}

// A strip of chips wider than its place shows a "next" button at its edge
// (the chips were cut there with no sign that more follow); Space on the
// button brings the hidden chips into view, and at the end it turns to
// "back". A strip that fits shows no button.
func TestStripSaysMoreChipsFollowAndScrollsToThem(t *testing.T) {
	test.NewTempApp(t)
	row := container.NewHBox()
	var chips []*Chip
	for i := range 12 {
		c := NewChip(fmt.Sprintf("#tag-number-%d", i), func() {})
		chips = append(chips, c)
		row.Add(c)
	}
	s := NewStrip(row)
	w := test.NewTempWindow(t, s.Root)
	w.Resize(fyne.NewSize(400, 80))
	last := chips[len(chips)-1]
	if !s.More.Visible() || s.More.Position().X+s.More.Size().Width > s.Root.Size().Width+0.5 || inView(s, last) {
		t.Fatalf("cut strip: button shown %v at %v, last chip in view %v", s.More.Visible(), s.More.Position(), inView(s, last))
	}
	if _, ok := fyne.CanvasObject(s.More).(fyne.Focusable); !ok {
		t.Fatal("the button cannot take the keyboard")
	}
	if s.More.Icon != theme.NavigateNextIcon() {
		t.Error("the button does not point on")
	}
	for range len(chips) {
		if inView(s, last) {
			break
		}
		s.More.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	}
	if !inView(s, last) {
		t.Fatal("the button never brought the last chip into view")
	}
	if s.More.Icon != theme.NavigateBackIcon() {
		t.Error("at the end the button does not point back")
	}
	s.More.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if !inView(s, chips[0]) {
		t.Error("back did not bring the first chip into view")
	}
	w.Resize(fyne.NewSize(3000, 80))
	if s.More.Visible() {
		t.Error("a strip that fits still shows the button")
	}
}

// Tab onto a chip beyond the strip's edge scrolls it into view, and back
// onto the first scrolls back (focus went on through tags out of sight).
func TestAFocusedChipIsScrolledIntoView(t *testing.T) {
	test.NewTempApp(t)
	s := NewStrip(container.NewHBox())
	var chips []*Chip
	for i := range 12 {
		c := NewChip(fmt.Sprintf("#tag-number-%d", i), func() {})
		chips = append(chips, c)
		s.Add(c)
	}
	w := test.NewTempWindow(t, s.Root)
	w.Resize(fyne.NewSize(400, 80))
	last := chips[len(chips)-1]
	if inView(s, last) {
		t.Fatal("the last chip is in view before any scrolling")
	}
	w.Canvas().Focus(last)
	if !inView(s, last) {
		t.Errorf("the focused last chip is out of view (offset %.0f)", s.scroll.Offset.X)
	}
	w.Canvas().Focus(chips[0])
	if !inView(s, chips[0]) {
		t.Errorf("the focused first chip is out of view (offset %.0f)", s.scroll.Offset.X)
	}
}
