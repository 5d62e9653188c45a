package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/index"
	"folio/internal/testutil"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/ui/internal/flowview"
)

func overlays(w *Window) int { return len(w.win.Canvas().Overlays().List()) }

// pressOnCanvas sends a key as the canvas receives it when no widget of
// the top layer has focus (a dialog's text and buttons).
func pressOnCanvas(w *Window, key fyne.KeyName) {
	if f := w.win.Canvas().OnTypedKey(); f != nil {
		f(&fyne.KeyEvent{Name: key})
	}
}

// Every dialog closes with Esc and confirms with Enter.
func TestDialogsAnswerEnterAndEsc(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha notes\n"})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })

	for _, key := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		w.showProblem("Something failed.", errors.New("disk full"), "")
		if overlays(w) != 1 {
			t.Fatalf("problem dialog not shown")
		}
		pressOnCanvas(w, key)
		if overlays(w) != 0 {
			t.Errorf("%s did not close the problem dialog", key)
		}
	}

	// Esc cancels the removal, Enter confirms it.
	w.library.list.Select(0)
	w.library.confirmRemove()
	pressOnCanvas(w, fyne.KeyEscape)
	if overlays(w) != 0 || len(w.library.folders) != 1 {
		t.Fatalf("Esc: %d dialogs, %d folders", overlays(w), len(w.library.folders))
	}
	w.library.list.Select(0)
	w.library.confirmRemove()
	pressOnCanvas(w, fyne.KeyReturn)
	waitFor(t, "the folder removed by Enter", func() bool { return len(w.library.folders) == 0 })

	// F1 lists the shortcuts, and the keys are back to normal after.
	pressOnCanvas(w, fyne.KeyF1)
	if overlays(w) != 1 || !strings.Contains(fynetest.Texts(w.win.Canvas().Overlays().Top()), "Ctrl+O") {
		t.Fatalf("F1: %d dialogs", overlays(w))
	}
	pressOnCanvas(w, fyne.KeyEscape)
	pressOnCanvas(w, fyne.KeyF1)
	if overlays(w) != 1 {
		t.Error("F1 no longer works after a dialog closed")
	}
}

// After a click in the results, typing still goes to the search and Down
// still moves the selection and the preview.
func TestClickingAResultKeepsTheKeyboardOnTheSearch(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nzebra one\n", "b.md": "# B\n\nzebra two\n", "c.md": "# C\n\nzebra three\n"})
	w := newWindow(t, ix)
	// The sidebar's first load repeats the search when folders appear:
	// let it happen before the click.
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	test.Type(w.search, "zebra")
	waitFor(t, "three results", func() bool { return w.lastQuery == "zebra" && len(w.results.hits) == 3 })
	settled(w)
	w.results.list.Select(1) // what a click does
	if w.win.Canvas().Focused() != w.search {
		t.Fatal("the search field lost the keyboard after a click in the results")
	}
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if w.results.selected != 2 || w.preview.hit.Path != w.results.hits[2].Path {
		t.Errorf("Down after a click: selected %d, preview %s", w.results.selected, w.preview.hit.Path)
	}
	test.Type(w.search, "s")
	if w.search.Text != "zebras" {
		t.Errorf("typing after a click gave %q", w.search.Text)
	}
}

// Ctrl+O opens the folder chooser.
func TestCtrlOAddsAFolder(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	w.win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault})
	if overlays(w) != 1 {
		t.Errorf("Ctrl+O showed %d dialogs, want the folder chooser", overlays(w))
	}
}

// In a small window the results keep their share of the width: the
// preview's buttons scroll instead of pushing them aside.
func TestSmallWindowsKeepTheResultsReadable(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A heading long enough to need more room than there is\n\nzebra notes\n"})
	w := newWindow(t, ix)
	w.win.Resize(fyne.NewSize(800, 600))
	test.Type(w.search, "zebra")
	waitFor(t, "the preview", func() bool { return w.preview.has && w.preview.actions.Visible() })
	w.split.Refresh()
	results, main := w.results.list.Size().Width, w.split.Size().Width
	if results < 0.4*main {
		t.Errorf("results %.0f of %.0f px at 800×600", results, main)
	}
	// The split is remembered for the next window.
	w.split.SetOffset(0.6)
	w.Shutdown(time.Second)
	if got := w.app.Preferences().Float(PrefSplit); got != 0.6 {
		t.Errorf("split remembered as %v", got)
	}
}

// Copying says so, and a path can be copied whole.
func TestCopyButtonsSayCopiedAndCopyTheFullPath(t *testing.T) {
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\n## Part\n\nzebra notes\n"})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	test.Type(w.search, "zebra")
	waitFor(t, "the preview", func() bool { return w.preview.has })
	test.Tap(w.preview.pathButton)
	if got, want := w.app.Clipboard().Content(), filepath.Join(dir, "a.md")+":5"; got != want {
		t.Errorf("copied %q, want %q", got, want)
	}
	if w.preview.pathButton.Text != "Copied" {
		t.Errorf("button says %q after copying", w.preview.pathButton.Text)
	}
	waitFor(t, "the button's label back", func() bool { return w.preview.pathButton.Text == "Copy path" })
}

