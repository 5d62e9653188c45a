package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"folio/index"
	"folio/internal/testutil"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/ui/internal/flowview"
)

// waitFor polls cond until it holds or two seconds pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	// A deadline for something that must happen, not a speed target: a
	// 3,000-file rescan on a loaded two-core machine has taken over 2 s.
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		pumpUI()
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

const handbook = "# Leave\n\nStaff use the portal.\n\n## Sick leave\n\nA doctor's note is needed after two days.\nManagers approve sick leave.\n\n## Annual leave\n\nTwenty days a year.\n"

func newWindow(t *testing.T, ix Library) *Window {
	t.Helper()
	a := test.NewTempApp(t)
	w := New(a, ix)
	// Sized under the window's lock: its background work (the folder list,
	// the start panel) lays out the same widgets, and Fyne's test driver
	// runs it at once on its own goroutine (a concurrent map write in a
	// label's cache ended a test run).
	w.uiMu.Lock()
	w.win.Resize(fyne.NewSize(1100, 700))
	w.uiMu.Unlock()
	// Registered after the library's cleanup, so it runs first: background
	// searches and imports end before the library closes.
	t.Cleanup(func() {
		if !w.Shutdown(5 * time.Second) {
			t.Error("background work still running after 5 s")
		}
		dropUI() // a closed window's last updates never reach the next test
	})
	return w
}

func TestTypingShowsCitedHighlightedResults(t *testing.T) {
	ix := testlib.Open(t)
	dir := testlib.AddFolder(t, ix, map[string]string{"handbook/leave.md": handbook})
	w := newWindow(t, ix)
	if w.win.Canvas().Focused() != w.search {
		t.Error("search field does not have focus at start")
	}
	test.Type(w.search, "sick leave")
	waitFor(t, "results", func() bool { return w.lastQuery == "sick leave" && strings.Contains(w.status.Text, "result") })
	if !strings.Contains(w.status.Text, " ms") {
		t.Errorf("status %q", w.status.Text)
	}
	h := w.results.hits[0]
	if breadcrumb(h) != "Leave › Sick leave" || citationLine(h) != "handbook/leave.md · lines 7–8 · "+filepath.Base(dir) {
		t.Errorf("row: %q / %q", breadcrumb(h), citationLine(h))
	}
	// The rendered row holds the citation and a highlighted snippet.
	row := w.results.list.CreateItem()
	w.results.list.UpdateItem(0, row)
	texts := rowTexts(row)
	if !strings.Contains(texts, "handbook/leave.md · lines 7–8") {
		t.Errorf("row shows %q", texts)
	}
	strong := 0
	for _, word := range flowview.SnippetWords(h.Snippet) {
		if word.Tag == flowview.TagMatch {
			if lw := strings.ToLower(word.Text); lw != "sick" && lw != "leave" {
				t.Errorf("highlighted %q", word.Text)
			}
			strong++
		}
	}
	if strong == 0 {
		t.Error("no highlighted words in the snippet")
	}
	// The first hit is selected and its section fills the preview.
	waitFor(t, "preview", func() bool { return w.preview.hitBox != nil })
	if w.preview.cite.Text != h.Citation() || len(w.preview.body.Objects) == 0 {
		t.Errorf("preview citation %q, %d objects", w.preview.cite.Text, len(w.preview.body.Objects))
	}
	// Esc clears the query and the results.
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	waitFor(t, "cleared", func() bool { return len(w.results.hits) == 0 && w.status.Text == "" })
}

// rowTexts collects the text shown under o: labels, canvas texts, rich
// text and snippets.
func rowTexts(o fyne.CanvasObject) string {
	return fynetest.ShownTexts(o, func(o fyne.CanvasObject) (string, bool) {
		switch s := o.(type) {
		case *flowview.View:
			return s.String(), true
		case *citeLabel:
			return s.Text, true
		case *flowview.Prose:
			return s.String(), true
		}
		return "", false
	})
}

