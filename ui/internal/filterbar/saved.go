package filterbar

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/searches"
)

// MaxHistoryShown is how many recent searches the history menu lists (Up
// in the empty search field reaches all of them).
const MaxHistoryShown = 25

// SavedList is the sidebar's saved searches: a click on a name runs it,
// its pencil renames it, its bin deletes it. All are buttons, so Tab
// reaches them.
type SavedList struct {
	Root     *fyne.Container
	OnRun    func(searches.Saved)
	OnRename func(name string)
	OnDelete func(name string)
}

// NewSavedList is an empty list; Set fills it.
func NewSavedList() *SavedList { return &SavedList{Root: container.NewVBox()} }

// Set shows list; none hides the heading too.
func (l *SavedList) Set(list []searches.Saved) {
	l.Root.Objects = nil
	if len(list) > 0 {
		l.Root.Add(widget.NewLabelWithStyle("Saved searches", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
	for _, s := range list {
		run := widget.NewButtonWithIcon(s.Name, theme.SearchIcon(), func() { l.OnRun(s) })
		run.Alignment = widget.ButtonAlignLeading
		run.Importance = widget.LowImportance
		del := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { l.OnDelete(s.Name) })
		del.Importance = widget.LowImportance
		ren := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { l.OnRename(s.Name) })
		ren.Importance = widget.LowImportance
		l.Root.Add(container.NewBorder(nil, nil, nil, container.NewHBox(ren, del), run))
	}
	l.Root.Refresh()
}

// Names are the saved searches listed, in order.
func (l *SavedList) Names() []string {
	var out []string
	for _, o := range l.Root.Objects {
		if row, ok := o.(*fyne.Container); ok {
			out = append(out, row.Objects[0].(*widget.Button).Text)
		}
	}
	return out
}

// Row is the run, rename and delete buttons of the saved search named name.
func (l *SavedList) Row(name string) (run, rename, del *widget.Button) {
	for _, o := range l.Root.Objects {
		if row, ok := o.(*fyne.Container); ok && row.Objects[0].(*widget.Button).Text == name {
			edit := row.Objects[1].(*fyne.Container).Objects
			return row.Objects[0].(*widget.Button), edit[0].(*widget.Button), edit[1].(*widget.Button)
		}
	}
	return nil, nil, nil
}

// HistoryMenu lists the recent searches, newest first (a click runs one
// with run), and ends with "Clear history" (clear).
func HistoryMenu(hist []string, keepNone bool, run func(string), clear func()) *fyne.Menu {
	var items []*fyne.MenuItem
	for i, q := range hist {
		if i == MaxHistoryShown {
			break
		}
		items = append(items, fyne.NewMenuItem(q, func() { run(q) }))
	}
	switch {
	case keepNone:
		items = append(items, disabledItem("No search history is kept (Preferences)"))
	case len(hist) == 0:
		items = append(items, disabledItem("No searches yet"))
	}
	c := fyne.NewMenuItem("Clear history", clear)
	c.Disabled = len(hist) == 0
	return fyne.NewMenu("History", append(items, fyne.NewMenuItemSeparator(), c)...)
}

func disabledItem(label string) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, nil)
	it.Disabled = true
	return it
}