// A folder's path can be typed or pasted (quotes and ~ understood); a
// file's path is refused with words.
func TestAddFolderByTypingItsPath(t *testing.T) {
	ix := testlib.Open(t)
	w := newWindow(t, ix)
	home := t.TempDir()
	t.Setenv("HOME", home)
	notes := filepath.Join(home, "my notes")
	if err := os.MkdirAll(notes, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(notes, "a.md"), []byte("# A\n\nokapi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.chooseFolder()
	entry, ok := w.win.Canvas().Focused().(*dialogEntry)
	if !ok {
		t.Fatalf("the path field has no focus: %T", w.win.Canvas().Focused())
	}
	test.Type(entry, `"~/my notes"`)
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	waitFor(t, "the typed folder added", func() bool { return len(w.library.folders) == 1 && w.library.folders[0].Path == notes })

	if err := w.addTypedFolder(filepath.Join(notes, "a.md")); err == nil || !strings.Contains(err.Error(), "is a file, not a folder") {
		t.Errorf("a file's path: %v", err)
	}
}

// The shortcuts work while the search field has the keyboard, where a
// text field would otherwise take them.
func TestShortcutsWorkFromTheSearchField(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	w.win.Canvas().Focus(w.search)
	w.search.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault})
	if overlays(w) != 1 {
		t.Errorf("Ctrl+O in the search field showed %d dialogs", overlays(w))
	}
	// The field's own shortcuts still reach it.
	pressOnCanvas(w, fyne.KeyEscape)
	w.search.SetText("abc")
	w.search.TypedShortcut(&fyne.ShortcutSelectAll{})
	if w.search.SelectedText() != "abc" {
		t.Errorf("select all in the search field selected %q", w.search.SelectedText())
	}
}

// Before the first query the results' place shows the start panel: the
// library's figures and searches from its own headings, one click away.
func TestStartPanelTeachesBeforeTheFirstQuery(t *testing.T) {
	ix := testlib.Open(t)
	dir := testutil.WriteFolder(t, map[string]string{
		"fever.md": "# Fever in children\n\n## Antipyretic dosing\n\nParacetamol every four hours.\n",
		"leave.md": "# Staff leave\n\n## Annual leave\n\nTwenty days a year.\n",
	})
	if _, err := ix.AddFolder(context.Background(), dir, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	waitFor(t, "the start panel's examples", func() bool { return len(w.start.examples.Objects) > 1 })
	if !w.start.root.Visible() || w.results.list.Visible() {
		t.Fatal("the start panel is not shown before the first query")
	}
	if got := w.start.summary.Text; !strings.Contains(got, "1 folder · 2 documents") {
		t.Errorf("summary %q", got)
	}
	example := w.start.examples.Objects[1].(*widget.Button)
	test.Tap(example)
	waitFor(t, "the example's results", func() bool { return w.lastQuery == example.Text && len(w.results.hits) > 0 })
	if w.start.root.Visible() || !w.results.list.Visible() {
		t.Error("the results do not replace the start panel")
	}
	w.search.SetText("")
	waitFor(t, "the start panel again", func() bool { return w.start.root.Visible() })
}

// The preview marks the searched words in the whole section, and F3 /
// Shift+F3 move between the passages that hold them.
func TestPreviewMarksMatchesAndF3MovesBetweenThem(t *testing.T) {
	ix := testlib.Open(t)
	var b strings.Builder
	b.WriteString("# Fever\n\n## Dosing\n\nParacetamol every four hours.\n\n")
	for i := 0; i < 12; i++ {
		b.WriteString("Keep the child cool and give fluids; check the temperature again later on. ")
	}
	b.WriteString("\n\nIbuprofen only with food, never together with paracetamol at once.\n")
	dir := testutil.WriteFolder(t, map[string]string{"fever.md": b.String()})
	if _, err := ix.AddFolder(context.Background(), dir, index.ImportOptions{Chunking: chunker.Options{Max: 300, Min: 10}}); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	test.Type(w.search, "paracetamol")
	waitFor(t, "the preview", func() bool { return w.preview.hitBox != nil })
	if n := len(w.preview.matchBlocks); n != 2 {
		t.Fatalf("%d passages with matches, want 2 (of %d shown)", n, len(w.preview.body.Objects))
	}
	var marked []string
	for _, seg := range segmentsUnder(w.preview.body) {
		if ts, ok := seg.(*widget.TextSegment); ok && ts.Style.ColorName == ColorNameMatch {
			marked = append(marked, ts.Text)
		}
	}
	if strings.Join(marked, ",") != "Paracetamol,paracetamol" {
		t.Errorf("marked %q", marked)
	}
	first := w.preview.current
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF3})
	if w.preview.current == first || !strings.Contains(w.preview.matches.Text, "of 2") {
		t.Errorf("F3: current %d (was %d), %q", w.preview.current, first, w.preview.matches.Text)
	}
	w.search.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyF3, Modifier: fyne.KeyModifierShift})
	if w.preview.current != first {
		t.Errorf("Shift+F3 did not come back: %d, want %d", w.preview.current, first)
	}
}

