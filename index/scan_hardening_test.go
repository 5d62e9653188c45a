package index

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A plain folder whose notes were all deleted is not an unplugged drive:
// its documents go, and their text with them.
func TestEmptiedFolderDropsItsDocuments(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("an empty folder counts as offline on Windows")
	}
	ix := openTemp(t)
	dir := filepath.Join(t.TempDir(), "n")
	writeFiles(t, dir, map[string]string{"s.md": "# S\n\nsecretword\n", "t.md": "# T\n\nsecretword too\n"})
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
	writeFiles(t, dir, map[string]string{"u.md": "# U\n\nsecretword again\n"})
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
