package index

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"folio/index/fts"
	"folio/internal/testutil"
)

// A backup of a folder in which every note gained a line ("Backed up on
// …") holds passages that are not copies word for word: each keeps a row
// of its own and is found by its new line. But it must not change what
// the folder's words weigh: counted in every near-copy, the words of the
// notes that happen to have a backup looked common beside the rest, and
// the million-passage library (twelve copies of the corpus, a line added
// to each file) answered fewer questions than one copy. Removing the
// originals leaves the backup's passages counted in their place.
func TestABackupWithALineAddedLeavesEveryWordItsWeight(t *testing.T) {
	notes, backup, other := map[string]string{}, map[string]string{}, map[string]string{}
	for i := range 60 {
		body := fmt.Sprintf("# Item %d\n\nThe blorp policy for item %d says what to do when it comes up at work.\n", i, i)
		if i%3 == 0 {
			body += fmt.Sprintf("\nThe zorble form of item %d is filed with the office before the end of the month.\n", i)
		}
		notes[fmt.Sprintf("n%02d.md", i)] = body
		backup[fmt.Sprintf("n%02d.md", i)] = body + fmt.Sprintf("\nBacked up on %d December.\n", 1+i%28)
	}
	for i := range 200 {
		other[fmt.Sprintf("o%03d.md", i)] = fmt.Sprintf("# Other %d\n\nSomething else entirely, number %d, about the weather.\n", i, i)
	}
	dirs := map[string]string{}
	for name, files := range map[string]map[string]string{"notes": notes, "backup": backup, "other": other} {
		dirs[name] = t.TempDir()
		testutil.WriteFiles(t, dirs[name], files)
	}
	plain, backedUp := openTemp(t), openTemp(t)
	addFolders(t, plain, dirs["other"], dirs["notes"])
	addFolders(t, backedUp, dirs["other"], dirs["notes"], dirs["backup"])
	const words = "blorp zorble policy office"
	want := wordWeights(t, plain, words)
	same := func(when string) {
		t.Helper()
		sameWeights(t, wordWeights(t, backedUp, words), want, 4, when, "without the backup")
	}
	same("with the backup")
	// The backup's passages are still found by what they alone say.
	res, err := backedUp.Search(context.Background(), "backed up december", SearchOptions{Limit: 100, PerFile: -1})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, h := range res.Hits {
		for _, p := range append([]Hit{h}, h.AlsoIn...) {
			if strings.Contains(p.Text, "Backed up") {
				found++
			}
		}
	}
	if found != 60 {
		t.Errorf("the backup's new line found in %d passages, want its 60", found)
	}
	if err := backedUp.RemoveFolder(context.Background(), dirs["notes"]); err != nil {
		t.Fatal(err)
	}
	same("with the originals removed")
	// Back again, the originals are the near-copies now: the words weigh
	// as before still.
	addFolders(t, backedUp, dirs["notes"])
	same("with the originals added again")
}

