package ui

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/index/query"
	"folio/searches"
	"folio/ui/internal/filterbar"
	"folio/ui/internal/flowview"
	"folio/ui/internal/healthview"
)

// newFilters builds the filter row and opens the history and saved
// searches; a damaged file is said once the window is up.
func (w *Window) newFilters() {
	f := filterbar.New()
	f.OnChange = func() { w.runSearchAsync(w.search.Text) }
	f.OnUnscope = func() { w.library.unscope() }
	f.OnRemoveTyped = func(fl query.Filter) { w.search.SetText(filterbar.RemoveTyped(w.search.Text, fl)) }
	w.filters = f
	// Beside the sort order, where the top row has no width to spare.
	f.Actions.Add(widget.NewButtonWithIcon("Save search…", theme.DocumentSaveIcon(), w.saveSearch))
	w.walk = &searches.Walker{History: func() []string { return w.store.History() }}
	w.saved = filterbar.NewSavedList()
	w.saved.OnRun = func(s searches.Saved) { w.runQuery(s.Query, s.Sort) }
	w.saved.OnDelete = w.deleteSaved
	w.saved.OnRename = w.renameSaved
	store, err := searches.OpenDefault()
	w.store = store
	if err != nil {
		w.spawn(func() {
			w.do(func() { w.showProblem("Your search history and saved searches could not be read.", err, "") })
		})
	}
}

// searchOptions are the search's options as the window shows them: the
// folder scope, the chips' filters and the sort order. Read on the UI
// thread, before the search runs off it.
func (w *Window) searchOptions() index.SearchOptions {
	opt := index.SearchOptions{Limit: w.resultsLimit(), Refine: true, Filters: w.filters.Filters(), Sort: w.filters.Sort(),
		SnippetWidth: flowview.SnippetChars(w.results.root.Size().Width)} // what a row's lines show
	if scope := w.scope.Load(); scope != nil {
		opt.Folder = scope.Path
	}
	return opt
}

// loadTags fills the tags row from the library, most used first: the
// scoped folder's tags while the search is narrowed to one (a tag of
// another folder would find nothing there).
func (w *Window) loadTags() {
	var folder int64
	if f := w.scope.Load(); f != nil {
		folder = f.ID
	}
	seq := w.tagsSeq.Add(1) // a later load's list wins, whichever ends first
	w.spawn(func() {
		if tags, err := w.lib.Tags(w.bgCtx, folder); err == nil { // else the row stays as it was
			w.do(func() {
				if w.tagsSeq.Load() == seq {
					w.filters.SetTags(tags)
				}
			})
		}
	})
}

// currentQuery is the search as it can be typed again: the field's text
// with the chips' filters (a saved search, a history entry).
func (w *Window) currentQuery() string { return w.filters.Query(w.withScope(w.search.Text)) }

// withScope is q with the folder clicked in the sidebar as folder:NAME
// (by the name the sidebar shows; the sample by its path).
func (w *Window) withScope(q string) string {
	f := w.scope.Load()
	if f == nil {
		return q
	}
	name := folderName(*f)
	if f.Sample {
		name = f.Path
	}
	return strings.TrimSpace(q + " " + query.Filter{Field: query.FieldFolder, Value: name}.String())
}

// remember keeps the search shown in the history: when a result is
// opened, the field is cleared, or another search replaces it. Searches
// as they are typed, letter by letter, are not kept.
func (w *Window) remember() {
	if w.store == nil || w.lastQuery == "" && len(w.filters.Filters()) == 0 {
		return
	}
	q := w.filters.Query(w.withScope(w.lastQuery))
	w.spawn(func() {
		if err := w.store.Remember(q); err != nil {
			w.do(func() { w.status.SetText("The search history could not be saved: " + err.Error()) })
		}
	})
}

// walkHistory is Up (back) and Down in an empty search field, and on
// through the queries it brought back (searches.Walker); false leaves the
// key to the results.
func (w *Window) walkHistory(back bool) bool {
	q, moved, handled := w.walk.Step(w.search.Text, back)
	if moved {
		w.filters.Reset() // the query brings its filters as typed
		w.search.SetText(q)
		w.search.CursorColumn = len([]rune(q))
		w.search.Refresh()
	}
	return handled
}

// historyButton opens the list of recent searches: a click on one runs
// it, and the last item clears them.
func (w *Window) historyButton() *widget.Button {
	var b *widget.Button
	b = widget.NewButtonWithIcon("", theme.HistoryIcon(), func() {
		widget.ShowPopUpMenuAtRelativePosition(w.historyMenu(), w.win.Canvas(), fyne.NewPos(0, b.Size().Height), b)
	})
	return b
}

// historyMenu is the recent searches, newest first, and "Clear history".
func (w *Window) historyMenu() *fyne.Menu {
	var hist []string
	if w.store != nil {
		hist = w.store.History()
	}
	return filterbar.HistoryMenu(hist, w.store != nil && w.store.KeepNone(), func(q string) { w.runQuery(q, "") }, func() {
		if err := w.store.ClearHistory(); err != nil {
			w.showProblem("The search history could not be cleared.", err, "")
		}
	})
}

// runQuery puts a search from the history or a saved one in the field,
// its filters as typed, and runs it.
func (w *Window) runQuery(q, sort string) {
	w.remember()
	w.filters.Reset()
	w.filters.SetSort(sort)
	if w.search.Text == q {
		w.runSearchAsync(q) // the field's text does not change: search anyway
	} else {
		w.search.SetText(q)
	}
	w.win.Canvas().Focus(w.search)
}

// saveSearch names the search shown (its words, chips and order) and
// lists it in the sidebar. A missing or taken name is said in place.
func (w *Window) saveSearch() {
	if w.store == nil {
		return
	}
	name := w.newDialogEntry()
	name.SetPlaceHolder("A name for this search")
	q, sort := w.currentQuery(), w.filters.Sort()
	shown := widget.NewLabel("Searches: " + q)
	shown.Wrapping = fyne.TextWrapWord
	d, save := w.showChecked("Save search", "Save", container.NewVBox(name, shown), func() error {
		if err := w.store.Add(searches.Saved{Name: name.Text, Query: q, Sort: sort}); err != nil {
			return errors.New(healthview.Capitalise(err.Error()) + ".")
		}
		w.remember()
		w.showSaved()
		return nil
	})
	d.Resize(fyne.NewSize(480, 0))
	name.OnSubmitted = func(string) { save() }
	w.win.Canvas().Focus(name)
}

// showSaved lists the saved searches in the sidebar.
func (w *Window) showSaved() {
	if w.store != nil {
		w.saved.Set(w.store.Saved())
	}
}

// renameSaved asks for a new name for a saved search; a missing or taken
// name is said in place, as when saving.
func (w *Window) renameSaved(old string) {
	name := w.newDialogEntry()
	name.SetText(old)
	d, rename := w.showChecked("Rename saved search", "Rename", name, func() error {
		if err := w.store.Rename(old, name.Text); err != nil {
			return errors.New(healthview.Capitalise(err.Error()) + ".")
		}
		w.showSaved()
		return nil
	})
	d.Resize(fyne.NewSize(420, 0))
	name.OnSubmitted = func(string) { rename() }
	w.win.Canvas().Focus(name)
}

func (w *Window) deleteSaved(name string) {
	w.showConfirm("Delete saved search", fmt.Sprintf("Delete the saved search %q? Your notes are not touched.", name), "Delete", func() {
		if err := w.store.Delete(name); err != nil {
			w.showProblem("The saved search could not be deleted.", err, "")
		}
		w.showSaved()
	})
}
