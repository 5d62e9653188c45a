package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"folio/index/fts"
	"folio/index/schema"
	"folio/index/upgrade"
	"folio/internal/testutil"
)

// copyCommitted is the path of a copy of a library committed under
// testdata, for a test to open and change.
func copyCommitted(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	must(t, err)
	path := filepath.Join(t.TempDir(), "old.db")
	must(t, os.WriteFile(path, data, 0o600))
	return path
}

// openAfterStopping opens the library at path once, stopping its upgrade
// when it reaches step, checks that the upgrade is still owed, then opens
// it to the end and returns it with the steps it said, each once.
func openAfterStopping(t *testing.T, path string, step upgrade.Step) (*Index, []upgrade.Step) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := OpenContext(ctx, path, ReadWrite, func(s upgrade.Step, done, total int64) {
		if s == step {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled upgrade: err %v, want context.Canceled", err)
	}
	if WorkAtOpen(path, ReadWrite) != Upgrade {
		t.Error("after a cancelled upgrade the library no longer needs one")
	}
	var steps []upgrade.Step
	ix, err := OpenContext(context.Background(), path, ReadWrite, func(s upgrade.Step, done, total int64) {
		if len(steps) == 0 || steps[len(steps)-1] != s {
			steps = append(steps, s)
		}
	})
	must(t, err)
	t.Cleanup(func() { ix.Close() })
	return ix, steps
}

// A library written before front matter was read (schema 2, committed in
// testdata) upgrades in place: the next scan reads every note's tags,
// date and aliases without re-chunking one of them.
// openCommitted opens a copy of a library committed under testdata.
func openCommitted(t *testing.T, name string) *Index {
	t.Helper()
	ix, err := Open(copyCommitted(t, name))
	must(t, err)
	t.Cleanup(func() { ix.Close() })
	return ix
}

func TestLibraryV2UpgradesInPlace(t *testing.T) {
	ix := openV2WithItsNotes(t)
	ctx := context.Background()
	// The chunking rules changed since (front matter's prose is text,
	// chunker.Version folio-structural-3), which re-chunks every note
	// (TestNotesOfOlderChunkingRulesAreChunkedAgain); marked as chunked by
	// today's rules, the notes show the metadata path alone.
	opts, err := ix.ChunkOptions(ctx)
	must(t, err)
	_, err = ix.db.Exec(`UPDATE documents SET chunker = ?`, schema.ChunkerTag(opts))
	must(t, err)
	chunksBefore := chunkRows(t, ix)
	if r := search(t, ix, "leave tag:policy"); len(r.Hits) != 0 {
		t.Errorf("tags known before the scan read them: %+v", r.Hits)
	}

	sum, err := ix.Scan(ctx, ImportOptions{})
	must(t, err)
	if sum.Added != 0 || sum.Updated != 0 || sum.Chunks != 0 {
		t.Errorf("the upgrade re-chunked notes: %+v", sum)
	}
	if after := chunkRows(t, ix); !reflect.DeepEqual(after, chunksBefore) {
		t.Errorf("chunks changed:\n%q\n%q", chunksBefore, after)
	}
	if got := paths(search(t, ix, "sick leave tag:policy")); len(got) != 2 || got[0] != "notes/leave.md" || got[1] != "notes/leave.md" {
		t.Errorf("tag:policy after the upgrade: %q", got)
	}
	if got := paths(search(t, ix, "dose tag:paediatrics")); !reflect.DeepEqual(got, []string{"notes/sub/fever.md"}) {
		t.Errorf("an inline #tag after the upgrade: %q", got)
	}
	if got := paths(search(t, ix, "visas after:2025-01")); !reflect.DeepEqual(got, []string{"notes/draft.md"}) {
		t.Errorf("a front-matter date after the upgrade: %q", got)
	}
	if got := paths(search(t, ix, "time off")); len(got) == 0 || got[0] != "notes/leave.md" {
		t.Errorf("an alias after the upgrade: %q", got)
	}
	var warnings string
	must(t, ix.db.QueryRow(`SELECT warnings FROM documents WHERE rel_path = 'broken.md'`).Scan(&warnings))
	if !strings.Contains(warnings, "front matter") {
		t.Errorf("broken front matter: warnings %q", warnings)
	}
	if r := search(t, ix, "budget"); len(r.Hits) != 1 {
		t.Errorf("the note with broken front matter is still found: %d hits", len(r.Hits))
	}
	// The next scan has nothing to do.
	sum, err = ix.Scan(ctx, ImportOptions{})
	must(t, err)
	if sum.Unchanged != 4 || sum.Added+sum.Updated != 0 {
		t.Errorf("second scan: %+v", sum)
	}
	must(t, ix.IntegrityCheck(ctx))
}

// openV2WithItsNotes opens a copy of the committed schema-2 library with
// its notes as they were when it was written: the same bytes and times, in
// a folder of the test's own.
func openV2WithItsNotes(t *testing.T) *Index {
	t.Helper()
	ix := openCommitted(t, "library-v2.db")
	var version int
	must(t, ix.db.QueryRow(`PRAGMA user_version`).Scan(&version))
	if version != SchemaVersion {
		t.Fatalf("schema %d after open, want %d", version, SchemaVersion)
	}
	notes := filepath.Join(t.TempDir(), "notes")
	for _, rel := range []string{"leave.md", "draft.md", "broken.md", "sub/fever.md"} {
		b, err := os.ReadFile(filepath.Join("testdata", "v2notes", rel))
		must(t, err)
		testutil.WriteFile(t, filepath.Join(notes, rel), string(b))
		var mtime int64
		must(t, ix.db.QueryRow(`SELECT mtime FROM documents WHERE rel_path = ?`, rel).Scan(&mtime))
		must(t, os.Chtimes(filepath.Join(notes, rel), time.Unix(0, mtime), time.Unix(0, mtime)))
	}
	_, err := ix.db.Exec(`UPDATE folders SET path = ?`, notes)
	must(t, err)
	return ix
}

// A library's notes chunked by older rules are chunked again by the next
// scan, once: an upgraded Folio's libraries gain what its chunker now
// finds (front matter's prose) without the user doing anything.
func TestNotesOfOlderChunkingRulesAreChunkedAgain(t *testing.T) {
	ix := openV2WithItsNotes(t)
	ctx := context.Background()
	before := chunkRows(t, ix)
	sum, err := ix.Scan(ctx, ImportOptions{})
	must(t, err)
	after := chunkRows(t, ix)
	if sum.Updated != 4 || len(after) != len(before) || slices.Equal(after, before) {
		t.Errorf("first scan %+v; chunks %q then %q: want the four notes chunked again, their ids new", sum, before, after)
	}
	if sum, err = ix.Scan(ctx, ImportOptions{}); err != nil || sum.Unchanged != 4 || sum.Updated != 0 {
		t.Errorf("second scan %+v (%v): want the four notes unchanged", sum, err)
	}
}

// chunkRows is every chunk's row id, id and text: what a re-chunk changes.
func chunkRows(t *testing.T, ix *Index) []string {
	t.Helper()
	rows, err := ix.db.Query(`SELECT id, chunk_id, text FROM chunks ORDER BY id`)
	must(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id int64
		var cid, text string
		must(t, rows.Scan(&id, &cid, &text))
		out = append(out, cid+"|"+text)
	}
	return out
}

// An upgrade that takes minutes at a million passages says how far it has
// come, and one stopped halfway loses nothing: the library opens as it was
// and the next open finishes the job.
func TestUpgradeShowsProgressAndCanBeStopped(t *testing.T) {
	path := copyCommitted(t, "library-v3.db")
	if WorkAtOpen(path, ReadWrite) != Upgrade {
		t.Fatal("a schema-3 library is not reported as needing an upgrade")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stopped []upgrade.Step
	_, err := OpenContext(ctx, path, ReadWrite, func(s upgrade.Step, done, total int64) {
		if len(stopped) == 0 || stopped[len(stopped)-1] != s {
			stopped = append(stopped, s)
		}
		if s == upgrade.Copies {
			cancel() // the person waiting presses Cancel
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled upgrade: err %v, want context.Canceled", err)
	}
	// The fixture's passages were indexed by an older analysis than
	// analyze.Version: they are indexed again before the copies are found.
	if want := []upgrade.Step{upgrade.Schema, upgrade.Reindex, upgrade.Copies}; !slices.Equal(stopped, want) {
		t.Errorf("steps before the cancel: %q, want %q", stopped, want)
	}
	if WorkAtOpen(path, ReadWrite) != Upgrade {
		t.Error("after a cancelled upgrade the library no longer needs one: the rest was skipped")
	}

	type report struct {
		step        upgrade.Step
		done, total int64
	}
	var seen []report
	ix, err := OpenContext(context.Background(), path, ReadWrite, func(s upgrade.Step, done, total int64) {
		seen = append(seen, report{s, done, total})
	})
	must(t, err)
	defer ix.Close()
	var steps []upgrade.Step
	for _, r := range seen {
		if len(steps) == 0 || steps[len(steps)-1] != r.step {
			steps = append(steps, r.step)
		}
		if r.done > r.total && r.total > 0 {
			t.Errorf("%s: %d of %d", r.step, r.done, r.total)
		}
	}
	// The format was brought forward before the cancel: what is left.
	if want := []upgrade.Step{upgrade.Copies, upgrade.Near, upgrade.NearRows, upgrade.Compact}; !slices.Equal(steps, want) {
		t.Errorf("steps %q, want %q", steps, want)
	}
	var last report
	for _, r := range seen {
		if r.step == upgrade.Copies {
			last = r
		}
	}
	if last.total != 5 || last.done != 5 {
		t.Errorf("copies step ended at %d of %d passages, want 5 of 5", last.done, last.total)
	}
	if WorkAtOpen(path, ReadWrite) != NoWork {
		t.Error("still needs an upgrade after one that finished")
	}
	must(t, ix.IntegrityCheck(context.Background()))
	if n := ftsRows(t, ix); n != 3 {
		t.Errorf("%d rows after the upgrade, want 3", n)
	}
	if r := search(t, ix, "qzparacetamol"); len(r.Hits) != 1 || len(r.Hits[0].AlsoIn) != 1 {
		t.Errorf("after the resumed upgrade: %+v", r.Hits)
	}
}

// A merge an interrupted removal owed is made when the library is next
// opened to write, which takes a while at a million passages: it is
// announced, and reported as the compacting step. Opened to read, the
// library is left as it is.
func TestAnOwedMergeIsAnnouncedAtOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lib.db")
	ix, err := Open(path)
	must(t, err)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"a.md": "# A\n\nSome text.\n"})
	_, err = ix.db.Exec(`INSERT OR REPLACE INTO settings(key, value) VALUES('fts.purge_pending', '1')`)
	must(t, err)
	ix.Close()
	if w := WorkAtOpen(path, ReadOnly); w != NoWork {
		t.Errorf("opened to read: work %d, want none (a read changes nothing)", w)
	}
	if w := WorkAtOpen(path, ReadWrite); w != Merge {
		t.Fatalf("opened to write: work %d, want the merge", w)
	}
	var steps []upgrade.Step
	ix, err = OpenContext(context.Background(), path, ReadWrite, func(s upgrade.Step, _, _ int64) { steps = append(steps, s) })
	must(t, err)
	defer ix.Close()
	if !slices.Equal(steps, []upgrade.Step{upgrade.Compact}) {
		t.Errorf("steps %q, want the compacting one", steps)
	}
	if w := WorkAtOpen(path, ReadWrite); w != NoWork {
		t.Errorf("after the merge: work %d, want none", w)
	}
}

// A library whose search index an older analyser wrote is indexed again
// at open, and then compacted: the rebuilt index in one segment, as a
// fresh import leaves it. Left in the many segments its batches wrote,
// questions were a third slower.
func TestAReindexedLibraryIsCompacted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lib.db")
	ix, err := Open(path)
	must(t, err)
	// More passages than the rebuild writes in one batch (5,000), so that
	// it leaves several segments.
	files := map[string]string{}
	for i := range 60 {
		var b strings.Builder
		fmt.Fprintf(&b, "# Note %d\n\nParacetamol dose for a child with fever, note %d.\n", i, i)
		for j := range 90 {
			fmt.Fprintf(&b, "\n## Section %d\n\n%s\n", j, strings.Repeat(fmt.Sprintf("Word%d%d of a section long enough to be a passage of its own. ", i, j), 4))
		}
		files[fmt.Sprintf("n%02d.md", i)] = b.String()
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, files)
	_, err = ix.db.Exec(`UPDATE settings SET value = 'older' WHERE key = 'fts.analyzer'`)
	must(t, err)
	ix.Close()
	if w := WorkAtOpen(path, ReadWrite); w != Upgrade {
		t.Fatalf("an older analyser's index: work %d, want the upgrade", w)
	}
	var steps []upgrade.Step
	ix, err = OpenContext(context.Background(), path, ReadWrite, func(s upgrade.Step, _, _ int64) {
		if len(steps) == 0 || steps[len(steps)-1] != s {
			steps = append(steps, s)
		}
	})
	must(t, err)
	defer ix.Close()
	if want := []upgrade.Step{upgrade.Reindex, upgrade.Compact}; !slices.Equal(steps, want) {
		t.Errorf("steps %q, want %q", steps, want)
	}
	if n := ftsSegments(t, ix); n != 1 {
		t.Errorf("%d segments after the upgrade, want 1", n)
	}
	if w := WorkAtOpen(path, ReadWrite); w != NoWork {
		t.Errorf("after the upgrade: work %d, want none", w)
	}
	if r := search(t, ix, "paracetamol child"); r.Total != 60 {
		t.Errorf("after the upgrade: %d results, want 60", r.Total)
	}
	if n := ftsRows(t, ix); n < 5000 {
		t.Errorf("%d rows: fewer than a batch, the test proves nothing", n)
	}
}

