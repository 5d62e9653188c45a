package ui

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/searches"
	"folio/ui/internal/filterbar"
	"folio/ui/internal/look"
)

// chipLabels are the chips in force, as they read.
func chipLabels(w *Window) []string {
	var out []string
	for _, c := range w.filters.Chips() {
		out = append(out, c.Label())
	}
	return out
}

// shownPaths are the paths of the rows shown.
func shownPaths(w *Window) []string {
	var out []string
	for _, h := range w.results.hits {
		out = append(out, h.Path)
	}
	return out
}

// taggedNotes are dated, tagged notes: policy is the most used tag.
var taggedNotes = map[string]string{
	"policy.md": "---\ntags: [policy, hr/leave]\ndate: 2024-03-05\n---\n\n# Leave policy\n\nAnnual leave is twenty days.\n",
	"draft.md":  "---\ntags: [policy, draft]\ndate: 2023-01-10\n---\n\n# Leave draft\n\nAnnual leave might become thirty days.\n",
	"diary.md":  "---\ndate: 2025-06-01\n---\n\n# Diary\n\nTook annual leave in June.\n",
}

func taggedWindow(t *testing.T) (*Window, string) {
	t.Helper()
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, taggedNotes)
	w := newWindow(t, ix)
	waitFor(t, "the tags row", func() bool { return onUI(w, func() bool { return len(w.filters.Tags()) > 0 }) })
	return w, dir
}

// The tags row offers the library's tags, most used first; a click
// filters by one, shown as a chip and in the count, and its × undoes it.
func TestATagClickFiltersAndItsChipRemovesIt(t *testing.T) {
	w, _ := taggedWindow(t)
	if tags := w.filters.Tags(); tags[0] != "policy" || !slices.Contains(tags, "hr/leave") {
		t.Errorf("tags %q, want policy first", tags)
	}
	test.Type(w.search, "annual leave")
	waitFor(t, "three hits", func() bool { return onUI(w, func() bool { return len(w.results.hits) == 3 }) })
	test.Tap(w.filters.TagChip("draft"))
	waitFor(t, "the draft only", func() bool {
		return onUI(w, func() bool {
			return slices.Equal(shownPaths(w), []string{"draft.md"}) && strings.Contains(w.status.Text, "1 result · #draft · ")
		})
	})
	if got := chipLabels(w); !slices.Equal(got, []string{"#draft"}) {
		t.Errorf("chips %q", got)
	}
	test.Tap(w.filters.Chips()[0])
	waitFor(t, "all three again", func() bool {
		return onUI(w, func() bool { return len(w.results.hits) == 3 && !strings.Contains(w.status.Text, "#") })
	})
}

// A tag chip with an empty field lists the notes with the tag.
func TestATagAloneListsItsNotes(t *testing.T) {
	w, _ := taggedWindow(t)
	test.Tap(w.filters.TagChip("policy"))
	waitFor(t, "the two policy notes", func() bool {
		return onUI(w, func() bool {
			p := shownPaths(w)
			slices.Sort(p)
			return slices.Equal(p, []string{"draft.md", "policy.md"})
		})
	})
}

// Filters typed in the query show as chips too, and their × takes them
// out of the text; the count says what was searched.
func TestTypedFiltersShowAsChipsAndInTheCount(t *testing.T) {
	w, dir := taggedWindow(t)
	name := filepath.Base(dir)
	test.Type(w.search, "annual leave -tag:draft folder:"+name)
	waitFor(t, "the filtered search", func() bool {
		return onUI(w, func() bool {
			return strings.Contains(w.status.Text, "results · not #draft · in "+name+" · ")
		})
	})
	if got := chipLabels(w); !slices.Equal(got, []string{"not #draft", "in " + name}) {
		t.Fatalf("chips %q", got)
	}
	if slices.Contains(shownPaths(w), "draft.md") {
		t.Errorf("the draft is shown: %q", shownPaths(w))
	}
	test.Tap(w.filters.Chips()[0])
	if w.search.Text != "annual leave folder:"+name {
		t.Errorf("after ×, the field reads %q", w.search.Text)
	}
	waitFor(t, "the draft back", func() bool { return onUI(w, func() bool { return slices.Contains(shownPaths(w), "draft.md") }) })
}

// A folder that does not exist is said, not just an empty list.
func TestANoticeSaysWhyNothingWasFound(t *testing.T) {
	w, _ := taggedWindow(t)
	test.Type(w.search, "leave folder:nowhere")
	waitFor(t, "the notice", func() bool {
		return onUI(w, func() bool {
			return w.filters.Notices().Visible() && strings.Contains(fynetest.Texts(w.filters.Notices()), "nowhere")
		})
	})
}

