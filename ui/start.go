package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/index/snippet"
)

// startPanel fills the results' place before the first query: what the
// library holds, three searches taken from its own headings to try with a
// click, the query syntax in one line and the main keys.
type startPanel struct {
	w        *Window
	root     fyne.CanvasObject
	summary  *widget.Label
	examples *fyne.Container
	loaded   int // the library's document count the examples were drawn for
}

func newStartPanel(w *Window) *startPanel {
	s := &startPanel{w: w}
	title := widget.NewLabelWithStyle("Search your library", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.summary = widget.NewLabel("")
	s.summary.Wrapping = fyne.TextWrapWord
	s.examples = container.NewVBox()
	syntax := widget.NewLabel("Type words or a question in your own words. \"exact phrase\"   prefix*   -exclude   in:heading")
	syntax.Wrapping = fyne.TextWrapWord
	keys := widget.NewLabel("Up and Down move through the results, Enter opens the file at the passage, Ctrl+O adds a folder, F1 lists every shortcut.")
	keys.Wrapping = fyne.TextWrapWord
	s.root = container.NewVScroll(container.NewPadded(container.NewVBox(title, s.summary, s.examples, widget.NewSeparator(), syntax, keys)))
	return s
}

// update shows the library's figures and, when its documents changed,
// draws new example searches (off the UI thread).
func (s *startPanel) update(folders []index.Folder) {
	docs, chunks := 0, 0
	for _, f := range folders {
		docs += f.Documents
		chunks += f.Chunks
	}
	s.summary.SetText(fmt.Sprintf("%s · %s · %s of text to search.", plural(len(folders), "folder"), plural(docs, "document"), plural(chunks, "passage")))
	if docs == s.loaded {
		return
	}
	s.loaded = docs
	s.w.spawn(func() {
		examples, err := s.w.lib.ExampleQueries(s.w.bgCtx, 3)
		if err != nil || len(examples) == 0 {
			return
		}
		s.w.do(func() {
			s.examples.Objects = []fyne.CanvasObject{widget.NewLabel("Try one of these searches:")}
			for _, q := range examples {
				// Quiet, with a search icon: a suggestion, not a command.
				b := widget.NewButtonWithIcon(q, theme.SearchIcon(), func() { s.w.search.SetText(q) })
				b.Alignment, b.Importance = widget.ButtonAlignLeading, widget.LowImportance
				s.examples.Add(b)
			}
			s.examples.Refresh()
		})
	})
}

func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return snippet.Thousands(n) + " " + one + "s"
}
