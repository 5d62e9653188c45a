package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/ui/internal/flowview"
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

// TypedShortcut lets the window's shortcuts (Ctrl+O, Ctrl+Q…) work while
// the search field has the keyboard; the field's own go to the field.
func (e *searchEntry) TypedShortcut(s fyne.Shortcut) {
	if cs, ok := s.(*desktop.CustomShortcut); ok {
		if e.w.customShortcut(cs) {
			return
		}
		if cs.Modifier == fyne.KeyModifierShift && cs.KeyName == fyne.KeyF3 {
			e.w.preview.moveMatch(-1)
			return
		}
	}
	e.Entry.TypedShortcut(s)
}

// TypedKey moves through the results with Up and Down, or through the
// history from an empty field (walkHistory). Esc takes back
// the refinement chip last added (refinementBar.back), else clears.
func (e *searchEntry) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyDown:
		if !e.w.walkHistory(false) {
			e.w.results.move(1)
		}
	case fyne.KeyUp:
		if !e.w.walkHistory(true) {
			e.w.results.move(-1)
		}
	case fyne.KeyEscape:
		if !e.w.refine.back() {
			e.w.remember()
			e.SetText("")
		}
	case fyne.KeyF1:
		e.w.showHelp()
	case fyne.KeyF3:
		e.w.preview.moveMatch(1)
	default:
		e.Entry.TypedKey(k)
	}
}

// resultList shows hits: breadcrumb, citation and highlighted snippet. A
// hit with passages folded under it (more of its file, copies of it in
// other files) has a button that unfolds them as rows beneath it.
type resultList struct {
	w        *Window
	list     *widget.List
	root     *fyne.Container // the list, and under it showMore's button
	more     *widget.Button
	hasMore  bool        // fewer passages are shown than match
	page     []index.Hit // the hits of the search
	hits     []index.Hit // the rows shown: the page, with unfolded hits
	folded   []bool      // per row: it is an unfolded hit, not one of the page
	open     map[int64]bool
	selected int
}

func newResultList(w *Window) *resultList {
	r := &resultList{w: w, selected: -1}
	r.list = widget.NewList(
		func() int { return len(r.hits) },
		func() fyne.CanvasObject {
			crumb, _ := rowLabels()
			cite := newCiteLabel()
			more := widget.NewButton("", nil)
			more.Importance = widget.LowImportance
			// The snippet is inset like the labels' text above it.
			snippet := container.New(layout.NewCustomPaddedLayout(0, 0, theme.InnerPadding(), theme.InnerPadding()), flowview.NewSnippet())
			return container.NewBorder(container.NewVBox(crumb, container.NewBorder(nil, nil, nil, more, cite)), nil, nil, nil, snippet)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id >= len(r.hits) {
				return
			}
			h := r.hits[id]
			c := o.(*fyne.Container)
			top := c.Objects[1].(*fyne.Container)
			crumb := breadcrumb(h)
			if r.folded[id] {
				crumb = "↳ " + crumb
			}
			top.Objects[0].(*widget.Label).SetText(crumb)
			line := top.Objects[1].(*fyne.Container)
			cite := line.Objects[0].(*citeLabel)
			cite.Importance = widget.MediumImportance
			if h.Sample {
				cite.Importance = widget.WarningImportance // the sample's badge stands out
			}
			cite.set(h)
			more := line.Objects[1].(*widget.Button)
			narrow := r.list.Size().Width > 0 && r.list.Size().Width < narrowRows
			if text := foldText(h, r.open[h.ChunkRowID], narrow); text != "" && !r.folded[id] {
				more.SetText(text)
				more.OnTapped = func() { r.toggle(h.ChunkRowID) }
				more.Show()
			} else {
				more.Hide()
			}
			c.Objects[0].(*fyne.Container).Objects[0].(*flowview.View).Set(h.Snippet)
		},
	)
	r.list.OnSelected = func(id widget.ListItemID) {
		if id < len(r.hits) {
			r.selected = id
			r.w.preview.show(r.hits[id])
		}
		// After a click, typing still goes to the search and Up/Down
		// still move the selection (the search field handles both); a
		// date being typed keeps the keyboard as its search selects.
		if _, typing := r.w.win.Canvas().Focused().(*widget.Entry); !typing {
			r.w.win.Canvas().Focus(r.w.search)
		}
	}
	r.more = widget.NewButtonWithIcon("Show more results", theme.MoreVerticalIcon(), r.showMore)
	r.more.Importance = widget.LowImportance
	r.more.Hide()
	r.root = container.NewBorder(nil, r.more, nil, nil, r.list)
	return r
}