func TestSelectingARowShowsItsSection(t *testing.T) {
	ix := testlib.Open(t)
	var b strings.Builder
	b.WriteString("# Guide\n\n## Zebras\n\n")
	for i := 0; i < 30; i++ {
		b.WriteString("Zebras live in herds and graze on grass in the open savanna. ")
	}
	b.WriteString("\n\nThe last paragraph mentions stripes once.\n")
	dir := testlib.AddFolder(t, ix, map[string]string{"guide.md": b.String(), "other.md": "# Other\n\nstripes on a shirt\n"})
	w := newWindow(t, ix)
	test.Type(w.search, "stripes")
	waitFor(t, "two results", func() bool { return len(w.results.hits) == 2 && w.preview.hitBox != nil })
	target := 0
	if w.results.hits[0].Path != "guide.md" {
		target = 1
	}
	w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	for i := 0; i < target; i++ {
		w.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	}
	waitFor(t, "section", func() bool { return w.preview.hit.Path == "guide.md" && w.preview.hitBox != nil })
	section, err := ix.Section(context.Background(), w.preview.hit.ChunkRowID)
	if err != nil {
		t.Fatal(err)
	}
	if len(section) < 2 || len(w.preview.body.Objects) != len(section) {
		t.Fatalf("preview shows %d parts of a %d-chunk section", len(w.preview.body.Objects), len(section))
	}
	if !strings.Contains(rowTexts(w.preview.hitBox), "stripes") {
		t.Errorf("hit box %q", rowTexts(w.preview.hitBox))
	}
	w.preview.copyCitation()
	if got := w.app.Clipboard().Content(); got != w.preview.hit.Citation() {
		t.Errorf("clipboard %q", got)
	}
	var opened string
	w.openInShell = func(path string, line int) error { opened = path + ":" + strconv.Itoa(line); return nil }
	w.preview.openHit()
	if want := filepath.Join(dir, "guide.md") + ":" + strconv.Itoa(w.preview.hit.StartLine); opened != want || w.preview.hit.StartLine < 2 {
		t.Errorf("opened %q, want %q", opened, want)
	}
}

func TestEmptyLibraryAndNoResults(t *testing.T) {
	ix := testlib.Open(t)
	w := newWindow(t, ix)
	waitFor(t, "the drop target", func() bool { return w.center.Objects[0] == w.empty })
	if !strings.Contains(rowTexts(w.empty), "Drop a folder of Markdown here") {
		t.Error("drop target text missing")
	}
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha\n"})
	w.refreshFolders()
	waitFor(t, "results instead of the drop target", func() bool { return w.center.Objects[0] == w.split })
	test.Type(w.search, "zebra")
	waitFor(t, "no results", func() bool { return strings.HasPrefix(w.status.Text, "No results") })
	if len(w.results.hits) != 0 || w.preview.has {
		t.Error("stale results shown")
	}
}

func TestDropAddsFolderWithProgress(t *testing.T) {
	ix := testlib.Open(t)
	w := newWindow(t, ix)
	files := map[string]string{"notes.txt": "not markdown"}
	for i := 0; i < 40; i++ {
		files[filepath.Join("n", string(rune('a'+i%26))+strings.Repeat("b", i/26)+".md")] = "# Note\n\nquokka facts\n"
	}
	dir := testutil.WriteFolder(t, files)
	w.HandleDrop([]fyne.URI{storage.NewFileURI(filepath.Join(dir, "n"))})
	waitFor(t, "import summary", func() bool { return w.imports.summary.Visible() })
	if !strings.Contains(w.imports.summary.Text, "40 added") {
		t.Errorf("summary %q", w.imports.summary.Text)
	}
	if w.imports.bar.Value != 1 || !strings.Contains(w.imports.label.Text, "40 of 40 new or modified files") {
		t.Errorf("progress bar %v label %q", w.imports.bar.Value, w.imports.label.Text)
	}
	waitFor(t, "the folder in the sidebar", func() bool { return len(w.library.folders) == 1 && w.library.folders[0].Documents == 40 })
	// A dropped Markdown file adds its folder; other files are refused with a message.
	w.HandleDrop([]fyne.URI{storage.NewFileURI(filepath.Join(dir, "notes.txt"))})
	if len(w.library.folders) != 1 {
		t.Error("a text file was added")
	}
	test.Type(w.search, "quokka")
	waitFor(t, "results", func() bool { return strings.HasPrefix(w.status.Text, "40 results") })
}