// A near-copy shares its first copy's row (index/fts, nearrows.go): a
// library holding its notes and a backup of them in which each note
// gained a line searches the rows of one copy, and no passage of the
// backup is lost: the words it shares find it under the original (or on
// its own, searched within the backup), its own line finds it, and
// removing the originals gives it its row back.
func TestANearCopySharesItsFirstCopysRowAndIsStillFound(t *testing.T) {
	notes, backup := map[string]string{}, map[string]string{}
	words := strings.Fields("apple birch cedar dune ember fjord grove heron iris juniper kelp lichen maple nettle oak pine quartz reed sage thistle")
	for i := range 20 {
		a, b, c := words[i], words[(i+7)%20], words[(i+13)%20]
		body := fmt.Sprintf("# %s\n\nThe %s policy names %s and %s, what to do when they come up at work.\nThe zorble form %d of %s is filed with the office by %s.\n", a, a, b, c, i, b, c)
		notes[fmt.Sprintf("n%02d.md", i)] = body
		backup[fmt.Sprintf("n%02d.md", i)] = body + fmt.Sprintf("\nBacked up on %d December.\n", 1+i)
	}
	dirs := map[string]string{}
	for name, files := range map[string]map[string]string{"notes": notes, "backup": backup} {
		dirs[name] = filepath.Join(t.TempDir(), name)
		testutil.WriteFiles(t, dirs[name], files)
	}
	plain, backedUp := openTemp(t), openTemp(t)
	addFolders(t, plain, dirs["notes"])
	addFolders(t, backedUp, dirs["notes"], dirs["backup"])
	nearRows := func() int {
		var n int
		must(t, backedUp.db.QueryRow(`SELECT count(*) FROM near_fts`).Scan(&n))
		return n
	}
	if got, want := ftsRows(t, backedUp), ftsRows(t, plain); got != want {
		t.Errorf("%d search rows with the backup, want the %d of the notes alone", got, want)
	}
	if n := nearRows(); n != 20 {
		t.Errorf("%d rows of near-copies' own lines, want the backup's 20", n)
	}
	top := func(q string, opt SearchOptions) Hit {
		t.Helper()
		opt.Limit = 5
		res, err := backedUp.Search(context.Background(), q, opt)
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("%q: %v, %d hits", q, err, len(res.Hits))
		}
		return res.Hits[0]
	}
	h := top("zorble form 7 filed", SearchOptions{})
	if got := locations(h); len(got) != 2 || !strings.HasSuffix(got[0], "notes/n07.md") || !strings.HasSuffix(got[1], "backup/n07.md") {
		t.Errorf("the shared words find %v, want notes/n07.md with its backup listed", got)
	}
	if h := top("backed up on 8 december", SearchOptions{}); !strings.HasSuffix(h.Path, "n07.md") || !strings.Contains(h.Text, "Backed up on 8 December") {
		t.Errorf("the backup's own line finds %s %q", h.Path, h.Text)
	}
	if res, err := backedUp.Search(context.Background(), "december", SearchOptions{Limit: 5}); err != nil || res.Total == 0 || len(res.Hits) == 0 {
		t.Errorf("a word only the backup's lines hold: %v, %d found, %d shown", err, res.Total, len(res.Hits))
	}
	if h := top("zorble form 7 filed", SearchOptions{Folder: dirs["backup"]}); !strings.HasSuffix(h.Path, "n07.md") || h.Folder != dirs["backup"] {
		t.Errorf("within the backup, the shared words find %s in %s", h.Path, h.Folder)
	}
	if err := backedUp.RemoveFolder(context.Background(), dirs["notes"]); err != nil {
		t.Fatal(err)
	}
	if got, want := ftsRows(t, backedUp), ftsRows(t, plain); got != want || nearRows() != 0 {
		t.Errorf("originals removed: %d search rows (want %d) and %d near rows (want 0)", got, want, nearRows())
	}
	if h := top("zorble form 7 filed", SearchOptions{}); h.Folder != dirs["backup"] || !strings.Contains(h.Text, "Backed up") {
		t.Errorf("originals removed, the shared words find %s in %s", h.Path, h.Folder)
	}
	// Added again, the originals are the near-copies.
	addFolders(t, backedUp, dirs["notes"])
	if got, want := ftsRows(t, backedUp), ftsRows(t, plain); got != want || nearRows() != 20 {
		t.Errorf("originals added again: %d search rows (want %d) and %d near rows (want 20)", got, want, nearRows())
	}
	// Rebuilt for another analyser, the near-twins' rows are written again.
	must(t, execSQL(backedUp, `UPDATE settings SET value = 'older' WHERE key = 'fts.analyzer'`))
	must(t, fts.Rebuild(context.Background(), backedUp.db, nil))
	must(t, backedUp.IntegrityCheck(context.Background()))
	if n := nearRows(); n != 20 {
		t.Errorf("rebuilt: %d near rows, want 20", n)
	}
	if h := top("backed up on 8 december", SearchOptions{}); h.Folder != dirs["backup"] || !strings.Contains(h.Text, "Backed up on 8 December") {
		t.Errorf("rebuilt, the backup's own line finds %s in %s", h.Path, h.Folder)
	}
}

func execSQL(ix *Index, q string) error {
	_, err := ix.db.Exec(q)
	return err
}

