package index

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"folio/files"
	"folio/internal/testutil"
)

// A plain folder whose notes were all deleted is not an unplugged drive:
// its documents go, and their text with them.
func TestEmptiedFolderDropsItsDocuments(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("an empty folder counts as offline on Windows")
	}
	ix := openTemp(t)
	dir := filepath.Join(t.TempDir(), "n")
	testutil.WriteFiles(t, dir, map[string]string{"s.md": "# S\n\nsecretword\n", "t.md": "# T\n\nsecretword too\n"})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"s.md", "t.md"} {
		if err := os.Remove(filepath.Join(dir, n)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := ix.Scan(ctx, ImportOptions{})
	if err != nil || s.Removed != 2 || len(s.Offline) != 0 {
		t.Fatalf("scan of an emptied folder: %+v %v", s, err)
	}
	if r := search(t, ix, "secretword"); r.Total != 0 {
		t.Errorf("deleted notes still found: %d", r.Total)
	}
	folders, _ := ix.Folders(ctx)
	if len(folders) != 1 || folders[0].Offline != "" || folders[0].Documents != 0 {
		t.Errorf("folders: %+v", folders)
	}
	// A watcher's scan of the deleted paths alone does the same.
	testutil.WriteFiles(t, dir, map[string]string{"u.md": "# U\n\nsecretword again\n"})
	if _, err := ix.Scan(ctx, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "u.md")); err != nil {
		t.Fatal(err)
	}
	if s, err = ix.ScanFolder(ctx, dir, ImportOptions{Only: []string{"u.md"}}); err != nil || s.Removed != 1 || len(s.Offline) != 0 {
		t.Errorf("watcher's scan of an emptied folder: %+v %v", s, err)
	}
}

// A file whose read hangs (a stalled share) is skipped as too slow after
// a while, its old text kept, and the scan goes on: an edit in another
// folder is indexed meanwhile.
func TestHungReadDoesNotStallTheScan(t *testing.T) {
	ix := openTemp(t)
	base := t.TempDir()
	a, b := filepath.Join(base, "a"), filepath.Join(base, "b")
	testutil.WriteFiles(t, a, map[string]string{"slow.md": "# Slow\n\nstuckword\n", "fast.md": "# Fast\n\nfast\n"})
	testutil.WriteFiles(t, b, map[string]string{"b.md": "# B\n\nbefore\n"})
	ctx := context.Background()
	for _, d := range []string{a, b} {
		if _, err := ix.AddFolder(ctx, d, ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	later := time.Now().Add(2 * time.Second)
	testutil.WriteFiles(t, a, map[string]string{"slow.md": "# Slow\n\nstuckword edited\n"})
	testutil.WriteFiles(t, b, map[string]string{"b.md": "# B\n\notherfolderword\n"})
	for _, p := range []string{filepath.Join(a, "slow.md"), filepath.Join(b, "b.md")} {
		if err := os.Chtimes(p, later, later); err != nil {
			t.Fatal(err)
		}
	}
	release := make(chan struct{})
	slow := filepath.Join(a, "slow.md")
	files.OpenForRead = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		if name == slow {
			<-release // a read that hangs as long as this test runs
		}
		return os.OpenFile(name, flag, perm)
	}
	defer func() { files.OpenForRead = os.OpenFile }()
	defer close(release)
	defer func(d time.Duration) { readTimeout = d }(readTimeout)
	readTimeout = 50 * time.Millisecond

	type result struct {
		s   Summary
		err error
	}
	done := make(chan result, 1)
	go func() {
		s, err := ix.Scan(ctx, ImportOptions{})
		done <- result{s, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the scan still waits for a hung read after 30 s")
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	if len(r.s.Skipped) != 1 || r.s.Skipped[0].Path != "slow.md" || !strings.Contains(r.s.Skipped[0].Reason, "too slow to read") {
		t.Errorf("skipped: %+v", r.s.Skipped)
	}
	if got := search(t, ix, "otherfolderword"); got.Total != 1 {
		t.Errorf("the other folder's edit is not searchable: %d", got.Total)
	}
	if got := search(t, ix, "stuckword"); got.Total != 1 {
		t.Errorf("the slow file's old text was dropped: %d", got.Total)
	}
}
