package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/internal/testutil/testlib"
)

func TestCorrectionsAreShownAndCanBeUndone(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# Pain relief\n\nIbuprofen eases pain.\n", "b.md": "# Other\n\nNothing else.\n"})
	w := newWindow(t, ix)
	test.Type(w.search, "ibuprofin pain")
	waitFor(t, "the correction", func() bool { return w.correction.Visible() && w.lastQuery == "ibuprofin pain" })
	if w.corrected.Text != "Also searched: ibuprofen" || !strings.Contains(w.exact.Text, "ibuprofin") {
		t.Errorf("correction %q, button %q", w.corrected.Text, w.exact.Text)
	}
	// The button searches exactly what was typed: the word in quotes.
	test.Tap(w.exact)
	if w.search.Text != `"ibuprofin" pain` {
		t.Errorf("query after the button: %q", w.search.Text)
	}
	waitFor(t, "no correction", func() bool { return !w.correction.Visible() })
}

// A lay idiom is said with what it was searched as, and the button puts
// the idiom, as typed, in quotes.
func TestAnIdiomIsSaidAndCanBeSearchedAsTyped(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# Fever\n\nA child with a fever can be given paracetamol.\n", "b.md": "# Burns\n\nCool a burn under water.\n"})
	w := newWindow(t, ix)
	test.Type(w.search, "child burning  up")
	waitFor(t, "the idiom said", func() bool { return w.correction.Visible() && w.lastQuery == "child burning  up" })
	if w.corrected.Text != "Also searched: fever" || w.exact.Text != "Search only for burning up" {
		t.Errorf("said %q, button %q", w.corrected.Text, w.exact.Text)
	}
	test.Tap(w.exact)
	if w.search.Text != `child "burning  up"` {
		t.Errorf("query after the button: %q", w.search.Text)
	}
}

// A typed word that brought several words is named once on the button.
func TestEveryTypedWordIsNamedOnceOnTheExactButton(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# Vehicle grant\n\nA grant for an automobile or another vehicle.\n", "b.md": "# Other\n\nA grant.\n"})
	w := newWindow(t, ix)
	test.Type(w.search, "car grant")
	waitFor(t, "the added words", func() bool { return w.correction.Visible() && w.lastQuery == "car grant" })
	if !strings.Contains(w.corrected.Text, "vehicle") || w.exact.Text != "Search only for car" {
		t.Errorf("added %q, button %q; want vehicle added and the button to name car once", w.corrected.Text, w.exact.Text)
	}
}

func TestFoldedPassagesUnfoldUnderTheirHit(t *testing.T) {
	ix := testlib.Open(t)
	var b strings.Builder
	b.WriteString("# Handbook\n\n")
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "## Part %d\n\nLeave rule %d.\n\n", i, i)
	}
	testlib.AddFolder(t, ix, map[string]string{"handbook.md": b.String()})
	w := newWindow(t, ix)
	test.Type(w.search, "leave")
	waitFor(t, "results, the first selected", func() bool {
		return len(w.results.hits) == index.DefaultPerFile && w.results.selected == 0
	})
	row := w.results.list.CreateItem()
	w.results.list.UpdateItem(0, row)
	button := findButton(row)
	if button == nil || !button.Visible() || button.Text != "▸ 2 more in this file" {
		t.Fatalf("fold button %+v", button)
	}
	test.Tap(button)
	if len(w.results.hits) != 5 || !w.results.folded[1] || w.results.folded[0] {
		t.Fatalf("after unfolding: %d rows, folded %v", len(w.results.hits), w.results.folded)
	}
	w.results.list.UpdateItem(1, row)
	if !strings.Contains(rowTexts(row), "↳ Handbook") {
		t.Errorf("an unfolded row is not marked: %q", rowTexts(row))
	}
	// Down moves through the unfolded rows too.
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	waitFor(t, "the second row selected", func() bool { return w.results.selected == 1 })
	w.results.toggle(w.results.page[0].ChunkRowID)
	if len(w.results.hits) != index.DefaultPerFile {
		t.Errorf("folding again: %d rows", len(w.results.hits))
	}
}

// findButton returns the first button under o.
func findButton(o fyne.CanvasObject) *widget.Button {
	switch v := o.(type) {
	case *widget.Button:
		return v
	case *fyne.Container:
		for _, c := range v.Objects {
			if b := findButton(c); b != nil {
				return b
			}
		}
	}
	return nil
}

// In an 800 px window, three idioms' words are said whole: the button
// back to what was typed wraps under them rather than cut them off.
func TestThreeIdiomsAreSaidWholeInASmallWindow(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{
		"fever.md":    "# Fever\n\nA child with a fever can be given paracetamol.\n",
		"fainting.md": "# Fainting\n\nFainting is a short loss of consciousness.\n",
		"vomiting.md": "# Vomiting\n\nVomiting in toddlers: give small sips of water.\n",
	})
	w := newWindow(t, ix)
	const q = "my toddler is burning up, throwing up and passed out"
	test.Type(w.search, q)
	waitFor(t, "the idioms said", func() bool { return w.correction.Visible() && w.lastQuery == q })
	var label, row, button fyne.Size
	var at fyne.Position
	onUI(w, func() bool {
		settleWindow(w, fyne.NewSize(800, 600))
		label, row, button = w.corrected.Size(), w.correction.Size(), w.exact.Size()
		at = absolute(w, w.exact).Subtract(absolute(w, w.correction))
		return true
	})
	for _, word := range []string{"fever", "fainting", "vomiting"} {
		if !strings.Contains(w.corrected.Text, word) {
			t.Errorf("%q does not say %s", w.corrected.Text, word)
		}
	}
	style := fyne.TextStyle{}
	if whole := fyne.MeasureText(w.corrected.Text, theme.TextSize(), style).Width; label.Width < whole {
		t.Errorf("%q is %.0f px wide, shown in %.0f", w.corrected.Text, whole, label.Width)
	}
	if at.X+button.Width > row.Width {
		t.Errorf("the button %q ends at %.0f px, past the row's %.0f", w.exact.Text, at.X+button.Width, row.Width)
	}
}