func TestCancellingAnImport(t *testing.T) {
	ix := testlib.Open(t)
	w := newWindow(t, ix)
	files := map[string]string{}
	for i := 0; i < 3000; i++ {
		// Each note its own text: copies would be one passage.
		files[filepath.Join(string(rune('a'+i%26)), strings.Repeat("x", i/26+1)+".md")] = fmt.Sprintf("# Note %d\n\nwombat", i) + strings.Repeat(" text", 200) + "\n"
	}
	dir := testutil.WriteFolder(t, files)
	w.imports.enqueue(dir, true)
	// Cancel once some files are done, so there is work to keep.
	doneFiles := regexp.MustCompile(`: ([\d,]+) of`)
	waitFor(t, "some files indexed", func() bool {
		m := doneFiles.FindStringSubmatch(w.imports.label.Text)
		n := 0
		if m != nil {
			n, _ = strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		}
		return n >= 20
	})
	test.Tap(w.imports.cancel)
	waitFor(t, "cancelled summary", func() bool { return w.imports.summary.Visible() })
	if !strings.Contains(w.imports.summary.Text, "cancelled") {
		t.Errorf("summary %q", w.imports.summary.Text)
	}
	if err := ix.IntegrityCheck(context.Background()); err != nil {
		t.Fatal(err)
	}
	// What was finished is kept and searchable; Rescan completes the rest.
	st, err := ix.Stats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Documents == 0 || st.Documents >= len(files) {
		t.Errorf("after the cancel %d of %d documents", st.Documents, len(files))
	}
	res, err := ix.Search(context.Background(), "wombat", index.SearchOptions{Limit: 1, NoSnippets: true})
	if err != nil || res.Total != min(st.Documents, 1000) {
		t.Errorf("after the cancel %d searchable, %d documents (%v)", res.Total, st.Documents, err)
	}
	w.imports.enqueue(dir, false)
	waitFor(t, "the rescan's summary", func() bool {
		return w.imports.summary.Visible() && strings.Contains(w.imports.summary.Text, "Import finished")
	})
	if st, err = ix.Stats(context.Background()); err != nil || st.Documents != len(files) {
		t.Errorf("after the rescan %d of %d documents (%v)", st.Documents, len(files), err)
	}
}

func TestPreferencesValidateAndSayWhenChunksChange(t *testing.T) {
	ix := testlib.Open(t)
	w := newWindow(t, ix)
	if _, err := w.applyPreferences("abc", "1", "0", "10"); err == nil {
		t.Error("non-number accepted")
	}
	if _, err := w.applyPreferences("0", "1", "0", "10"); err == nil {
		t.Error("max 0 accepted")
	}
	msg, err := w.applyPreferences("1200", "200", "0", "30")
	if err != nil || msg != "" || w.resultsLimit() != 30 {
		t.Errorf("unchanged chunks: %q %v %d", msg, err, w.resultsLimit())
	}
	msg, err = w.applyPreferences("800", "100", "1", "30")
	if err != nil || !strings.Contains(msg, "cuts every file again") {
		t.Errorf("changed chunks: %q %v", msg, err)
	}
	if o := w.chunkOptions(); o.Max != 800 || o.Min != 100 || o.Overlap != 1 {
		t.Errorf("stored %+v", o)
	}
}

func TestHealthViewShowsHistogramAndDefects(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\n" + strings.Repeat("word ", 700) + "\n", "b.md": "# B\n\nShort.\n", "c.md": "x\x00y"})
	w := newWindow(t, ix)
	w.showHealth()
	waitFor(t, "health report", func() bool { return w.health != nil })
	h := w.health
	if h.Sizes.N < 3 || len(h.Histogram) == 0 || len(h.Defects) == 0 || len(h.Skipped) != 1 {
		t.Fatalf("health %+v", h)
	}
	view := healthWindow(t, w).Content()
	text := rowTexts(view)
	if !strings.Contains(text, "passages. Half of the passages are under") {
		t.Errorf("summary missing: %q", text)
	}
	var opened string
	w.openInShell = func(path string, line int) error { opened = filepath.Base(path); return nil }
	if explain := rowTexts(view); !strings.Contains(explain, "Ends mid-sentence: A passage ends inside a sentence") {
		t.Errorf("defects are not explained in plain words: %q", explain)
	}
	list := healthList(t, w)
	list.Select(1) // under the heading "Problems found"
	if opened != "a.md" {
		t.Errorf("clicking a defect opened %q", opened)
	}
}

func TestSampleLibraryRemovesInOneClick(t *testing.T) {
	ix := testlib.Open(t)
	dir := testutil.WriteFolder(t, map[string]string{"welcome.md": "# Welcome\n\nHello.\n"})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := ix.SetSample(ctx, dir, true); err != nil {
		t.Fatal(err)
	}
	w := newWindow(t, ix)
	waitFor(t, "the remove-sample button", func() bool { return w.library.dropSample.Visible() })
	test.Tap(w.library.dropSample)
	waitFor(t, "sample removed", func() bool { return len(w.library.folders) == 0 })
	if _, err := os.Stat(filepath.Join(dir, "welcome.md")); err != nil {
		t.Error("removing the sample deleted its files")
	}
	// The sidebar and the centre are updated by separate UI-thread calls.
	waitFor(t, "the empty library shown after removing the sample", func() bool {
		return !w.library.dropSample.Visible() && w.center.Objects[0] == w.empty
	})
}
