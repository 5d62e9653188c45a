package ui

import (
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"folio/index/refine"
	"folio/internal/testutil/testlib"
	"folio/ui/internal/filterbar"
	"folio/ui/internal/flow"
)

// Notes that say "annual leave" where a person asks for vacation days.
var leaveNotes = map[string]string{
	"hr/leave.md":   "# Vacation\n\nYour vacation days are called annual leave here. Book annual leave in the portal.\n\n## Carry over\n\nUp to five vacation days of annual leave carry over into the next year.\n",
	"hr/sick.md":    "# Sickness\n\nCall your manager on the first day. A doctor's note is needed after two days.\n",
	"hr/expense.md": "# Expenses\n\nReceipts go to finance within thirty days of the trip.\n",
}

// chipsShown waits for the search for q and returns the chips' texts.
func chipsShown(t *testing.T, w *Window, q string) []string {
	t.Helper()
	waitFor(t, "the search for "+q, func() bool {
		settled(w)
		return w.lastQuery == q && w.search.Text == q
	})
	settled(w)
	return w.refine.texts()
}

// Typing a query shows the words the results use and it does not; a click
// adds one, as typed, and searches it; Esc takes the click back.
func TestRefinementChipsAddToTheQueryAndEscTakesThemBack(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, leaveNotes)
	w := newWindow(t, ix)
	test.Type(w.search, "vacation days")
	chips := chipsShown(t, w, "vacation days")
	t.Logf("chips %q", chips)
	if !slices.Contains(chips, "annual leave") {
		t.Fatalf("chips %q, want annual leave among them", chips)
	}
	for _, c := range chips {
		if strings.Contains(c, "vacation") || c == "days" {
			t.Errorf("chip %q repeats the query", c)
		}
	}
	if !w.refine.root.Visible() || !strings.Contains(rowTexts(w.refine.root), "Your notes say:") {
		t.Errorf("chip row shows %q", rowTexts(w.refine.root))
	}

	test.Tap(chipFor(t, w, "annual leave"))
	want := `vacation days "annual leave"`
	if w.search.Text != want {
		t.Fatalf("field %q after the click, want %q", w.search.Text, want)
	}
	if w.win.Canvas().Focused() != w.search {
		t.Error("the keyboard left the search field after the click")
	}
	chipsShown(t, w, want) // the search ran for what the field shows
	if len(w.results.hits) == 0 {
		t.Error("no results for the refined query")
	}

	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.search.Text != "vacation days" {
		t.Fatalf("field %q after Esc, want the query before the click", w.search.Text)
	}
	chipsShown(t, w, "vacation days")
	// Nothing left to take back: Esc clears, as it always did.
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	waitFor(t, "cleared", func() bool { settled(w); return w.search.Text == "" && w.lastQuery == "" })
	settled(w)
	if w.refine.root.Visible() {
		t.Errorf("chips %q for an empty query", w.refine.texts())
	}
}

// Esc after the user edited the refined query clears it: the click is no
// longer what the field shows.
func TestEscAfterEditingARefinedQueryClears(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, leaveNotes)
	w := newWindow(t, ix)
	test.Type(w.search, "vacation days")
	chipsShown(t, w, "vacation days")
	test.Tap(chipFor(t, w, "annual leave"))
	test.Type(w.search, " portal")
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.search.Text != "" {
		t.Errorf("field %q, want cleared", w.search.Text)
	}
}

// Tab from the search field reaches the chips; Enter on one adds it.
func TestRefinementChipsAnswerTabAndEnter(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, leaveNotes)
	w := newWindow(t, ix)
	test.Type(w.search, "vacation days")
	chips := chipsShown(t, w, "vacation days")
	c := w.win.Canvas()
	c.Focus(w.search)
	c.FocusNext()
	first, ok := c.Focused().(*filterbar.Chip)
	if !ok {
		t.Fatalf("Tab from the search field focuses %T, want the first chip", c.Focused())
	}
	if first.Label() != chips[0] || first.Text != chips[0] {
		t.Errorf("first chip %q (shown %q), want %q", first.Label(), first.Text, chips[0])
	}
	first.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if want := refine.Add("vacation days", chips[0]); w.search.Text != want {
		t.Errorf("field %q after Enter on a chip, want %q", w.search.Text, want)
	}
}

// No chips for a query that finds nothing, nor for an empty one.
func TestNoRefinementChipsWithoutResults(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, leaveNotes)
	w := newWindow(t, ix)
	test.Type(w.search, "vacation days")
	if len(chipsShown(t, w, "vacation days")) == 0 {
		t.Fatal("no chips for a query with results")
	}
	w.search.SetText("")
	test.Type(w.search, "zebra")
	waitFor(t, "no results", func() bool { settled(w); return strings.HasPrefix(w.status.Text, "No results") })
	settled(w)
	if w.refine.root.Visible() || len(w.refine.texts()) != 0 {
		t.Errorf("chips %q for a query that finds nothing", w.refine.texts())
	}
}

// A slow older search's answer does not replace the newer one's chips.
func TestAStaleSearchDoesNotReplaceTheChips(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, leaveNotes)
	var searches atomic.Int64
	w := newWindow(t, slowLibrary{Library: ix, slow: "doctor", delay: 600 * time.Millisecond, searches: &searches})
	w.scheduleSearch("doctor")
	time.Sleep(Debounce + 100*time.Millisecond) // doctor is running
	w.search.SetText("vacation days")
	chips := chipsShown(t, w, "vacation days")
	if !slices.Contains(chips, "annual leave") {
		t.Fatalf("chips %q", chips)
	}
	time.Sleep(700 * time.Millisecond) // doctor's answer arrives now
	settled(w)
	if got := w.refine.texts(); !slices.Equal(got, chips) {
		t.Errorf("a stale answer replaced the chips: %q, want %q", got, chips)
	}
}

func TestWithRefinementAndVisualLine(t *testing.T) {
	for _, c := range [][3]string{
		{"vacation days", "annual leave", `vacation days "annual leave"`},
		{"vacation days ", "portal", "vacation days portal"},
		{"", "portal", "portal"},
	} {
		if got := refine.Add(c[0], c[1]); got != c[2] {
			t.Errorf("refine.Add(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
	for in, want := range map[string]string{
		"annual leave": "annual leave",
		"إجازة":        "إجازة",
		"إجازة سنوية":  "سنوية إجازة",
		"نسخة Vue 3":   "Vue 3 نسخة",
	} {
		if got := flow.VisualLine(in); got != want {
			t.Errorf("flow.VisualLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// chipFor is the chip for text; the test fails when there is none.
func chipFor(t *testing.T, w *Window, text string) *filterbar.Chip {
	t.Helper()
	for _, o := range w.refine.chips.Objects {
		if c := o.(*filterbar.Chip); c.Label() == text {
			return c
		}
	}
	t.Fatalf("no chip %q among %q", text, w.refine.texts())
	return nil
}