// A typed word no note holds is named above the hits of the other words.
func TestAWordNoNoteHoldsIsNamedAboveTheHits(t *testing.T) {
	w, _ := taggedWindow(t)
	test.Type(w.search, "annual leave okapi")
	waitFor(t, "the hits and the notice", func() bool {
		return onUI(w, func() bool {
			return len(w.results.hits) > 0 && w.filters.Notices().Visible() &&
				strings.Contains(fynetest.Texts(w.filters.Notices()), `no passage holds "okapi"`)
		})
	})
}

// The date choice filters by the note's date; custom dates are checked
// where they are typed, and a date chip's × is any time again.
func TestTheDateChoiceAndCustomDatesValidatedInPlace(t *testing.T) {
	w, _ := taggedWindow(t)
	w.filters.Now = func() time.Time { return time.Date(2025, 6, 20, 15, 0, 0, 0, time.Local) }
	test.Type(w.search, "annual leave")
	waitFor(t, "three hits", func() bool { return onUI(w, func() bool { return len(w.results.hits) == 3 }) })
	w.filters.DateChoice.SetSelected(filterbar.PastMonth)
	waitFor(t, "the diary only", func() bool {
		return onUI(w, func() bool { return slices.Equal(shownPaths(w), []string{"diary.md"}) })
	})
	if got := chipLabels(w); !slices.Equal(got, []string{"from 2025-05-20"}) {
		t.Errorf("chips %q", got)
	}
	w.filters.DateChoice.SetSelected(filterbar.Custom)
	if !w.filters.Dates.Visible() {
		t.Fatal("Custom shows no date fields")
	}
	w.win.Canvas().Focus(w.filters.After)
	test.Type(w.filters.After, "2024-13")
	texts := fynetest.Texts(w.filters.Dates)
	if !strings.Contains(texts, `"2024-13" is not a date`) {
		t.Errorf("a wrong date is not said in place: %q", texts)
	}
	w.filters.After.SetText("2024")
	test.Type(w.filters.Before, "2023")
	if texts := fynetest.Texts(w.filters.Dates); !strings.Contains(texts, "the first date must come earlier") {
		t.Errorf("dates the wrong way round: %q", texts)
	}
	w.win.Canvas().Focus(w.filters.Before)
	w.filters.Before.SetText("2025")
	waitFor(t, "the 2024 note", func() bool {
		return onUI(w, func() bool { return slices.Equal(shownPaths(w), []string{"policy.md"}) })
	})
	if w.win.Canvas().Focused() != w.filters.Before {
		t.Errorf("the search took the keyboard from the date being typed: %T", w.win.Canvas().Focused())
	}
	if got := chipLabels(w); !slices.Equal(got, []string{"from 2024", "before 2025"}) {
		t.Errorf("chips %q", got)
	}
	test.Tap(w.filters.Chips()[0])
	waitFor(t, "any time again", func() bool { return onUI(w, func() bool { return len(w.results.hits) == 3 }) })
	if w.filters.DateChoice.Selected != filterbar.AnyTime || w.filters.Dates.Visible() {
		t.Errorf("after ×: %q, fields shown %v", w.filters.DateChoice.Selected, w.filters.Dates.Visible())
	}
}

// The sort choice orders the results by date, newest first, or by path.
func TestTheSortChoiceOrdersTheResults(t *testing.T) {
	w, _ := taggedWindow(t)
	test.Type(w.search, "annual leave")
	waitFor(t, "three hits", func() bool { return onUI(w, func() bool { return len(w.results.hits) == 3 }) })
	w.filters.SortChoice.SetSelected(filterbar.ByDate)
	waitFor(t, "newest first", func() bool {
		return onUI(w, func() bool { return slices.Equal(shownPaths(w), []string{"diary.md", "policy.md", "draft.md"}) })
	})
	w.filters.SortChoice.SetSelected(filterbar.ByPath)
	waitFor(t, "by path", func() bool {
		return onUI(w, func() bool { return slices.Equal(shownPaths(w), []string{"diary.md", "draft.md", "policy.md"}) })
	})
}