// ftsSegments is how many segments the library's search index is in.
func ftsSegments(t *testing.T, ix *Index) int {
	t.Helper()
	n, err := fts.Segments(context.Background(), ix.db)
	must(t, err)
	return n
}

// A library written before near-copies were keyed (schema 4) gains the
// tables at open; a backup of one of its notes with a line added, written
// after, is known for a near-copy of the old row (by the old row's twin
// key) and leaves the words' weights as they were.
func TestLibraryV4KnowsABackupAddedAfterTheUpgrade(t *testing.T) {
	ix := openCommitted(t, "library-v4.db")
	var version int
	must(t, ix.db.QueryRow(`PRAGMA user_version`).Scan(&version))
	if version != SchemaVersion {
		t.Fatalf("schema %d after open, want %d", version, SchemaVersion)
	}
	const words = "blorp manager fever"
	before := wordWeights(t, ix, words)
	backup := t.TempDir()
	testutil.WriteFile(t, filepath.Join(backup, "leave.md"), "# Leave\n\nAnnual leave is booked in the blorp system at least two weeks ahead.\n"+
		"A manager approves it within three working days.\n\nBacked up on 1 December.\n")
	addFolders(t, ix, backup)
	after := wordWeights(t, ix, words)
	sameWeights(t, after, before, 3, "with the backup", "before")
	must(t, ix.IntegrityCheck(context.Background()))
}