// A search narrowed to a rare tag looks up the few passages it selects;
// a tagged backup's own line (its near_fts row, under its own id) is one
// of them, so a word only that line holds still finds it.
func TestATaggedBackupIsFoundByItsOwnLineUnderItsTag(t *testing.T) {
	notes, backup := map[string]string{}, map[string]string{}
	for i := range 6 {
		body := fmt.Sprintf("# Item %d\n\nThe blorp policy for item %d says what to do when it comes up at work.\n", i, i)
		notes[fmt.Sprintf("n%02d.md", i)] = body
		front := ""
		if i == 4 {
			front = "---\ntags: [archive]\n---\n"
		}
		backup[fmt.Sprintf("n%02d.md", i)] = front + body + fmt.Sprintf("\nBacked up on %d December.\n", 1+i)
	}
	dirs := []string{filepath.Join(t.TempDir(), "notes"), filepath.Join(t.TempDir(), "backup")}
	testutil.WriteFiles(t, dirs[0], notes)
	testutil.WriteFiles(t, dirs[1], backup)
	ix := openTemp(t)
	addFolders(t, ix, dirs...)
	for _, q := range []string{"tag:archive december", "tag:archive blorp policy"} {
		res, err := ix.Search(context.Background(), q, SearchOptions{Limit: 5})
		if err != nil || len(res.Hits) != 1 || res.Total != 1 {
			t.Fatalf("%q: %v, %d hits of %d", q, err, len(res.Hits), res.Total)
		}
		if h := res.Hits[0]; h.Folder != dirs[1] || h.Path != "n04.md" || !strings.Contains(h.Text, "Backed up on 5 December") {
			t.Errorf("%q finds %s in %s: %q", q, h.Path, h.Folder, h.Text)
		}
	}
}

// Editing either side of a note and its backup keeps the near-copies'
// rows in step: the original edited (its passage replaced, so the backup
// takes the row over and the new text becomes a near-copy or an owner of
// its own), then the backup's date line changed; after each rescan the
// check passes, the new words find their file and the old line is gone.
func TestEditingANoteOrItsBackupKeepsTheirRowsInStep(t *testing.T) {
	notes, backup := map[string]string{}, map[string]string{}
	for i := range 4 {
		body := fmt.Sprintf("# Item %d\n\nThe blorp policy for item %d says what to do when it comes up at work.\nThe zorble form %d is filed with the office.\n", i, i, i)
		notes[fmt.Sprintf("n%02d.md", i)] = body
		backup[fmt.Sprintf("n%02d.md", i)] = body + fmt.Sprintf("\nBacked up on %d December.\n", 11+i)
	}
	dirs := []string{filepath.Join(t.TempDir(), "notes"), filepath.Join(t.TempDir(), "backup")}
	testutil.WriteFiles(t, dirs[0], notes)
	testutil.WriteFiles(t, dirs[1], backup)
	ix := openTemp(t)
	addFolders(t, ix, dirs...)
	ctx := context.Background()
	found := func(q string) []string {
		t.Helper()
		res, err := ix.Search(ctx, q, SearchOptions{Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, locations(h)...)
		}
		return out
	}
	has := func(locs []string, suffix string) bool {
		return slices.ContainsFunc(locs, func(l string) bool { return strings.HasSuffix(l, suffix) })
	}
	rescan := func(what string) {
		t.Helper()
		for _, d := range dirs {
			if _, err := ix.ScanFolder(ctx, d, ImportOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		if err := ix.IntegrityCheck(ctx); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// The original of n02 gains a line at its end: a near-copy of its
	// backup's text still, or a passage of its own; either way both found.
	testutil.WriteFile(t, filepath.Join(dirs[0], "n02.md"), notes["n02.md"]+"Reviewed in quarzite season.\n")
	rescan("the original edited")
	if got := found("quarzite season"); len(got) == 0 || !strings.HasSuffix(got[0], "notes/n02.md") {
		t.Errorf("the original's new line finds %v", got)
	}
	if got := found("zorble form 2 filed"); !has(got, "notes/n02.md") || !has(got, "backup/n02.md") {
		t.Errorf("the shared words find %v, want both n02.md", got)
	}
	// The backup of n01 is made again on another day.
	testutil.WriteFile(t, filepath.Join(dirs[1], "n01.md"), notes["n01.md"]+"\nBacked up on 30 December.\n")
	rescan("the backup edited")
	if got := found("backed up 30 december"); len(got) == 0 || !strings.HasSuffix(got[0], "backup/n01.md") {
		t.Errorf("the backup's new line finds %v", got)
	}
	if got := found("12"); len(got) > 0 {
		t.Errorf("the backup's old line (the 12th) still finds %v", got)
	}
}
