package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index"
)

// searchEntry is the search field: it searches as you type and lets the
// keyboard drive the results without leaving it.
type searchEntry struct {
	widget.Entry
	w *Window
}

func newSearchEntry(w *Window) *searchEntry {
	e := &searchEntry{w: w}
	e.ExtendBaseWidget(e)
	e.OnChanged = w.scheduleSearch
	e.OnSubmitted = func(string) { w.preview.openHit() }
	return e
}

// TypedKey moves through the results with Up and Down and clears with Esc.
func (e *searchEntry) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyDown:
		e.w.results.move(1)
	case fyne.KeyUp:
		e.w.results.move(-1)
	case fyne.KeyEscape:
		e.SetText("")
	default:
		e.Entry.TypedKey(k)
	}
}

// resultList shows hits: breadcrumb, citation and highlighted snippet.
type resultList struct {
	w        *Window
	list     *widget.List
	hits     []index.Hit
	selected int
}

func newResultList(w *Window) *resultList {
	r := &resultList{w: w, selected: -1}
	r.list = widget.NewList(
		func() int { return len(r.hits) },
		func() fyne.CanvasObject {
			crumb := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			crumb.Truncation = fyne.TextTruncateEllipsis
			cite := widget.NewLabel("")
			cite.Truncation = fyne.TextTruncateEllipsis
			cite.Importance = widget.LowImportance
			// The snippet is inset like the labels' text above it.
			snippet := container.New(layout.NewCustomPaddedLayout(0, 0, theme.InnerPadding(), theme.InnerPadding()), newSnippetView())
			return container.NewBorder(container.NewVBox(crumb, cite), nil, nil, nil, snippet)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id >= len(r.hits) {
				return
			}
			h := r.hits[id]
			c := o.(*fyne.Container)
			top := c.Objects[1].(*fyne.Container)
			top.Objects[0].(*widget.Label).SetText(breadcrumb(h))
			top.Objects[1].(*widget.Label).SetText(citationLine(h))
			c.Objects[0].(*fyne.Container).Objects[0].(*snippetView).set(h.Snippet)
		},
	)
	r.list.OnSelected = func(id widget.ListItemID) {
		if id < len(r.hits) {
			r.selected = id
			r.w.preview.show(r.hits[id])
		}
	}
	return r
}

func (r *resultList) set(hits []index.Hit) {
	r.hits = hits
	r.selected = -1
	r.list.UnselectAll()
	r.list.Refresh()
	r.list.ScrollToTop()
}

func (r *resultList) selectHit(i int) {
	if i < 0 || i >= len(r.hits) {
		return
	}
	r.list.Select(i)
	r.list.ScrollTo(i)
}

func (r *resultList) move(delta int) {
	if len(r.hits) == 0 {
		return
	}
	i := r.selected + delta
	r.selectHit(max(0, min(len(r.hits)-1, i)))
}

func (r *resultList) current() (index.Hit, bool) {
	if r.selected < 0 || r.selected >= len(r.hits) {
		return index.Hit{}, false
	}
	return r.hits[r.selected], true
}

func breadcrumb(h index.Hit) string {
	if len(h.HeadingPath) == 0 {
		return h.Title
	}
	return strings.Join(h.HeadingPath, " › ")
}

// citationLine is the row's second line: file, lines, folder.
func citationLine(h index.Hit) string {
	lines := fmt.Sprintf("line %d", h.StartLine)
	if h.EndLine != h.StartLine {
		lines = fmt.Sprintf("lines %d–%d", h.StartLine, h.EndLine)
	}
	line := fmt.Sprintf("%s · %s · %s", h.Path, lines, filepath.Base(h.Folder))
	if h.Offline {
		line += " · offline folder (as of its last scan)"
	}
	return line
}
