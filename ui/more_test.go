package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"folio/index"
	"folio/internal/testutil/testlib"
)

// Past the first page, "Show more results" adds the next one: no hit
// repeats, none of the longer list is skipped, and the count line says
// how many are shown of how many.
func TestShowMoreFetchesTheNextPage(t *testing.T) {
	ix := testlib.Open(t)
	notes := map[string]string{}
	for i := range 130 {
		// Words of their own, so no two are copies (dup.go) and lengths vary.
		var b strings.Builder
		for j := range 3 + i%7 {
			fmt.Fprintf(&b, " w%dx%d", i, j)
		}
		notes[fmt.Sprintf("n%03d.md", i)] = fmt.Sprintf("# Note %d\n\nquokka%s\n", i, b.String())
	}
	testlib.AddFolder(t, ix, notes)
	w := newWindow(t, ix)
	test.Type(w.search, "quokka")
	// The page and the count line are set by separate UI-thread calls.
	waitFor(t, "the first page and its count", func() bool {
		return w.lastQuery == "quokka" && len(w.results.page) == 50 && strings.HasPrefix(w.status.Text, "Showing 50 of 130 results")
	})
	if !w.results.more.Visible() {
		t.Fatalf("more button hidden, status %q", w.status.Text)
	}
	test.Tap(w.results.more)
	waitFor(t, "the second page", func() bool { return len(w.results.page) >= 100 })
	seen := map[int64]bool{}
	for _, h := range w.results.page {
		if seen[h.ChunkRowID] {
			t.Errorf("%s shown twice", h.Path)
		}
		seen[h.ChunkRowID] = true
	}
	longer, err := ix.Search(context.Background(), "quokka", index.SearchOptions{Limit: 100, NoSnippets: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range longer.Hits {
		if !seen[h.ChunkRowID] {
			t.Errorf("%s (rank %d of the longer list) skipped", h.Path, h.Rank)
		}
	}
	if !strings.HasPrefix(w.status.Text, fmt.Sprintf("Showing %d of 130 results", len(w.results.page))) {
		t.Errorf("status %q", w.status.Text)
	}
	test.Tap(w.results.more)
	waitFor(t, "all of them", func() bool { return len(w.results.page) == 130 })
	waitFor(t, "no more button", func() bool { return !w.results.more.Visible() && strings.HasPrefix(w.status.Text, "130 results") })
}

// The count line says plainly how many results are shown of how many.
func TestCountLineSaysHowManyAreShown(t *testing.T) {
	for _, c := range []struct {
		res   index.Results
		shown int
		more  bool
		want  string
	}{
		{index.Results{Total: 1000, TotalCapped: true}, 50, true, "Showing 50 of 1,000+ results"},
		{index.Results{Total: 1000, TotalCapped: true}, 800, false, "Showing 800 of 1,000+ results"},
		{index.Results{Total: 130}, 50, true, "Showing 50 of 130 results"},
		{index.Results{Total: 1200}, 40, false, "1,200 results"},
		{index.Results{Total: 1}, 1, false, "1 result "},
	} {
		if got := statusLine(&c.res, c.shown, c.more); !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v shown %d more %v: %q, want %q…", c.res, c.shown, c.more, got, c.want)
		}
	}
}
