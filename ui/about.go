package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"folio/index/query"
	"folio/ui/internal/look"
)

// About is what the About dialog shows: this build's version, the
// versions of the libraries a bug report needs, and the licences of every
// module compiled in.
type About struct {
	Version    string // "0.1.0 (commit 1a2b3c4d5e6f, 2026-11-30)"
	Components []Component
	Licenses   []License
}

// Component is a library and its version.
type Component struct{ Name, Version string }

// License is one module's licence as shipped with Folio.
type License struct {
	Module string // "github.com/yuin/goldmark v1.8.7"
	Kind   string // "MIT", "BSD-3-Clause", …
	Text   string
}

// SetAbout gives the window what makes its About dialog's content; it is
// called when the dialog opens, not at start-up (it asks SQLite for its
// version and reads the licences).
func (w *Window) SetAbout(about func() About) { w.about = about }

// showHelp is F1 and the help button: the keyboard shortcuts, the search
// syntax, and the way to the About dialog.
func (w *Window) showHelp() {
	var d dialog.Dialog
	about := w.newDialogButton("About Folio…", nil, func() {
		d.Hide()
		w.showAbout()
	})
	syntax, keys := widget.NewLabel(query.Syntax), widget.NewLabel(shortcutHelp)
	syntax.Wrapping, keys.Wrapping = fyne.TextWrapWord, fyne.TextWrapWord // a small window cut the long lines
	body := container.NewVBox(widget.NewLabelWithStyle("Keys", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		keys,
		widget.NewLabelWithStyle("What a search can say", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		syntax, container.NewHBox(about))
	scroll := container.NewVScroll(body) // both lists are taller than a small window
	followFocus(scroll, about)
	scroll.SetMinSize(fyne.NewSize(min(640, w.win.Canvas().Size().Width*0.9), min(480, w.win.Canvas().Size().Height*0.7)))
	d = w.newMessageDialog("Keyboard shortcuts and search syntax", "Close", scroll)
	w.showWithKeys(d, nil)
}

// showAbout shows the version, the libraries' versions and the licences;
// a licence's text is shown when its module is selected.
func (w *Window) showAbout() {
	var a About
	if w.about != nil {
		a = w.about()
	}
	version := a.Version
	if version == "" {
		version = "dev"
	}
	lines := []string{"Folio " + version, "Offline search for folders of Markdown. Nothing leaves this computer."}
	for _, c := range a.Components {
		lines = append(lines, c.Name+" "+c.Version)
	}
	head := widget.NewLabel(strings.Join(lines, "\n"))
	head.Wrapping = fyne.TextWrapWord

	text := widget.NewLabel("Select a module to read its licence.")
	text.Wrapping = fyne.TextWrapWord
	textScroll := container.NewVScroll(text)
	list := look.NewList(
		func() int { return len(a.Licenses) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(fmt.Sprintf("%s · %s", a.Licenses[i].Module, a.Licenses[i].Kind))
		})
	list.Keys = w.dialogChoiceKey
	list.OnSelected = func(i widget.ListItemID) {
		text.SetText(a.Licenses[i].Text)
		textScroll.ScrollToTop()
	}
	split := container.NewHSplit(list, textScroll)
	split.Offset = 0.45
	title := widget.NewLabelWithStyle(fmt.Sprintf("Licences of the %d modules compiled into Folio", len(a.Licenses)), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	body := container.NewBorder(container.NewVBox(head, widget.NewSeparator(), title), nil, nil, nil, split)
	d := w.newMessageDialog("About Folio", "Close", body)
	size := w.win.Canvas().Size()
	d.Resize(fyne.NewSize(max(size.Width*0.85, 400), max(size.Height*0.85, 400)))
	w.showWithKeys(d, nil)
}