// Up in the empty field brings back the searches before, Down goes back
// to the empty field; searches typed letter by letter are not kept.
func TestUpAndDownInTheEmptyFieldWalkTheHistory(t *testing.T) {
	w, _ := taggedWindow(t)
	for _, q := range []string{"twenty days", "june"} {
		test.Type(w.search, q)
		waitFor(t, q, func() bool { return onUI(w, func() bool { return w.lastQuery == q }) })
		w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		waitFor(t, "the empty field", func() bool { return onUI(w, func() bool { return w.lastQuery == "" }) })
	}
	waitFor(t, "two kept", func() bool { return len(w.store.History()) == 2 })
	if got := w.store.History(); !slices.Equal(got, []string{"june", "twenty days"}) {
		t.Fatalf("history %q: letters typed were kept, or the order is wrong", got)
	}
	up := &fyne.KeyEvent{Name: fyne.KeyUp}
	down := &fyne.KeyEvent{Name: fyne.KeyDown}
	var seen []string
	for _, k := range []*fyne.KeyEvent{up, up, up, down, down} {
		w.search.TypedKey(k)
		seen = append(seen, w.search.Text)
	}
	if want := []string{"june", "twenty days", "twenty days", "june", ""}; !slices.Equal(seen, want) {
		t.Errorf("Up, Up, Up, Down, Down showed %q, want %q", seen, want)
	}
	// Typing ends the walk: Up then moves through the results.
	test.Type(w.search, "leave")
	w.search.TypedKey(up)
	if w.search.Text != "leave" {
		t.Errorf("Up in a typed field changed it to %q", w.search.Text)
	}
}

// The history menu runs a past search and clears them all.
func TestTheHistoryMenuRunsAndClears(t *testing.T) {
	w, _ := taggedWindow(t)
	if err := w.store.Remember("twenty"); err != nil {
		t.Fatal(err)
	}
	m := w.historyMenu()
	if m.Items[0].Label != "twenty" || m.Items[len(m.Items)-1].Label != "Clear history" {
		t.Fatalf("menu %v", menuLabels(m))
	}
	m.Items[0].Action()
	waitFor(t, "the past search", func() bool {
		return onUI(w, func() bool { return slices.Equal(shownPaths(w), []string{"policy.md"}) })
	})
	m.Items[len(m.Items)-1].Action()
	if h := w.store.History(); len(h) != 0 {
		t.Errorf("history after Clear: %q", h)
	}
	if labels := menuLabels(w.historyMenu()); !slices.Contains(labels, "No searches yet") {
		t.Errorf("an empty history's menu: %q", labels)
	}
}

func menuLabels(m *fyne.Menu) []string {
	var out []string
	for _, it := range m.Items {
		out = append(out, it.Label)
	}
	return out
}

// "Keep no search history" forgets what was kept and keeps nothing more.
func TestKeepNoSearchHistoryInPreferences(t *testing.T) {
	w, _ := taggedWindow(t)
	w.store.Remember("private lookup")
	w.showPreferences()
	check := findCheck(t, w, "Keep no search history")
	test.Tap(check)
	entriesOnTop(w)[0].TypedKey(enter) // Save
	if !w.store.KeepNone() || len(w.store.History()) != 0 {
		t.Fatalf("keep none %v, history %q", w.store.KeepNone(), w.store.History())
	}
	raw, _ := os.ReadFile(w.store.Path())
	if strings.Contains(string(raw), "private lookup") {
		t.Errorf("the file still holds the lookup:\n%s", raw)
	}
	test.Type(w.search, "june")
	waitFor(t, "june", func() bool { return onUI(w, func() bool { return w.lastQuery == "june" }) })
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h := w.store.History(); len(h) != 0 {
		t.Errorf("kept %q with no history", h)
	}
}

