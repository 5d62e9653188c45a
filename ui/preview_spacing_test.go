package ui

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/fynetest"
	"folio/ui/internal/flowview"
)

// Paragraphs of the 18F handbook (pages/travel-and-leave/overtime.md and
// leave.md) where the preview lost or added a space next to a marked word
// or a link.
const overtimeParagraphs = `You should use your accrued comp time before using Annual Leave. However, if the end of the leave year is approaching, your supervisor can approve your Annual Leave requests first if you are in danger of losing Annual Leave because of “[Use or Lose](https://handbook.tts.gsa.gov/travel-and-leave/leave/#annual-leave).”

Comp time expires one year (26 pay periods) after it is earned. When you reach the expiration date, you will forfeit the leave. If you leave GSA, your comp time will be paid out.

Refer to OPM’s [Comp Time Fact Sheet](https://www.opm.gov/policy-data-oversight/pay-leave/pay-administration/fact-sheets/compensatory-time-off/) for more detail.

You may use annual leave for any reason. Annual leave accrues based on how long you’ve worked for the federal government.`

// The preview of a passage with marked words reads as the note does, and
// its words are drawn a space apart on whole pixels: Fyne draws a text
// placed at a fraction of a pixel up to two pixels off, which swallowed
// the space before "pay" in "(26 pay periods".
func TestPreviewKeepsSpacesBesideMarkedWordsAndLinks(t *testing.T) {
	test.NewTempApp(t)
	box := renderMarkdown(overtimeParagraphs)
	w := test.NewTempWindow(t, box)
	w.Resize(fyne.NewSize(577, 900))
	if n := highlightMatches(box, "annual leave accrues pay period"); n == 0 {
		t.Fatal("nothing marked")
	}
	var shown []string
	space := fyne.MeasureText("a a", 14, fyne.TextStyle{}).Width - fyne.MeasureText("aa", 14, fyne.TextStyle{}).Width
	fynetest.Walk(box, func(o fyne.CanvasObject) bool {
		p, ok := o.(*flowview.Prose)
		if !ok {
			return true
		}
		shown = append(shown, p.String())
		var prev *canvas.Text
		for _, c := range test.WidgetRenderer(p).Objects() {
			tx := c.(*canvas.Text)
			x := tx.Position().X
			if x != float32(math.Round(float64(x))) {
				t.Errorf("%q drawn at x=%.2f, between pixels", tx.Text, x)
			}
			if prev != nil && prev.Position().Y == tx.Position().Y && strings.Contains(p.String(), prev.Text+" "+tx.Text) {
				end := prev.Position().X + fyne.MeasureText(prev.Text, prev.TextSize, prev.TextStyle).Width
				if gap := x - end; gap < space-0.01 {
					t.Errorf("%q ends %.2f before %q, want a space (%.2f)", prev.Text, gap, tx.Text, space)
				}
			}
			prev = tx
		}
		return false
	})
	text := strings.Join(shown, "\n")
	for _, want := range []string{"(26 pay periods)", "leave GSA", "of “Use or Lose.”", "Fact Sheet for more", "accrues based"} {
		if !strings.Contains(text, want) {
			t.Errorf("the preview reads\n%s\nwant %q", text, want)
		}
	}
}
