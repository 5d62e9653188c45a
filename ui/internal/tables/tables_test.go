package tables

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// In a narrow preview a table's cells wrap between words, never inside
// one: a column is at least as wide as its longest word when the pane
// allows it, and the columns still fill the pane.
func TestANarrowTableWrapsCellsBetweenWords(t *testing.T) {
	test.NewTempApp(t)
	rows := [][]string{
		{"Medicine", "Dose", "How often", "Most in 24 hours"},
		{"Paracetamol", "15 mg/kg", "every 4–6 hours", "4 doses"},
	}
	grid := labelGrid(rows).(*fyne.Container)
	const width = 300
	grid.Resize(fyne.NewSize(width, grid.MinSize().Height))
	word := widestWord("Paracetamol", fyne.TextStyle{})
	if word*4 < width {
		t.Fatalf("the test needs a word wider than an equal column: %v of %v", word, width)
	}
	first := grid.Objects[0].Size().Width
	if first < word {
		t.Errorf("first column %v wide, narrower than its word Paracetamol (%v): it breaks inside the word", first, word)
	}
	last := grid.Objects[3]
	if right := last.Position().X + last.Size().Width; right < width-1 || right > width+1 {
		t.Errorf("the columns end at %v, want the pane's %v", right, width)
	}
	// Rows stack: the second row starts below the first.
	if y := grid.Objects[4].Position().Y; y < grid.Objects[0].Size().Height {
		t.Errorf("second row at %v, inside the first (%v high)", y, grid.Objects[0].Size().Height)
	}
}