// showMore adds the next page's results. It asks for the longer list
// again rather than for the page after (Offset): a longer list ranks more
// candidates, which may reorder them, so only the rows not shown yet are
// added, after the others: none repeats and none is skipped.
func (r *resultList) showMore() {
	w := r.w
	q, scope, seq, n := w.lastQuery, w.scope.Load(), w.searchSeq.Load(), len(r.page)
	opt := w.searchOptions()
	opt.Limit, opt.Refine = n+w.resultsLimit(), false
	r.more.Disable()
	w.spawn(func() {
		res, err := w.lib.Search(w.bgCtx, q, opt)
		w.do(func() {
			r.more.Enable()
			if w.searchSeq.Load() != seq {
				return // a newer search replaced the list
			}
			if err != nil {
				w.status.SetText("Search failed: " + err.Error())
				return
			}
			shown := map[int64]bool{}
			for _, h := range r.page {
				shown[h.ChunkRowID] = true
				for _, m := range h.More {
					shown[m.ChunkRowID] = true
				}
			}
			added := 0
			for _, h := range res.Hits {
				if !shown[h.ChunkRowID] {
					r.page, added = append(r.page[:len(r.page):len(r.page)], h), added+1
				}
			}
			r.rows()
			r.list.Refresh()
			r.setMore(added > 0 && passages(r.page) < res.Total)
			w.showCount(res, scope)
		})
	})
}

// passages counts the hits with those folded under them, as
// Results.Total counts them.
func passages(hits []index.Hit) int {
	n := 0
	for _, h := range hits {
		n += 1 + len(h.More) + len(h.AlsoIn)
	}
	return n
}

// setMore shows the "Show more results" button when there may be more.
func (r *resultList) setMore(more bool) {
	r.hasMore = more
	if more && r.list.Visible() {
		r.more.Show()
	} else {
		r.more.Hide()
	}
}

func (r *resultList) set(hits []index.Hit) {
	r.page = hits
	r.open = map[int64]bool{}
	r.rows()
	r.selected = -1
	r.list.UnselectAll()
	r.list.Refresh()
	r.list.ScrollToTop()
}

// rows lays out the page with the unfolded hits under theirs.
func (r *resultList) rows() {
	r.hits, r.folded = r.hits[:0], r.folded[:0]
	for _, h := range r.page {
		r.hits, r.folded = append(r.hits, h), append(r.folded, false)
		if r.open[h.ChunkRowID] {
			for _, f := range append(append([]index.Hit(nil), h.More...), h.AlsoIn...) {
				r.hits, r.folded = append(r.hits, f), append(r.folded, true)
			}
		}
	}
}

// toggle unfolds or folds the passages under a hit, keeping the selection
// on the same hit.
func (r *resultList) toggle(id int64) {
	sel, hadSel := r.current()
	r.open[id] = !r.open[id]
	r.rows()
	r.list.Refresh()
	if hadSel {
		for i, h := range r.hits {
			if h.ChunkRowID == sel.ChunkRowID && h.Path == sel.Path {
				r.selected = i
				r.list.Select(i)
				break
			}
		}
	}
}

