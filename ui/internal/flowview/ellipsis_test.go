package flowview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"folio/index/snippet"
)

// drawn lays a snippet out at width and returns its texts, in order.
func drawn(t *testing.T, text string, width float32) []string {
	t.Helper()
	s := NewSnippet()
	sn := snippet.Snippet{Text: text}
	if text[0] < 0x80 {
		sn.Highlights = [][2]int{{4, 9}} // a marked word is a run of its own
	}
	s.Set(sn)
	w := test.NewTempWindow(t, s)
	w.Resize(fyne.NewSize(width+20, 200))
	s.Resize(fyne.NewSize(width, s.MinSize().Height))
	r := test.WidgetRenderer(s).(*renderer)
	r.Layout(s.Size())
	var out []string
	for _, tx := range r.texts {
		if right := tx.Position().X + fyne.MeasureText(tx.Text, tx.TextSize, tx.TextStyle).Width; right > width+0.5 {
			t.Errorf("%q ends at %.1f px, past the snippet's %.0f", tx.Text, right, width)
		}
		out = append(out, tx.Text)
	}
	return out
}

// A snippet longer than its three lines ends with "…" inside the row
// (it stopped at the row's edge as if the text ended there); one that
// fits shows no "…"; a long URL is cut between letters, not past the edge.
func TestCutSnippetEndsWithEllipsis(t *testing.T) {
	test.NewTempApp(t)
	long := "You accrue annual leave based on how long you have worked for the federal government: four hours per pay period, six hours after three years, eight hours after fifteen years of service."
	texts := drawn(t, long, 260)
	if last := texts[len(texts)-1]; !strings.HasSuffix(last, "…") {
		t.Errorf("the cut snippet ends %q, want …; drawn %q", last, texts)
	}
	short := drawn(t, "Sick leave accrues at four hours.", 600)
	if strings.Contains(strings.Join(short, " "), "…") {
		t.Errorf("a snippet that fits shows %q", short)
	}
	url := drawn(t, "See https://example.org/a/very/long/path/that/does/not/fit/on/one/line/of/the/row/at/all/and/goes/on/and/on/index.html for more", 200)
	if last := url[len(url)-1]; !strings.HasSuffix(last, "…") {
		t.Errorf("the cut URL snippet ends %q", last)
	}
	ar := drawn(t, strings.Repeat("تستخدم السمة الموجهة لتصيير شرطي لكتلة من الشيفرة ", 8), 260)
	if !strings.Contains(strings.Join(ar, " "), "…") {
		t.Errorf("the cut Arabic snippet has no …: %q", ar)
	}
}

// A snippet asked for a row's width (SnippetChars), run on by the quarter
// it may take to end its sentence, still shows whole in the row's three
// lines, and a wider row asks for more.
func TestASnippetAskedForARowFitsIt(t *testing.T) {
	test.NewTempApp(t)
	prose := strings.Repeat("You accrue annual leave based on how long you have worked for the federal government, four hours per pay period. ", 10)
	last := 0
	for _, width := range []float32{260, 400, 700} {
		n := SnippetChars(width)
		if n <= last {
			t.Errorf("a row %.0f wide asks for %d characters, a narrower one %d", width, n, last)
		}
		last = n
		text := string([]rune(prose)[:n+n/4])
		if drawn := strings.Join(drawn(t, text, width-2*theme.InnerPadding()), " "); strings.Contains(drawn, "…") {
			t.Errorf("a snippet of %d characters is cut in a row %.0f wide: %q", n+n/4, width, drawn)
		}
	}
}
