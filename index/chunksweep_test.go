package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"folio/chunker"
	"folio/internal/testutil"
)

// ChunkSweep measures an even, stable sample of the library's documents
// read from disk, one row per maximum, and writes nothing to the folder.
func TestChunkSweepMeasuresAStableSampleOfTheLibrary(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	notes := map[string]string{}
	for i := 0; i < 12; i++ {
		notes[fmt.Sprintf("n%02d.md", i)] = fmt.Sprintf("# Note %d\n\n%s\n\n## More\n\n%s\n", i, strings.Repeat("A sentence of words. ", 10+i*5), strings.Repeat("Another line here. ", 30))
	}
	testutil.WriteFiles(t, dir, notes)
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for name := range notes {
		os.Chtimes(filepath.Join(dir, name), old, old)
	}
	maxes := []int{200, 800}
	rows, n, err := ix.ChunkSweep(ctx, 5, maxes, chunker.DefaultOptions())
	if err != nil || n != 5 || len(rows) != 2 {
		t.Fatalf("sample of 5: %d documents, %d rows, %v", n, len(rows), err)
	}
	if rows[0].Max != 200 || rows[0].Size.N <= rows[1].Size.N || rows[1].Size.P90 > 800 && rows[1].Size.OverMax == 0 {
		t.Errorf("rows %+v", rows)
	}
	again, _, _ := ix.ChunkSweep(ctx, 5, maxes, chunker.DefaultOptions())
	if !reflect.DeepEqual(rows, again) {
		t.Errorf("the same library gave another table:\n%+v\n%+v", rows, again)
	}
	if _, n, err = ix.ChunkSweep(ctx, 300, maxes, chunker.DefaultOptions()); err != nil || n != 12 {
		t.Errorf("sample of 300 from 12: %d documents (%v)", n, err)
	}
	// A file deleted since the scan is left out, not an error.
	os.Remove(filepath.Join(dir, "n00.md"))
	if _, n, err = ix.ChunkSweep(ctx, 300, maxes, chunker.DefaultOptions()); err != nil || n != 11 {
		t.Errorf("after a deletion: %d documents (%v)", n, err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		info, _ := e.Info()
		if len(entries) != 11 || info.ModTime().After(old.Add(time.Second)) {
			t.Errorf("the folder changed: %s %v", e.Name(), info.ModTime())
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := ix.ChunkSweep(cancelled, 300, maxes, chunker.DefaultOptions()); err == nil {
		t.Error("a cancelled sweep returned no error")
	}
}
