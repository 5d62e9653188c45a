package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/ui/internal/launch"
)

// slowLibrary answers one query slowly and counts the searches.
type slowLibrary struct {
	Library
	slow     string
	delay    time.Duration
	searches *atomic.Int64
}

func (s slowLibrary) Search(ctx context.Context, q string, opt index.SearchOptions) (*index.Results, error) {
	s.searches.Add(1)
	if q == s.slow {
		time.Sleep(s.delay)
	}
	return s.Library.Search(ctx, q, opt)
}

// Typing runs one search once it pauses, and a slow answer to an older
// query never replaces the newer one's.
func TestTypingDebouncesAndDropsStaleAnswers(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha notes\n", "b.md": "# B\n\nbravo notes\n"})
	var searches atomic.Int64
	w := newWindow(t, slowLibrary{Library: ix, slow: "alpha", delay: 600 * time.Millisecond, searches: &searches})

	// Keystrokes closer together than Debounce: one search.
	for _, q := range []string{"b", "br", "bra", "brav", "bravo"} {
		w.scheduleSearch(q)
	}
	waitFor(t, "bravo's results", func() bool { return w.lastQuery == "bravo" && len(w.results.hits) == 1 })
	if n := searches.Load(); n != 1 {
		t.Errorf("%d searches for one pause in typing, want 1", n)
	}

	// A slow search, then a newer one: the newer one's answer stays.
	w.scheduleSearch("alpha")
	time.Sleep(Debounce + 100*time.Millisecond) // alpha is running
	w.scheduleSearch("notes")
	waitFor(t, "the newer query's results", func() bool { return w.lastQuery == "notes" && len(w.results.hits) == 2 })
	time.Sleep(700 * time.Millisecond) // alpha's answer arrives now
	pumpUI()
	if w.lastQuery != "notes" || len(w.results.hits) != 2 {
		t.Errorf("a stale answer replaced the newer one: query %q, %d hits", w.lastQuery, len(w.results.hits))
	}
}

// heldLibrary holds each search for one query until its context ends (or
// five seconds pass), then answers it all the same, as a library that
// ignored the cancel would: what the window does with that answer shows.
type heldLibrary struct {
	Library
	held    string
	started chan struct{} // a held search began
	ended   chan error    // a held search's context error when it let go
}

func (h heldLibrary) Search(ctx context.Context, q string, opt index.SearchOptions) (*index.Results, error) {
	if q != h.held {
		return h.Library.Search(ctx, q, opt)
	}
	h.started <- struct{}{}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
	}
	h.ended <- ctx.Err()
	return h.Library.Search(context.Background(), q, opt)
}

// The next search, typed or run again, cancels the one still running, and
// the cancelled one's answer is never shown even when the library gives it.
func TestANewSearchCancelsTheOneBefore(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\nalpha notes\n", "b.md": "# B\n\nbravo notes\n"})
	lib := heldLibrary{Library: ix, held: "alpha", started: make(chan struct{}, 4), ended: make(chan error, 4)}
	w := newWindow(t, lib)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })

	for i, start := range []func(string){w.scheduleSearch, w.runSearchAsync} {
		start("alpha")
		select {
		case <-lib.started:
		case <-time.After(2 * time.Second):
			t.Fatalf("%d: the held search did not start", i)
		}
		w.scheduleSearch("bravo") // the next keystroke
		select {
		case err := <-lib.ended:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%d: the superseded search ended with %v, want it cancelled", i, err)
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("%d: the superseded search's context was not cancelled", i)
		}
		waitFor(t, "bravo's results", func() bool { return w.lastQuery == "bravo" && len(w.results.hits) == 1 })
		time.Sleep(200 * time.Millisecond) // alpha's late answer has come back by now
		pumpUI()
		if w.lastQuery != "bravo" || len(w.results.hits) != 1 || !strings.Contains(w.results.hits[0].Path, "b.md") {
			t.Errorf("%d: a cancelled search's answer was shown: query %q, %d hits", i, w.lastQuery, len(w.results.hits))
		}
	}
}

// $VISUAL (then $EDITOR) opens the file at the hit's line.
func TestOpenInEditorUsesVisualWithTheLine(t *testing.T) {
	dir := t.TempDir()
	note := filepath.Join(dir, "note.md")
	if err := os.WriteFile(note, []byte("# N\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	argsFile := filepath.Join(dir, "args")
	editor := filepath.Join(dir, "my-editor")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\necho \"$@\" > "+argsFile+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"VISUAL", "EDITOR"} {
		t.Setenv("VISUAL", "")
		t.Setenv("EDITOR", "")
		t.Setenv(v, editor+" --wait")
		os.Remove(argsFile)
		if err := launch.InEditor(note, 42); err != nil {
			t.Fatal(err)
		}
		waitFor(t, v+" to be run", func() bool { _, err := os.Stat(argsFile); return err == nil })
		var got string
		waitFor(t, v+"'s arguments", func() bool {
			data, _ := os.ReadFile(argsFile)
			got = strings.TrimSpace(string(data))
			return got != ""
		})
		if want := "--wait +42 " + note; got != want {
			t.Errorf("%s ran with %q, want %q", v, got, want)
		}
	}
	if err := launch.InEditor(filepath.Join(dir, "gone.md"), 1); err == nil {
		t.Error("a missing file opened without an error")
	}
}

// The preview shows a link as a link with its text (Fyne opens it only when
// it is clicked; nothing is fetched to show it), and an image as its alt
// text, never as an image to load.
func TestPreviewShowsLinksAsTheirTextAndLoadsNothing(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# Links\n\nSee [the dosing guide](https://example.org/dosing) for kestrel details.\n\n![A falcon map](https://example.org/map.png)\n"})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	test.Type(w.search, "kestrel")
	waitFor(t, "the preview", func() bool { return w.preview.hitBox != nil })
	var links, images int
	for _, seg := range segmentsUnder(w.preview.body) {
		switch h := seg.(type) {
		case *widget.HyperlinkSegment:
			if h.Text == "the dosing guide" && h.URL != nil && h.URL.Host == "example.org" {
				links++
			}
		case *widget.ImageSegment:
			images++
		}
	}
	if links != 1 || images != 0 {
		t.Errorf("preview has %d links to the guide and %d images, want 1 and 0", links, images)
	}
	if text := fynetest.Texts(w.preview.body); !strings.Contains(text, "A falcon map") {
		t.Errorf("preview %q lacks the image's alt text", text)
	}
}