// foldText is the unfold button's text: "▸ 3 more in this file · also in
// 2 other files", or "" when nothing is folded.
func foldText(h index.Hit, open, narrow bool) string {
	var parts []string
	more, copies := "%d more in this file", "also in %d other files"
	if narrow {
		// A narrow row keeps its width for the citation's file name.
		more, copies = "%d more", "%d copies"
	}
	if n := len(h.More); n > 0 {
		parts = append(parts, fmt.Sprintf(more, n))
	}
	if n := len(h.AlsoIn); n == 1 && !narrow {
		parts = append(parts, "also in 1 other file")
	} else if n == 1 {
		parts = append(parts, "1 copy")
	} else if n > 1 {
		parts = append(parts, fmt.Sprintf(copies, n))
	}
	if len(parts) == 0 {
		return ""
	}
	if open {
		return "▾ " + strings.Join(parts, " · ")
	}
	return "▸ " + strings.Join(parts, " · ")
}

// narrowRows is the width of the result list below which a row's fold
// button is shortened ("▸ 2 more · 1 copy"): at the default window size
// (a list about 400 px wide) the long form left the citation "leave.md ·
// line …", its lines cut.
const narrowRows = 520

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

// citeLabel is a result's citation line. Where the row is too narrow it
// cuts the path's folders ("…/travel-and-leave/leave.md"), so the file
// name stays: the label's own ellipsis would cut the name first.
type citeLabel struct {
	widget.Label
	hit index.Hit
}

func newCiteLabel() *citeLabel {
	c := &citeLabel{}
	c.ExtendBaseWidget(c)
	c.Truncation = fyne.TextTruncateEllipsis
	c.SizeName = theme.SizeNameCaptionText
	return c
}

func (c *citeLabel) set(h index.Hit) {
	c.hit = h
	c.fit(c.Size().Width)
}

func (c *citeLabel) Resize(size fyne.Size) {
	c.fit(size.Width)
	c.Label.Resize(size)
}

// fit shows the citation with as many of the path's folders as fit in
// width, the nearest to the file first; then without the library
// folder's name; at last the file name first, for the ellipsis to cut
// what follows it.
func (c *citeLabel) fit(width float32) {
	h := c.hit
	room := width - 2*theme.InnerPadding()
	fits := func(s string) bool {
		return width <= 0 || fyne.MeasureText(s, theme.Size(theme.SizeNameCaptionText), c.TextStyle).Width <= room
	}
	text := citationLine(h)
	dirs := strings.Split(h.Path, "/")
	for i := 1; i < len(dirs) && !fits(text); i++ {
		h.Path = "…/" + strings.Join(dirs[i:], "/")
		text = citationLine(h)
	}
	if folder := " · " + filepath.Base(h.Folder); !fits(text) {
		// Then the sample's badge says only SAMPLE, before the file name
		// itself is cut: at 800 px it left the name no room.
		short := func(s string) string {
			return strings.Replace(strings.Replace(s, folder, "", 1), sampleBadge, shortSampleBadge, 1)
		}
		if text = strings.Replace(text, folder, "", 1); !fits(text) {
			if text = short(text); !fits(text) {
				h.Path = dirs[len(dirs)-1]
				text = short(citationLine(h))
			}
		}
	}
	if text != c.Text {
		c.SetText(text)
	}
}

// The sample's badge on a result's citation line, and what a narrow row
// shows of it.
const (
	sampleBadge      = "SAMPLE, not your notes · "
	shortSampleBadge = "SAMPLE · "
)

// citationLine is the row's second line: file, lines, folder.
func citationLine(h index.Hit) string {
	lines := fmt.Sprintf("line %d", h.StartLine)
	if h.EndLine != h.StartLine {
		lines = fmt.Sprintf("lines %d–%d", h.StartLine, h.EndLine)
	}
	line := fmt.Sprintf("%s · %s · %s", h.Path, lines, filepath.Base(h.Folder))
	if h.Sample {
		line = sampleBadge + line // first, where it is never cut
	}
	if h.Offline {
		line += " · offline folder (as of its last scan)"
	}
	if h.Stale {
		line += " · changed since indexed"
	}
	return line
}
