package index

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"folio/index/fts"
	"folio/index/schema"
	"folio/internal/testutil"
)

const twinNote = "# Fever\n\n## Dosing\n\nGive qzparacetamol every six hours.\n\n## Warning\n\nSee a doctor after three days.\n"

// ftsRows is how many rows the search index holds.
func ftsRows(t *testing.T, ix *Index) int {
	t.Helper()
	var n int
	must(t, ix.db.QueryRow(`SELECT count(*) FROM chunks_fts`).Scan(&n))
	return n
}

// addFolders adds library folders in order.
func addFolders(t *testing.T, ix *Index, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if _, err := ix.AddFolder(context.Background(), d, ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
}

// copiedFolders adds a folder with twinNote and a note of its own, then a
// folder with a copy of twinNote.
func copiedFolders(t *testing.T, ix *Index) (a, b string) {
	t.Helper()
	a, b = t.TempDir(), t.TempDir()
	testutil.WriteFiles(t, a, map[string]string{"fever.md": twinNote, "own.md": "# Own\n\nonly here\n"})
	testutil.WriteFiles(t, b, map[string]string{"fever.md": twinNote})
	addFolders(t, ix, a, b)
	return a, b
}

// locations are the folder/path of a hit and of its copies.
func locations(h Hit) []string {
	out := []string{filepath.Join(h.Folder, h.Path)}
	for _, a := range h.AlsoIn {
		out = append(out, filepath.Join(a.Folder, a.Path))
	}
	return out
}

func TestCopiesInTwoFoldersShareOneRowAndBothAreCited(t *testing.T) {
	ix := openTemp(t)
	a, b := copiedFolders(t, ix)
	ctx := context.Background()
	one := openTemp(t)
	if _, err := one.AddFolder(ctx, a, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if got, want := ftsRows(t, ix), ftsRows(t, one); got != want {
		t.Errorf("the search index holds %d rows for a folder and its copy, %d for the folder alone", got, want)
	}
	r := search(t, ix, "qzparacetamol")
	if len(r.Hits) != 1 || r.Total != 1 {
		t.Fatalf("%d hits (total %d), want the passage once", len(r.Hits), r.Total)
	}
	locs := locations(r.Hits[0])
	if len(locs) != 2 || locs[0] != filepath.Join(a, "fever.md") || locs[1] != filepath.Join(b, "fever.md") {
		t.Errorf("cited at %v, want the first folder's file with the copy in the second", locs)
	}
	if h := r.Hits[0].AlsoIn[0]; h.StartLine != r.Hits[0].StartLine || h.Text != r.Hits[0].Text {
		t.Errorf("the copy cites lines %d–%d %q", h.StartLine, h.EndLine, h.Text)
	}
	// A search in the second folder only finds its own copy.
	r, err := ix.Search(ctx, "qzparacetamol", SearchOptions{Folder: b})
	if err != nil || len(r.Hits) != 1 || r.Hits[0].Folder != b {
		t.Fatalf("in the second folder: %+v %v", r, err)
	}
}

func TestCopyStaysFoundWhenTheFirstIsRemovedOrChanged(t *testing.T) {
	ix := openTemp(t)
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	for _, d := range []string{a, b, c} {
		testutil.WriteFiles(t, d, map[string]string{"fever.md": twinNote})
	}
	ctx := context.Background()
	addFolders(t, ix, a, b, c)
	// The file whose rows the copies use changes: they keep the old text.
	must(t, os.WriteFile(filepath.Join(a, "fever.md"), []byte("# Fever\n\n## Dosing\n\nGive qzibuprofen instead.\n"), 0o644))
	if _, err := ix.Scan(ctx, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	must(t, ix.IntegrityCheck(ctx))
	r := search(t, ix, "qzparacetamol")
	if len(r.Hits) != 1 || len(locations(r.Hits[0])) != 2 || r.Hits[0].Folder != b {
		t.Fatalf("old text after the first file changed: %d hits %v", len(r.Hits), r.Hits)
	}
	if r := search(t, ix, "qzibuprofen"); len(r.Hits) != 1 || r.Hits[0].Folder != a {
		t.Fatalf("new text: %+v", r.Hits)
	}
	// The folder now holding the row goes: the last copy is still found.
	must(t, ix.RemoveFolder(ctx, b))
	must(t, ix.IntegrityCheck(ctx))
	r = search(t, ix, "qzparacetamol")
	if len(r.Hits) != 1 || len(r.Hits[0].AlsoIn) != 0 || r.Hits[0].Folder != c {
		t.Fatalf("after removing the folder with the row: %+v", r.Hits)
	}
	// And it goes from the index with its last copy.
	must(t, os.Remove(filepath.Join(c, "fever.md")))
	if _, err := ix.Scan(ctx, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if r := search(t, ix, "qzparacetamol"); len(r.Hits) != 0 {
		t.Errorf("removed everywhere, still found: %+v", r.Hits)
	}
}

func TestTaggedCopyIsFoundByItsTag(t *testing.T) {
	ix := openTemp(t)
	a, b := t.TempDir(), t.TempDir()
	testutil.WriteFiles(t, a, map[string]string{"fever.md": twinNote})
	testutil.WriteFiles(t, b, map[string]string{"fever.md": "---\ntags: [clinic]\n---\n" + twinNote})
	addFolders(t, ix, a, b)
	r := search(t, ix, "qzparacetamol tag:clinic")
	if len(r.Hits) != 1 || r.Hits[0].Folder != b {
		t.Fatalf("tag:clinic: %+v", r.Hits)
	}
}

func TestSampleLibraryCopyIsNotTheUsersPassage(t *testing.T) {
	ix := openTemp(t)
	sample, a := t.TempDir(), t.TempDir()
	testutil.WriteFiles(t, sample, map[string]string{"fever.md": twinNote})
	testutil.WriteFiles(t, a, map[string]string{"fever.md": twinNote})
	ctx := context.Background()
	// As the window does: the sample first, marked after its import.
	if _, err := ix.AddFolder(ctx, sample, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	must(t, ix.SetSample(ctx, sample, true))
	before := ftsRows(t, ix)
	if _, err := ix.AddFolder(ctx, a, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := ftsRows(t, ix); got != 2*before {
		t.Errorf("%d rows, want the user's own %d beside the sample's", got, before)
	}
	r := search(t, ix, "qzparacetamol")
	if len(r.Hits) != 2 || r.Hits[0].Folder != a || !r.Hits[1].Sample {
		t.Errorf("want the user's passage first, then the sample's: %+v", r.Hits)
	}
}

func TestEveryCopyIsListedOnceWhetherItSharesTheRowOrNot(t *testing.T) {
	ix := openTemp(t)
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	testutil.WriteFiles(t, a, map[string]string{"fever.md": twinNote})
	testutil.WriteFiles(t, b, map[string]string{"fever.md": twinNote})
	// The same text under another title: a copy, but not of the same row.
	testutil.WriteFiles(t, c, map[string]string{"notes.md": "# Ward notes\n\n## Dosing\n\nGive qzparacetamol every six hours.\n"})
	addFolders(t, ix, a, b, c)
	r := search(t, ix, "qzparacetamol")
	if len(r.Hits) != 1 {
		t.Fatalf("%d hits, want one passage with its copies", len(r.Hits))
	}
	got := map[string]int{}
	for _, l := range locations(r.Hits[0]) {
		got[l]++
	}
	for _, want := range []string{filepath.Join(a, "fever.md"), filepath.Join(b, "fever.md"), filepath.Join(c, "notes.md")} {
		if got[want] != 1 {
			t.Errorf("%s listed %d times: %v", want, got[want], got)
		}
	}
}

func TestThousandsOfIdenticalNotesAreOnePassageWithItsCopiesCapped(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	files := map[string]string{}
	for i := range maxTwins + 50 {
		files[filepath.Join("gen", strconv.Itoa(i)+".md")] = "# TODO\n\nqzfillme later\n"
	}
	testutil.WriteFiles(t, dir, files)
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := ftsRows(t, ix); n != 1 {
		t.Errorf("%d rows for one passage in %d files", n, len(files))
	}
	r := search(t, ix, "qzfillme")
	if len(r.Hits) != 1 {
		t.Fatalf("%d hits, want the passage once", len(r.Hits))
	}
	if n := len(r.Hits[0].AlsoIn); n != maxTwins {
		t.Errorf("%d copies listed, want the first %d", n, maxTwins)
	}
}

func TestCopiesInALibraryWrittenBeforeShareTheirRowsOnceOpened(t *testing.T) {
	path := filepath.Join(t.TempDir(), "library.db")
	ix, err := Open(path)
	must(t, err)
	copiedFolders(t, ix)
	ctx := context.Background()
	shared := ftsRows(t, ix)
	// As schema 4's migration leaves a library written before: every
	// chunk the owner of a row of its own, none keyed.
	rows, err := ix.db.Query(`SELECT c.id, c.path, c.text, d.title FROM chunks c JOIN documents d ON d.id = c.doc_id WHERE c.canon != c.id`)
	must(t, err)
	var twins [][4]any
	for rows.Next() {
		var id int64
		var p, text, title string
		must(t, rows.Scan(&id, &p, &text, &title))
		cols := fts.Columns(schema.SplitPath(p), title, text)
		twins = append(twins, [4]any{id, cols[0], cols[1], cols[2]})
	}
	rows.Close()
	if len(twins) == 0 {
		t.Fatal("no copies to undo")
	}
	for _, r := range twins {
		_, err := ix.db.Exec(fts.InsertSQL, r[:]...)
		must(t, err)
	}
	_, err = ix.db.Exec(`UPDATE chunks SET canon = id, twin_key = 0;
		INSERT INTO settings(key, value) VALUES('fts.place_from', '0')`)
	must(t, err)
	if n := ftsRows(t, ix); n != shared+len(twins) {
		t.Fatalf("the old library has %d rows, want %d", n, shared+len(twins))
	}
	must(t, ix.Close())

	// Opened to read, as `folio search` does: it is brought up to date once.
	ix, err = OpenMode(path, ReadOnly)
	must(t, err)
	defer ix.Close()
	must(t, ix.IntegrityCheck(ctx))
	if n := ftsRows(t, ix); n != shared {
		t.Errorf("%d rows after opening, want %d", n, shared)
	}
	r := search(t, ix, "qzparacetamol")
	if len(r.Hits) != 1 || len(locations(r.Hits[0])) != 2 {
		t.Fatalf("after opening: %d hits %+v", len(r.Hits), r.Hits)
	}
	for _, key := range []string{"fts.place_from", "fts.purge_pending"} {
		if v, ok, _ := ix.Setting(ctx, key); ok {
			t.Errorf("%s still set: %q", key, v)
		}
	}
}

func TestLibraryV3CopiesShareRowsAfterTheUpgrade(t *testing.T) {
	ix := openCommitted(t, "library-v3.db")
	must(t, ix.IntegrityCheck(context.Background()))
	// Five passages, the copy's two sharing the first folder's rows.
	if n := ftsRows(t, ix); n != 3 {
		t.Errorf("%d rows after the upgrade, want 3", n)
	}
	r := search(t, ix, "qzparacetamol")
	if len(r.Hits) != 1 || len(r.Hits[0].AlsoIn) != 1 || r.Hits[0].Folder != "/tmp/v3lib/a" || r.Hits[0].AlsoIn[0].Folder != "/tmp/v3lib/b" {
		t.Fatalf("after the upgrade: %+v", r.Hits)
	}
}