// Right-to-left paragraphs read like the rest: no backticks or link
// targets, the searched words marked; an autolink is a link.
func TestPreviewReadsArabicAndAutolinks(t *testing.T) {
	ix := testlib.Open(t)
	dir := testutil.WriteFolder(t, map[string]string{
		"vue.md":  "# الشروط\n\nاستخدم `v-if` لعرض العنصر عند تحقق الشرط، انظر [الدليل](https://example.org/guide).\n",
		"more.md": "# More\n\nMore information about wombats: <https://example.org/wombats>.\n",
	})
	if _, err := ix.AddFolder(context.Background(), dir, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	test.Type(w.search, "الشرط")
	waitFor(t, "the Arabic preview", func() bool { return w.preview.hitBox != nil && w.preview.hit.Path == "vue.md" })
	var para *flowview.View
	for _, obj := range fynetest.Objects(w.preview.body) {
		if v, ok := obj.(*flowview.View); ok && strings.Contains(v.Source(), "v-if") {
			para = v
		}
	}
	if para == nil {
		t.Fatal("no right-to-left paragraph in the preview")
	}
	if got := para.String(); strings.ContainsAny(got, "`()") || strings.Contains(got, "https") || !strings.Contains(got, "الدليل") {
		t.Errorf("paragraph shows %q", got)
	}
	marked := 0
	for _, word := range para.Words() {
		if word.Tag == flowview.TagMatch {
			marked++
		}
	}
	if marked == 0 || len(w.preview.matchBlocks) == 0 {
		t.Errorf("the searched word is not marked in the Arabic paragraph (%d marked)", marked)
	}

	w.search.SetText("wombats")
	waitFor(t, "the autolink preview", func() bool { return w.preview.hitBox != nil && w.preview.hit.Path == "more.md" })
	links := 0
	for _, seg := range segmentsUnder(w.preview.body) {
		if h, ok := seg.(*widget.HyperlinkSegment); ok && h.URL != nil && h.URL.Path == "/wombats" {
			links++
		}
	}
	if links != 1 {
		t.Errorf("the autolink is shown as %d links", links)
	}
}

// tldr-style Markdown reads as written in the preview: "[c]reate" whole,
// and a quoted sentence with inline code on one line.
func TestPreviewKeepsBracketsAndQuotedCodeInTheirSentence(t *testing.T) {
	shown := func(md string) []*widget.TextSegment {
		var out []*widget.TextSegment
		for _, seg := range segmentsUnder(renderMarkdown(md)) {
			if ts, ok := seg.(*widget.TextSegment); ok {
				out = append(out, ts)
			}
		}
		return out
	}
	var text strings.Builder
	for _, s := range shown("- [c]reate a g[z]ipped archive:") {
		text.WriteString(s.Text)
	}
	if got := text.String(); got != "[c]reate a g[z]ipped archive:" {
		t.Errorf("brackets shown as %q", got)
	}
	segs := shown("> Often combined with a method, such as `gzip` or `bzip2`.")
	for i, s := range segs[:len(segs)-1] {
		if !s.Style.Inline {
			t.Errorf("segment %d (%q) ends the line inside the sentence", i, s.Text)
		}
	}
}

// settled waits until no background callback of the window is half done
// (the test driver runs them on their own goroutines): one that has set
// lastQuery may still be about to select the first result.
func settled(w *Window) {
	pumpUI()
	w.uiMu.Lock()
	defer w.uiMu.Unlock()
}

// segmentsUnder is every rich-text segment under o, lists and paragraphs
// opened.
func segmentsUnder(o fyne.CanvasObject) []widget.RichTextSegment {
	var out []widget.RichTextSegment
	var add func([]widget.RichTextSegment)
	add = func(ss []widget.RichTextSegment) {
		for _, s := range ss {
			out = append(out, s)
			switch x := s.(type) {
			case *widget.ListSegment:
				add(x.Items)
			case *widget.ParagraphSegment:
				add(x.Texts)
			}
		}
	}
	for _, obj := range fynetest.Objects(o) {
		switch v := obj.(type) {
		case *widget.RichText:
			add(v.Segments)
		case *flowview.Prose:
			add(v.Segments())
		}
	}
	return out
}
