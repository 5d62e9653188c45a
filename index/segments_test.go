package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

// notes are n notes of a few passages each, named prefix0.md…, each
// holding its own word (prefix0word…) beside words they share.
func notes(prefix string, n int) map[string]string {
	files := map[string]string{}
	for i := range n {
		var b strings.Builder
		fmt.Fprintf(&b, "# %s %d\n\nParacetamol dose for a child with fever, %s%dword.\n", prefix, i, prefix, i)
		for j := range 3 {
			fmt.Fprintf(&b, "\n## Part %d\n\n%s\n", j, strings.Repeat(fmt.Sprintf("Passage %d of note %d, long enough to stand alone in the index. ", j, i), 4))
		}
		files[prefix+fmt.Sprint(i)+".md"] = b.String()
	}
	return files
}

// A library built the way people build one, a folder at a time (most of
// them a few hundred notes, too few for the first import's merge), is in
// one segment after each: every segment more is read for every word a
// question looks up, and six had made questions 35–50% slower.
func TestALibraryBuiltFolderByFolderStaysInOneSegment(t *testing.T) {
	ix := openTemp(t)
	for f, n := range []int{300, 40, 25, 60} {
		testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, notes(fmt.Sprintf("f%d", f), n))
		if s := ftsSegments(t, ix); s != 1 {
			t.Errorf("after folder %d: %d segments, want 1", f+1, s)
		}
	}
	if r := search(t, ix, "paracetamol child"); r.Total != 425 {
		t.Errorf("%d results, want 425", r.Total)
	}
}

// A note saved under a watcher is indexed without merging the whole
// index, which would cost a large library about half a second a save; the
// merge comes once what the saves wrote reaches a tenth of the index, and
// with the next scan of the folder.
func TestSavedNotesMergeOnceTheyAddUp(t *testing.T) {
	ix := openTemp(t)
	ctx := context.Background()
	dir := testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, notes("n", 200))
	write := func(i int) string { // the note grown by two more notes' parts
		t.Helper()
		name := fmt.Sprintf("n%d.md", i)
		more := notes("more", 2)
		text := notes("n", 200)[name]
		for j := range 2 {
			text += "\n" + strings.Replace(more[fmt.Sprintf("more%d.md", j)], "# ", "## ", 1)
		}
		must(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
		return name
	}
	save := func(i int) int { // as the watcher indexes a saved note
		t.Helper()
		s, err := ix.ScanFolder(ctx, dir, ImportOptions{Only: []string{write(i)}})
		if err != nil {
			t.Fatal(err)
		}
		return s.Chunks
	}
	// FTS5's own automerge off, so that only Folio's merges count: in a
	// library this small it folds a few saves into the rest by itself (and
	// past 16 segments it merges whatever the setting: the saves here reach
	// a tenth of the index well before).
	_, err := ix.db.Exec(`INSERT INTO chunks_fts(chunks_fts, rank) VALUES('automerge', 0)`)
	must(t, err)
	written, merged := 0, false
	for i := 0; i < 60 && !merged; i++ {
		written += save(i)
		var total int // the library's passages, which the grown notes add to
		must(t, ix.db.QueryRow(`SELECT sum(n_chunks) FROM folders`).Scan(&total))
		merged = ftsSegments(t, ix) == 1
		if due := written*10 >= total; merged != due {
			t.Fatalf("after %d saved notes (%d of %d passages written): merged %v, want %v", i+1, written, total, merged, due)
		}
	}
	if !merged {
		t.Fatalf("%d passages written: not merged", written)
	}
	save(30)
	// A scan of the folder that found nothing to write merges nothing (a
	// window's catch-up at start, when no note changed).
	if s, err := ix.ScanFolder(ctx, dir, ImportOptions{}); err != nil || s.Chunks != 0 {
		t.Fatalf("unchanged folder: %+v %v", s, err)
	}
	if s := ftsSegments(t, ix); s < 2 {
		t.Errorf("a scan that wrote nothing merged (%d segments)", s)
	}
	write(31)
	if _, err := ix.Scan(ctx, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if s := ftsSegments(t, ix); s != 1 {
		t.Errorf("after a scan of the folder that wrote passages: %d segments, want 1", s)
	}
	if r := search(t, ix, "n31word"); r.Total != 1 {
		t.Errorf("n31word: %d results", r.Total)
	}
}

// A cancelled import stops at once: it leaves the merge to the next scan,
// whatever it had written.
func TestACancelledImportDoesNotWaitForAMerge(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, notes("a", 10))
	_, err := ix.db.Exec(`INSERT INTO chunks_fts(chunks_fts, rank) VALUES('automerge', 0)`)
	must(t, err)
	dir := t.TempDir()
	for name, text := range notes("b", 300) {
		must(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := ix.AddFolder(ctx, dir, ImportOptions{Workers: 1, Progress: func(p Progress) {
		if p.FilesDone >= 100 {
			cancel()
		}
	}})
	if err != nil || !s.Cancelled || s.Chunks == 0 {
		t.Fatalf("cancelled import: %+v %v", s, err)
	}
	if n := ftsSegments(t, ix); n < 2 {
		t.Errorf("after a cancelled import that wrote %d passages: %d segment, want it left unmerged", s.Chunks, n)
	}
}
