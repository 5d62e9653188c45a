package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/ui/internal/healthview"
)

// healthWindow is the open Health window, once its report is shown.
func healthWindow(t *testing.T, w *Window) fyne.Window {
	t.Helper()
	var found fyne.Window
	waitFor(t, "the health report", func() bool {
		return onUI(w, func() bool {
			found = nil
			for _, win := range w.app.Driver().AllWindows() {
				if win.Title() == healthview.Title && w.health != nil {
					found = win
				}
			}
			return found != nil
		})
	})
	return found
}

// healthList is the Health window's list of problems, files and folders.
func healthList(t *testing.T, w *Window) *healthview.List {
	t.Helper()
	var list *healthview.List
	fynetest.Walk(healthWindow(t, w).Content(), func(o fyne.CanvasObject) bool {
		if l, ok := o.(*healthview.List); ok {
			list = l
		}
		return list == nil
	})
	if list == nil {
		t.Fatal("no list in the Health window")
	}
	return list
}

// healthOpen counts the Health windows still open.
func healthOpen(w *Window) int {
	n := 0
	for _, win := range w.app.Driver().AllWindows() {
		if win.Title() == healthview.Title {
			n++
		}
	}
	return n
}

// Health speaks of passages and problems, not chunks and defects; each
// listed problem, left-out file and warning opens its file at its line.
func TestHealthSpeaksToPeopleAndEveryListedProblemOpensItsFile(t *testing.T) {
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, map[string]string{
		"long.md":  "# Long\n\n" + strings.Repeat("word ", 700) + "\n",
		"short.md": "# B\n\nShort.\n",
		"bad.md":   "---\ntitle: [unclosed\n---\n# Bad front matter\n\nBody text.\n",
		"bin.md":   "x\x00y",
	})
	w := newWindow(t, ix)
	w.showHealth()
	win := healthWindow(t, w)
	text := fynetest.Texts(win.Content())
	for _, want := range []string{"passages. Half of the passages are under", "9 in 10 are under", "Problems found (", "Files left out (1)", "Searchable, with a note (1)", "Ends mid-sentence: A passage ends inside a sentence", "A click on a line opens the file there."} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in %q", want, text)
		}
	}
	for _, dev := range []string{"chunk", "percentile", "Defects"} {
		if strings.Contains(text, dev) {
			t.Errorf("%q in %q", dev, text)
		}
	}
	type place struct {
		file string
		line int
	}
	var opened []place
	w.openInShell = func(path string, line int) error {
		opened = append(opened, place{filepath.Base(path), line})
		if _, err := os.Stat(path); err != nil {
			t.Errorf("opened a path that is not the file: %s", path)
		}
		return nil
	}
	list := healthList(t, w)
	rows := healthview.Rows(w.health)
	for i, r := range rows {
		if !r.Heading && r.Path != "" {
			list.Select(i)
		}
	}
	got := map[string]int{}
	for _, p := range opened {
		got[p.file] = p.line
	}
	if got["long.md"] != 3 || got["bin.md"] != 1 || got["bad.md"] != 1 || len(opened) < 3 {
		t.Errorf("opened %v", opened)
	}
	for _, r := range rows {
		if strings.HasPrefix(r.Text, filepath.Base(dir)) && r.Path == "" {
			t.Errorf("a folder row is clickable or a file row is not: %+v", r)
		}
	}
}

// Esc (from the focused list too) and Ctrl+W close the Health window.
func TestEscAndCtrlWCloseHealth(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nSome text.\n"})
	w := newWindow(t, ix)
	w.showHealth()
	win := healthWindow(t, w)
	win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if healthOpen(w) != 0 {
		t.Fatal("Esc did not close Health")
	}
	w.health = nil
	w.showHealth()
	win = healthWindow(t, w)
	list := healthList(t, w)
	win.Canvas().Focus(list)
	list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if healthOpen(w) != 0 {
		t.Fatal("Esc in the list did not close Health")
	}
	w.health = nil
	w.showHealth()
	win = healthWindow(t, w)
	win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyW, Modifier: fyne.KeyModifierShortcutDefault})
	if healthOpen(w) != 0 {
		t.Error("Ctrl+W did not close Health")
	}
}
