package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"folio/internal/testutil"
)

// A watcher's scan reads only the paths that changed: changes there are
// imported and removals applied, and the rest of the folder is untouched.
func TestScanOnlyReadsTheGivenPaths(t *testing.T) {
	ix := openTemp(t)
	dir := testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"a.md":     "# A\n\nalpha\n",
		"c.md":     "# C\n\ngamma\n",
		"sub/b.md": "# B\n\nbeta\n",
		".x.md":    "# hidden\n",
	})
	ctx := context.Background()
	testutil.WriteFiles(t, dir, map[string]string{
		"a.md":         "# A\n\nalpha apricot\n",
		"c.md":         "# C\n\ngamma cherry\n",
		"sub/new/d.md": "# D\n\ndamson\n",
		"sub/.y.md":    "# hidden too\n",
	})
	if err := os.Remove(filepath.Join(dir, "sub", "b.md")); err != nil {
		t.Fatal(err)
	}
	sum, err := ix.ScanFolder(ctx, dir, ImportOptions{Only: []string{"a.md", "sub", "gone.md"}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 1 || sum.Updated != 1 || sum.Removed != 1 {
		t.Errorf("summary %+v, want 1 added (d), 1 updated (a), 1 removed (b)", sum)
	}
	for q, want := range map[string]int{"apricot": 1, "damson": 1, "beta": 0, "cherry": 0, "gamma": 1} {
		if got := len(search(t, ix, q).Hits); got != want {
			t.Errorf("%q: %d hits, want %d", q, got, want)
		}
	}
	folders, err := ix.Folders(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if folders[0].Documents != 3 {
		t.Errorf("folder holds %d documents, want 3 (a, c, d)", folders[0].Documents)
	}
	// Skips outside the scope stay; the scope's are the scan's.
	skips, err := ix.Skipped(ctx, folders[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, s := range skips {
		got[s.Path] = true
	}
	if !got[".x.md"] || !got["sub/.y.md"] || len(got) != 2 {
		t.Errorf("skipped %+v, want .x.md and sub/.y.md", skips)
	}
	// The whole folder's scan still finds what the scoped one left.
	if sum, err := ix.ScanFolder(ctx, dir, ImportOptions{}); err != nil || sum.Updated != 1 {
		t.Errorf("full scan: %+v, %v; want c.md updated", sum, err)
	}
}

// A word searched before it was written is found once it is: the term
// statistics kept between searches follow every change, even one that
// leaves the library's size and highest chunk id as they were.
func TestSearchFindsAWordWrittenAfterItWasSearched(t *testing.T) {
	ix := openTemp(t)
	dir := testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"a.md": "# A\n\nalpha notes\n"})
	ctx := context.Background()
	if n := len(search(t, ix, "zebraword").Hits); n != 0 {
		t.Fatalf("%d hits before the word was written", n)
	}
	testutil.WriteFiles(t, dir, map[string]string{"a.md": "# A\n\nzebraword notes\n"})
	if _, err := ix.ScanFolder(ctx, dir, ImportOptions{Only: []string{"a.md"}}); err != nil {
		t.Fatal(err)
	}
	if n := len(search(t, ix, "zebraword").Hits); n != 1 {
		t.Errorf("%d hits after the word was written, want 1", n)
	}
}