// A library written before near-copies were keyed (schema 4) that holds a
// folder and its backup, each note with a line added, weighed the
// folder's words twice. Opening it keys the older rows as an import does
// now (saying so while it works), so every word weighs what it does in a
// library of the folder alone; cancelled, it resumes at the next open.
func TestLibraryV4BackupCountsOnceAfterTheUpgrade(t *testing.T) {
	// Cancelled while it looks for near-copies, the upgrade goes on at the
	// next open.
	ix, steps := openAfterStopping(t, copyCommitted(t, "library-v4-near.db"), upgrade.Near)
	if !slices.Contains(steps, upgrade.Near) {
		t.Errorf("the upgrade said %q, not that it looked for near-copies", steps)
	}
	alone := libraryOfTheNotesAlone(t)
	const words = "blorp zorble policy office"
	sameWeights(t, wordWeights(t, ix, words), wordWeights(t, alone, words), 4, "in the upgraded library", "without the backup")
	// Then the near-copies give up their rows: the search index holds one
	// copy's, and the backup's own lines.
	if !slices.Contains(steps, upgrade.NearRows) {
		t.Errorf("the upgrade said %q, not that near-copies share rows", steps)
	}
	var near int
	must(t, ix.db.QueryRow(`SELECT count(*) FROM near_fts`).Scan(&near))
	if got, want := ftsRows(t, ix), ftsRows(t, alone); got != want || near != 12 {
		t.Errorf("upgraded: %d search rows (want %d) and %d rows of near-copies' lines (want the backup's 12)", got, want, near)
	}
	// Nothing is left to do at the next open.
	if needed, err := upgrade.Needed(context.Background(), ix.db); err != nil || needed {
		t.Errorf("upgrade needed again: %v, %v", needed, err)
	}
	must(t, ix.IntegrityCheck(context.Background()))
}