// Save search… names the query with its chips and order; a missing or
// taken name is said in the dialog, which stays open. The sidebar lists
// the saved search: a click runs it, its bin deletes it.
func TestSaveSearchNamesItAndTheSidebarRunsRenamesAndDeletesIt(t *testing.T) {
	w, dir := taggedWindow(t)
	w.library.list.Select(0) // the folder scope is saved too
	w.store.Add(searches.Saved{Name: "Taken", Query: "x"})
	w.showSaved()
	test.Type(w.search, "annual leave")
	test.Tap(w.filters.TagChip("policy"))
	w.filters.SortChoice.SetSelected(filterbar.ByDate)
	w.saveSearch()
	name := w.win.Canvas().Focused().(*dialogEntry)
	name.TypedKey(enter)
	if texts := fynetest.Texts(w.win.Canvas().Overlays().Top()); !strings.Contains(texts, "Give the search a name.") {
		t.Errorf("no name: %q", texts)
	}
	test.Type(name, "taken")
	name.TypedKey(enter)
	if texts := fynetest.Texts(w.win.Canvas().Overlays().Top()); !strings.Contains(texts, "already has that name") {
		t.Errorf("a taken name: %q", texts)
	}
	name.SetText("Policies by date")
	name.TypedKey(enter)
	if w.win.Canvas().Overlays().Top() != nil {
		t.Fatal("the dialog is still open after a good name")
	}
	s, ok := w.store.Find("policies by date")
	if !ok || s.Query != "annual leave folder:"+filepath.Base(dir)+" tag:policy" || s.Sort != index.SortDate {
		t.Fatalf("saved %+v %v", s, ok)
	}
	if names := w.saved.Names(); !slices.Equal(names, []string{"Taken", "Policies by date"}) {
		t.Errorf("sidebar %q", names)
	}
	// Run it from a clean window state.
	w.filters.Reset()
	w.filters.SetSort("")
	w.search.SetText("")
	// Renamed from the sidebar: a taken name is said in place, a new one
	// replaces the old in the list and the store.
	_, ren, _ := w.saved.Row("Policies by date")
	test.Tap(ren)
	newName := w.win.Canvas().Focused().(*dialogEntry)
	if newName.Text != "Policies by date" {
		t.Errorf("the rename field starts at %q", newName.Text)
	}
	newName.SetText("taken")
	newName.TypedKey(enter)
	if texts := fynetest.Texts(w.win.Canvas().Overlays().Top()); !strings.Contains(texts, "already has that name") {
		t.Errorf("renamed to a taken name: %q", texts)
	}
	newName.SetText("Policies, newest first")
	newName.TypedKey(enter)
	if w.win.Canvas().Overlays().Top() != nil {
		t.Fatal("the rename dialog is still open after a good name")
	}
	if names := w.saved.Names(); !slices.Equal(names, []string{"Taken", "Policies, newest first"}) {
		t.Errorf("sidebar after rename %q", names)
	}
	if _, ok := w.store.Find("Policies by date"); ok {
		t.Error("the old name is still saved")
	}
	run, _, del := w.saved.Row("Policies, newest first")
	test.Tap(run)
	w.library.unscope()
	if w.search.Text != s.Query || w.filters.Sort() != index.SortDate {
		t.Errorf("running it set %q sorted %q", w.search.Text, w.filters.Sort())
	}
	waitFor(t, "its results, newest first", func() bool {
		return onUI(w, func() bool { return slices.Equal(shownPaths(w), []string{"policy.md", "draft.md"}) })
	})
	test.Tap(del)
	pressOnCanvas(w, fyne.KeyReturn) // the confirmation
	if names := w.saved.Names(); !slices.Equal(names, []string{"Taken"}) {
		t.Errorf("after delete: %q", names)
	}
}

// findCheck is the check box reading text in the top dialog.
func findCheck(t *testing.T, w *Window, text string) *widget.Check {
	t.Helper()
	var found *widget.Check
	fynetest.Walk(w.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		if c, ok := o.(*widget.Check); ok && c.Text == text {
			found = c
		}
		if c, ok := o.(*look.Check); ok && c.Text == text {
			found = &c.Check
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("no %q check box in %q", text, topTexts(w))
	}
	return found
}

var enter = &fyne.KeyEvent{Name: fyne.KeyReturn}

// Narrowed to one folder, the Tags row offers that folder's tags: a tag
// of another folder would find nothing there. Widened again, all of them.
func TestTagsRowFollowsTheFolderScope(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "---\ntags: [alpha-only]\n---\n# A\n\nquokka notes\n"})
	testlib.AddFolder(t, ix, map[string]string{"b.md": "---\ntags: [bravo-only]\n---\n# B\n\nquokka notes\n"})
	w := newWindow(t, ix)
	waitFor(t, "both tags", func() bool {
		return onUI(w, func() bool { return len(w.filters.Tags()) == 2 && len(w.library.folders) == 2 })
	})
	var first string
	onUI(w, func() bool {
		first = w.library.folders[0].Path
		w.library.list.Select(0)
		return true
	})
	waitFor(t, "the scoped folder's tag only", func() bool {
		return onUI(w, func() bool { return len(w.filters.Tags()) == 1 })
	})
	onUI(w, func() bool {
		tags, err := ix.Tags(context.Background(), w.scope.Load().ID)
		if err != nil || len(tags) != 1 || w.filters.Tags()[0] != tags[0].Tag {
			t.Errorf("scoped to %s: row %v, the folder's tags %v (%v)", first, w.filters.Tags(), tags, err)
		}
		w.library.unscope()
		return true
	})
	waitFor(t, "all tags again", func() bool { return onUI(w, func() bool { return len(w.filters.Tags()) == 2 }) })
}
