// Package tables draws the preview's Markdown tables, and the small
// caption lines the preview speaks in.
package tables

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index/snippet"
	"folio/ui/internal/mdtext"
)

// What the preview lays out is bounded whatever a note holds: Fyne builds
// and measures every label and wraps every run of text on each layout, so
// a 5,000-row table as a grid of labels (100,000 of them) froze the window
// for minutes.
const (
	// Tables up to this size are a grid of wrapped labels, as before; larger
	// ones are a widget.Table, which builds only the cells in view.
	gridMaxRows, gridMaxCols = 200, 30
	proseLimit               = mdtext.ProseLimit
	// lazyTableHeight is the height of a large table's own scrolling area.
	lazyTableHeight = 420
)

// View renders the table whose rows (header first, delimiter row left
// out) are lines: a grid when small, else a lazily drawn table under a line
// that says its size. Small is in rows, columns and bytes: one huge cell
// wraps as slowly as many small ones.
func View(lines []string) fyne.CanvasObject {
	cols := len(mdtext.TableCells(lines[0]))
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	if len(lines) <= gridMaxRows && cols <= gridMaxCols && size <= 2*proseLimit {
		rows := make([][]string, len(lines))
		for i, l := range lines {
			rows[i] = mdtext.TableCells(l)
		}
		return labelGrid(rows)
	}
	note := Caption(fmt.Sprintf("A large table: %s rows and %s columns, drawn as you scroll through it. Open in editor to see it whole.",
		snippet.Thousands(len(lines)-1), snippet.Thousands(cols)))
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
			cells = mdtext.TableCells(lines[r])
			cache[r] = cells
		}
		if c < len(cells) {
			return mdtext.ShortCell(cells[c])
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

// Caption is a small line of the preview's own words.
func Caption(text string) *widget.Label {
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

func labelGrid(rows [][]string) fyne.CanvasObject {
	cols := len(rows[0])
	g := &wordGrid{cols: cols, words: make([]float32, cols)}
	var cells []fyne.CanvasObject
	for r, row := range rows {
		style := fyne.TextStyle{Bold: r == 0}
		for c := 0; c < cols; c++ {
			cell := ""
			if c < len(row) {
				cell = row[c]
			}
			l := widget.NewLabelWithStyle(cell, fyne.TextAlignLeading, style)
			l.Wrapping = fyne.TextWrapWord
			cells = append(cells, l)
			g.words[c] = max(g.words[c], widestWord(cell, style))
		}
	}
	return container.New(g, cells...)
}

// widestWord is the width a label needs for cell's longest word.
func widestWord(cell string, style fyne.TextStyle) float32 {
	widest := float32(0)
	for _, w := range strings.Fields(cell) {
		widest = max(widest, fyne.MeasureText(w, theme.TextSize(), style).Width)
	}
	if widest == 0 {
		return 0
	}
	return widest + 2*theme.InnerPadding()
}

// wordGrid lays a table's cells out in rows, each column at least as wide
// as its widest word when the pane allows, so a narrow preview wraps a
// cell between its words, not inside one ("Medicin" over "e" in a 800-pixel
// window); the other columns share the rest. Columns whose words cannot
// all fit share the width equally, as a grid does. Each row is as tall as
// its tallest cell.
type wordGrid struct {
	cols  int
	words []float32 // each column's widest word, padding included
}

// widths are the columns' widths in a table total wide.
func (g *wordGrid) widths(total float32) []float32 {
	avail := total - theme.Padding()*float32(g.cols-1)
	w := make([]float32, g.cols)
	need := float32(0)
	for _, x := range g.words {
		need += x
	}
	if need > avail {
		for c := range w {
			w[c] = avail / float32(g.cols)
		}
		return w
	}
	// A column whose word is wider than an equal share of what the others
	// leave takes its word's width, until no other must.
	wide := make([]bool, g.cols)
	for {
		free, n := avail, 0
		for c, x := range g.words {
			if wide[c] {
				free -= x
			} else {
				n++
			}
		}
		share, grew := free/float32(max(n, 1)), false
		for c, x := range g.words {
			if !wide[c] && x > share {
				wide[c], grew = true, true
			}
		}
		if !grew {
			for c := range w {
				w[c] = share
				if wide[c] {
					w[c] = g.words[c]
				}
			}
			return w
		}
	}
}

func (g *wordGrid) rowHeight(row []fyne.CanvasObject) float32 {
	h := float32(0)
	for _, o := range row {
		h = max(h, o.MinSize().Height)
	}
	return h
}

func (g *wordGrid) MinSize(objects []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for r := 0; r*g.cols < len(objects); r++ {
		if r > 0 {
			h += theme.Padding()
		}
		h += g.rowHeight(objects[r*g.cols : min((r+1)*g.cols, len(objects))])
	}
	return fyne.NewSize(0, h)
}

func (g *wordGrid) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	ws := g.widths(size.Width)
	y := float32(0)
	for r := 0; r*g.cols < len(objects); r++ {
		row := objects[r*g.cols : min((r+1)*g.cols, len(objects))]
		for c, o := range row { // a wrapped label's height follows its width
			o.Resize(fyne.NewSize(ws[c], o.Size().Height))
		}
		h, x := g.rowHeight(row), float32(0)
		for c, o := range row {
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(ws[c], h))
			x += ws[c] + theme.Padding()
		}
		y += h + theme.Padding()
	}
}