// libraryOfTheNotesAlone is a new library of the folders library-v4-near
// and library-v6-near were written from (testdata/README.md), without
// the backup.
func libraryOfTheNotesAlone(t *testing.T) *Index {
	notes, other := map[string]string{}, map[string]string{}
	for i := range 12 {
		body := fmt.Sprintf("# Item %d\n\nThe blorp policy for item %d says what to do when it comes up at work.\n", i, i)
		if i%3 == 0 {
			body += fmt.Sprintf("\nThe zorble form of item %d is filed with the office before the end of the month.\n", i)
		}
		notes[fmt.Sprintf("n%02d.md", i)] = body
	}
	for i := range 40 {
		other[fmt.Sprintf("o%03d.md", i)] = fmt.Sprintf("# Other %d\n\nSomething else entirely, number %d, about the weather.\n", i, i)
	}
	dirs := []string{t.TempDir(), t.TempDir()}
	testutil.WriteFiles(t, dirs[0], other)
	testutil.WriteFiles(t, dirs[1], notes)
	alone := openTemp(t)
	addFolders(t, alone, dirs...)
	return alone
}

// A library written while near-copies kept rows of their own (schema 6,
// the last before they shared them) that holds a folder and its backup,
// each note with a line added, scored every backup passage beside its
// note. Opening it gives the backup's rows up (saying so; stopped, it goes
// on at the next open): the search index then holds what a library of
// the folder alone does, the notes' words find each note with its backup
// listed, and a backup's own line still finds it.
func TestLibraryV6BackupSharesRowsAfterTheUpgrade(t *testing.T) {
	ix, steps := openAfterStopping(t, copyCommitted(t, "library-v6-near.db"), upgrade.NearRows)
	// The rows were keyed when written: only sharing them (and the merge
	// the rows given up owe) is left.
	if len(steps) == 0 || steps[0] != upgrade.NearRows || slices.Contains(steps, upgrade.Near) {
		t.Errorf("the upgrade said %q, want first that near-copies share rows", steps)
	}
	alone := libraryOfTheNotesAlone(t)
	var near int
	must(t, ix.db.QueryRow(`SELECT count(*) FROM near_fts`).Scan(&near))
	if got, want := ftsRows(t, ix), ftsRows(t, alone); got != want || near != 12 {
		t.Errorf("upgraded: %d search rows (want %d) and %d rows of near-copies' lines (want the backup's 12)", got, want, near)
	}
	search := func(q string) Hit {
		t.Helper()
		res, err := ix.Search(context.Background(), q, SearchOptions{Limit: 5})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("%q: %v, %d hits", q, err, len(res.Hits))
		}
		return res.Hits[0]
	}
	h := search("zorble form of item 6")
	if got := locations(h); !strings.HasSuffix(got[0], "notes/n06.md") || !slices.ContainsFunc(got, func(p string) bool { return strings.HasSuffix(p, "backup/n06.md") }) {
		t.Errorf("the note's words find %v, want notes/n06.md with its backup listed", got)
	}
	if h := search("backed up on 12 december"); !strings.HasSuffix(h.Path, "n11.md") || !strings.Contains(h.Text, "Backed up on 12 December") {
		t.Errorf("a backup's own line finds %s %q", h.Path, h.Text)
	}
	if needed, err := upgrade.Needed(context.Background(), ix.db); err != nil || needed {
		t.Errorf("upgrade needed again: %v, %v", needed, err)
	}
	must(t, ix.IntegrityCheck(context.Background()))
}

// A library Folio creates needs no update, then or when opened again: no
// step runs, and nobody is told it was written by an earlier version (a
// new library once ran the near-copies' step as it was created).
func TestANewLibraryIsNeverUpdated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	var steps []upgrade.Step
	progress := func(s upgrade.Step, done, total int64) { steps = append(steps, s) }
	ix, err := OpenContext(context.Background(), path, ReadWrite, progress)
	must(t, err)
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{"a.md": "# Leave\n\nAnnual leave is booked two weeks ahead.\n"})
	addFolders(t, ix, dir)
	must(t, ix.Close())
	if w := WorkAtOpen(path, ReadWrite); w != NoWork {
		t.Errorf("a new library has work at open: %v", w)
	}
	ix, err = OpenContext(context.Background(), path, ReadWrite, progress)
	must(t, err)
	defer ix.Close()
	if len(steps) > 0 {
		t.Errorf("a new library was updated: %q", steps)
	}
}
