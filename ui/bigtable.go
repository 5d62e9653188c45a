package ui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// What the preview lays out is bounded whatever a note holds: Fyne builds
// and measures every label and wraps every run of text on each layout, so
// a 5,000-row table as a grid of labels (100,000 of them) froze the window
// for minutes.
const (
	// Tables up to this size are a grid of wrapped labels, as before; larger
	// ones are a widget.Table, which builds only the cells in view.
	gridMaxRows, gridMaxCols = 200, 30
	// proseLimit is the most bytes of one passage's text shown as rich text.
	proseLimit = 20000
	// sectionBudget is about the most bytes of a section shown around the
	// hit; each passage counts at most proseLimit, as that is all it draws.
	sectionBudget = 4 * proseLimit
	// cellLimit is the most characters of one table cell shown.
	cellLimit = 200
	// lazyTableHeight is the height of a large table's own scrolling area.
	lazyTableHeight = 420
)

// tableView renders the table whose rows (header first, delimiter row left
// out) are lines: a grid when small, else a lazily drawn table under a line
// that says its size. Small is in rows, columns and bytes: one huge cell
// wraps as slowly as many small ones.
func tableView(lines []string) fyne.CanvasObject {
	cols := len(tableCells(lines[0]))
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	if len(lines) <= gridMaxRows && cols <= gridMaxCols && size <= 2*proseLimit {
		rows := make([][]string, len(lines))
		for i, l := range lines {
			rows[i] = tableCells(l)
		}
		return tableGrid(rows)
	}
	note := captionLabel(fmt.Sprintf("A large table: %s rows and %s columns, drawn as you scroll through it. Open in editor to see it whole.",
		thousands(len(lines)-1), thousands(cols)))
	return container.NewVBox(note, container.New(fixedHeight(lazyTableHeight), lazyTable(lines, cols)))
}

// lazyTable is a widget.Table over the row lines; a row is split into
// cells only when one of its cells comes into view.
func lazyTable(lines []string, cols int) *widget.Table {
	cache := map[int][]string{}
	cell := func(r, c int) string {
		cells, ok := cache[r]
		if !ok {
			if len(cache) > 512 { // a screenful is a few dozen rows
				clear(cache)
			}
			cells = tableCells(lines[r])
			cache[r] = cells
		}
		if c < len(cells) {
			return shortCell(cells[c])
		}
		return ""
	}
	t := widget.NewTable(
		func() (int, int) { return len(lines), cols },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.TextStyle.Bold = id.Row == 0
			l.SetText(cell(id.Row, id.Col))
		})
	t.StickyRowCount = 1 // the header stays in view
	// Columns as wide as their header and first rows, within reason; the
	// rest keep the template's width (setting 5,000 widths costs a layout
	// pass each).
	em := fyne.MeasureText("m", theme.TextSize(), fyne.TextStyle{}).Width
	for c := 0; c < min(cols, gridMaxCols); c++ {
		n := 4
		for r := 0; r < min(len(lines), 50); r++ {
			n = max(n, utf8.RuneCountInString(cell(r, c)))
		}
		t.SetColumnWidth(c, min(float32(n+2)*em, 24*em))
	}
	return t
}

// shortCell is a cell's text cut to cellLimit characters.
func shortCell(s string) string {
	if len(s) <= cellLimit {
		return s
	}
	cut, n := 0, 0
	for i := range s {
		if n == cellLimit {
			cut = i
			break
		}
		n++
	}
	if cut == 0 {
		return s
	}
	return s[:cut] + "…"
}

// boundProse cuts text to proseLimit bytes at a line or word end; more
// says how much was left out ("" when nothing).
func boundProse(text string) (shown, more string) {
	if len(text) <= proseLimit {
		return text, ""
	}
	cut := strings.LastIndexByte(text[:proseLimit], '\n')
	if cut < proseLimit/2 {
		cut = strings.LastIndexByte(text[:proseLimit], ' ')
	}
	if cut < proseLimit/2 {
		cut = proseLimit
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
	}
	return text[:cut], fmt.Sprintf("Showing the first %s of %s characters of this passage. Open in editor to read the rest.",
		thousands(utf8.RuneCountInString(text[:cut])), thousands(utf8.RuneCountInString(text)))
}

// sectionWindow picks the passages of a section to show: the hit's and its
// neighbours, nearest first, while they fit in sectionBudget.
func sectionWindow(texts []string, hit int) (lo, hi int) {
	cost := func(i int) int { return min(len(texts[i]), proseLimit) }
	lo, hi = hit, hit+1
	used := cost(hit)
	for lo > 0 || hi < len(texts) {
		grew := false
		if hi < len(texts) && used+cost(hi) <= sectionBudget {
			used += cost(hi)
			hi++
			grew = true
		}
		if lo > 0 && used+cost(lo-1) <= sectionBudget {
			lo--
			used += cost(lo)
			grew = true
		}
		if !grew {
			break
		}
	}
	return lo, hi
}

// captionLabel is a small line of the preview's own words.
func captionLabel(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
	l.Wrapping = fyne.TextWrapWord
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// fixedHeight lays its objects out over the full size given, asking for
// at least its height: a widget.Table's own minimum is one cell.
type fixedHeight float32

func (h fixedHeight) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(0, float32(h)) }

func (h fixedHeight) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// thousands writes n with commas: 5,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
