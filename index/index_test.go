package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"folio/chunker"
	"folio/files"
	"folio/internal/testutil"
)

func openTemp(t testing.TB) *Index {
	t.Helper()
	ix, err := Open(filepath.Join(t.TempDir(), "library.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := ix.IntegrityCheck(context.Background()); err != nil {
			t.Errorf("after test: %v", err)
		}
		ix.Close()
	})
	return ix
}

// libraryOf is a new library of one folder holding files (path: text).
func libraryOf(t testing.TB, files map[string]string) *Index {
	t.Helper()
	ix, dir := openTemp(t), t.TempDir()
	testutil.WriteFiles(t, dir, files)
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	return ix
}

// must fails the test on an error of its setup.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func search(t testing.TB, ix *Index, q string) *Results {
	t.Helper()
	res, err := ix.Search(context.Background(), q, SearchOptions{})
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	return res
}

const leaveMD = `# Leave

Staff take leave through the portal.

## Sick leave

A doctor's note is needed after two days.
Managers approve sick leave.

## Annual leave

Twenty-one days a year. Requests go in two weeks ahead.
`

func TestImportSearchAndCite(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"handbook/leave.md":        leaveMD,
		"handbook/travel.markdown": "# Travel\n\nTickets are booked through the internal portal.\n",
		"notes/crème.mdx":          "# Recipes\n\nCrème brûlée needs cream.\n",
		".git/HEAD.md":             "# hidden\n\nsecret words\n",
		"node_modules/x/README.md": "# pkg\n\nsecret words\n",
		"image.png":                "not markdown",
	})
	sum, err := ix.AddFolder(context.Background(), dir, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 3 || sum.Files != 3 {
		t.Fatalf("summary %+v", sum)
	}
	res := search(t, ix, "sick leave")
	if res.Total == 0 {
		t.Fatal("no hits for sick leave")
	}
	h := res.Hits[0]
	if h.Path != "handbook/leave.md" || strings.Join(h.HeadingPath, " > ") != "Leave > Sick leave" || h.StartLine != 7 || h.EndLine != 8 {
		t.Fatalf("hit %+v", h)
	}
	want := filepath.Base(dir) + "/handbook/leave.md:7-8 · Leave > Sick leave"
	if h.Citation() != want {
		t.Errorf("citation %q, want %q", h.Citation(), want)
	}
	// The cited lines of the file hold the hit's text.
	data, _ := os.ReadFile(filepath.Join(dir, "handbook/leave.md"))
	lines := strings.Split(string(data), "\n")
	if got := strings.Join(lines[h.StartLine-1:h.EndLine], "\n"); got != h.Text {
		t.Errorf("cited lines %q != chunk text %q", got, h.Text)
	}
	// Highlights point at the original words.
	if len(h.Snippet.Highlights) == 0 {
		t.Fatalf("no highlights in %q", h.Snippet.Text)
	}
	for _, r := range h.Snippet.Highlights {
		w := strings.ToLower(h.Snippet.Text[r[0]:r[1]])
		if w != "sick" && w != "leave" {
			t.Errorf("highlight %q", w)
		}
	}
	if search(t, ix, "secret").Total != 0 {
		t.Error("hidden folders or node_modules were indexed")
	}
	if r := search(t, ix, "creme"); r.Total != 1 || r.Hits[0].Path != "notes/crème.mdx" {
		t.Errorf("creme: %+v", r)
	}
	if r := search(t, ix, "leaves"); r.Total == 0 {
		t.Error("stemming: leaves does not find leave")
	}
}

func TestQueryLanguage(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"leave.md": leaveMD, "travel.md": "# Travel\n\nBook tickets on the portal two weeks ahead.\n"})
	cases := []struct {
		q     string
		paths []string // heading paths of the hits, any order
	}{
		{`"two weeks ahead"`, []string{"Leave > Annual leave", "Travel"}},
		{`portal -tickets`, []string{"Leave"}},
		{`in:sick`, []string{"Leave > Sick leave"}},
		{`approv*`, []string{"Leave > Sick leave"}},
		{`managers zebra`, []string{"Leave > Sick leave"}}, // a word nowhere does not hide the others
	}
	for _, c := range cases {
		res := search(t, ix, c.q)
		var got []string
		for _, h := range res.Hits {
			got = append(got, strings.Join(h.HeadingPath, " > "))
		}
		if strings.Join(sorted(got), "|") != strings.Join(sorted(c.paths), "|") {
			t.Errorf("%s: got %q, want %q", c.q, got, c.paths)
		}
	}
	for _, hostile := range []string{`"unbalanced`, `AND OR NOT NEAR`, `a:b`, `***`, `-`, `"`, `(`, `NEAR(a b)`, "\x00\x01", strings.Repeat("x ", 5000), `heading:leave`, `-portal`, "{col}:x", "\xff\xfe"} {
		if _, err := ix.Search(context.Background(), hostile, SearchOptions{}); err != nil {
			t.Errorf("query %q: %v", hostile, err)
		}
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestIncrementalScan(t *testing.T) {
	ix := openTemp(t)
	dir := testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"a.md": "# A\n\nalpha words\n", "b.md": "# B\n\nbravo words\n", "c.md": "# C\n\ncharlie words\n"})
	ctx := context.Background()
	s, err := ix.Scan(ctx, ImportOptions{})
	if err != nil || s.Unchanged != 3 || s.Added+s.Updated+s.Removed != 0 {
		t.Fatalf("unchanged rescan: %+v %v", s, err)
	}
	// Edit, delete, rename, add.
	later := time.Now().Add(2 * time.Second)
	testutil.WriteFiles(t, dir, map[string]string{"a.md": "# A\n\nalpha edited delta\n", "d.md": "# D\n\necho words\n"})
	must(t, os.Chtimes(filepath.Join(dir, "a.md"), later, later))
	must(t, os.Remove(filepath.Join(dir, "b.md")))
	must(t, os.Rename(filepath.Join(dir, "c.md"), filepath.Join(dir, "renamed.md")))
	s, err = ix.Scan(ctx, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Added != 2 || s.Updated != 1 || s.Removed != 2 || s.Unchanged != 0 {
		t.Errorf("summary %+v", s)
	}
	if search(t, ix, "bravo").Total != 0 || search(t, ix, "delta").Total != 1 || search(t, ix, "echo").Total != 1 {
		t.Error("index does not reflect the edits")
	}
	if r := search(t, ix, "charlie"); r.Total != 1 || r.Hits[0].Path != "renamed.md" {
		t.Errorf("rename: %+v", r.Hits)
	}
	// Touching a file without changing it costs a hash, not a re-chunk.
	must(t, os.Chtimes(filepath.Join(dir, "d.md"), later.Add(time.Second), later.Add(time.Second)))
	if s, err = ix.Scan(ctx, ImportOptions{}); err != nil || s.Unchanged != 3 || s.Updated != 0 {
		t.Errorf("touch: %+v %v", s, err)
	}
	// New chunk settings re-chunk everything.
	if s, err = ix.Scan(ctx, ImportOptions{Chunking: chunker.Options{Max: 500, Min: 10}}); err != nil || s.Updated != 3 {
		t.Errorf("settings change: %+v %v", s, err)
	}
	st, err := ix.Stats(ctx)
	if err != nil || st.Documents != 3 || st.Folders != 1 {
		t.Errorf("stats %+v %v", st, err)
	}
	if err := ix.RemoveFolder(ctx, dir); err != nil {
		t.Fatal(err)
	}
	if st, err = ix.Stats(ctx); err != nil || st.Documents != 0 || st.Chunks != 0 {
		t.Errorf("after remove: %+v %v", st, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a.md")); err != nil {
		t.Error("remove touched the user's files")
	}
}

func TestBadFilesAreSkippedWithReasons(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{"good.md": "# Good\n\nfine text\n", "binary.md": "abc\x00def", "bad-utf8.md": "# Bad\n\ncaf\xe9 au lait\n"})
	must(t, os.Symlink(dir, filepath.Join(dir, "loop")))
	// Unreadable files, whoever runs the test (root reads anything): one
	// refused at open, one gone between the listing and the reading.
	testutil.WriteFiles(t, dir, map[string]string{"locked.md": "# L\n", "vanishing.md": "# V\n"})
	files.OpenForRead = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		switch filepath.Base(name) {
		case "locked.md":
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		case "vanishing.md":
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return os.OpenFile(name, flag, perm)
	}
	defer func() { files.OpenForRead = os.OpenFile }()
	s, err := ix.AddFolder(context.Background(), dir, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]string{}
	for _, sk := range s.Skipped {
		reasons[sk.Path] = sk.Reason
	}
	if !strings.Contains(reasons["binary.md"], "binary") || !strings.Contains(reasons["loop"], "loop") {
		t.Errorf("skips %+v", s.Skipped)
	}
	if reasons["locked.md"] != "unreadable: permission denied" || reasons["vanishing.md"] != "unreadable: file does not exist" {
		t.Errorf("unreadable files not skipped with their reasons: %+v", s.Skipped)
	}
	if search(t, ix, "fine").Total != 1 || search(t, ix, "lait").Total != 1 {
		t.Error("good files not indexed")
	}
	if _, err := ix.AddFolder(context.Background(), filepath.Join(dir, "missing"), ImportOptions{}); err == nil {
		t.Error("missing folder accepted")
	}
}

func TestCancelledImportStaysConsistentAndRescanCompletes(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 400; i++ {
		// Each file its own text: copies would share one passage's row.
		files[filepath.Join("d", strings.Repeat("x", i%7+1)+string(rune('a'+i%26))+strings.Repeat("y", i/26)+".md")] = fmt.Sprintf("# Note\n\nshared word and unique%d", i) + strings.Repeat(" filler text", 50) + "\n"
	}
	testutil.WriteFiles(t, dir, files)
	ctx, cancel := context.WithCancel(context.Background())
	done := 0
	s, err := ix.AddFolder(ctx, dir, ImportOptions{Progress: func(p Progress) {
		done = p.FilesDone
		if p.FilesDone > 50 {
			cancel()
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Cancelled {
		t.Fatalf("not cancelled: %+v (done %d)", s, done)
	}
	if err := ix.IntegrityCheck(context.Background()); err != nil {
		t.Fatal(err)
	}
	// What the summary counts as finished is kept and searchable, and
	// nothing else: the cancel came after 50 files.
	partial := search(t, ix, "shared").Total
	if partial != s.Added || partial < 50 || partial >= len(files) {
		t.Errorf("after the cancel %d files searchable, the summary says %d added, of %d", partial, s.Added, len(files))
	}
	folders, err := ix.Folders(context.Background())
	if err != nil || len(folders) != 1 || folders[0].Documents != partial {
		t.Errorf("folder after the cancel: %+v %v, want %d documents", folders, err, partial)
	}
	// The next scan completes the rest, and only the rest.
	s, err = ix.Scan(context.Background(), ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := search(t, ix, "shared").Total; got != len(files) || s.Added != len(files)-partial || s.Unchanged != partial {
		t.Errorf("after rescan %d of %d files searchable (summary %+v, %d kept before)", got, len(files), s, partial)
	}
}

func TestSearchDuringImport(t *testing.T) {
	ix := openTemp(t)
	dir1, dir2 := t.TempDir(), t.TempDir()
	testutil.WriteFiles(t, dir1, map[string]string{"a.md": "# A\n\nfirst folder text\n"})
	files := map[string]string{}
	for i := 0; i < 300; i++ {
		files[string(rune('a'+i%26))+strings.Repeat("z", i/26)+".md"] = "# B\n\nsecond folder" + strings.Repeat(" more words here", 80) + "\n"
	}
	testutil.WriteFiles(t, dir2, files)
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir1, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	searched := 0
	_, err := ix.AddFolder(ctx, dir2, ImportOptions{Progress: func(p Progress) {
		if r, err := ix.Search(ctx, "first", SearchOptions{}); err != nil || r.Total != 1 {
			t.Errorf("search during import: %v %+v", err, r)
		}
		searched++
	}})
	if err != nil || searched == 0 {
		t.Fatal(err, searched)
	}
}

func TestSchemaVersionAndCorruption(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lib.db")
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	// A newer Folio's analyser too: still not one this Folio can update.
	if _, err := ix.db.Exec("UPDATE settings SET value = 'from-the-future' WHERE key = 'fts.analyzer'"); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	if WorkAtOpen(path, ReadWrite) != NoWork {
		t.Error("a library from a newer Folio is offered an upgrade (a progress window before the refusal)")
	}
	if _, err := Open(path); !errors.Is(err, ErrNewerSchema) {
		t.Errorf("newer schema: %v", err)
	}
}

func TestSynonymsFindTheOtherWord(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"us.md":    "# Pain relief\n\nAcetaminophen lowers fever. The maximum is 75 mg/kg per 24h.\n",
		"temp.md":  "# Readings\n\nAn axillary reading runs low.\n",
		"color.md": "# Paint\n\nThe colour of the centre.\n",
	})
	for q, want := range map[string]string{"paracetamol": "us.md", "most paracetamol in a day": "us.md", "armpit": "temp.md", "color center": "color.md"} {
		r := search(t, ix, q)
		if r.Total != 1 || r.Hits[0].Path != want {
			t.Errorf("%q: %+v", q, r)
			continue
		}
		if len(r.Hits[0].Snippet.Highlights) == 0 {
			t.Errorf("%q: synonym not highlighted in %q", q, r.Hits[0].Snippet.Text)
		}
	}
	// A phrase means exactly what was typed.
	if r := search(t, ix, `"paracetamol"`); r.Total != 0 {
		t.Errorf("quoted word expanded: %d hits", r.Total)
	}
}

func TestSearchFiltersAndPaging(t *testing.T) {
	ix := openTemp(t)
	a, b := t.TempDir(), t.TempDir()
	testutil.WriteFiles(t, a, map[string]string{"hr/leave.md": leaveMD, "it/laptops.md": "# Laptops\n\n## Leave policy\n\nLaptops stay in the office during leave.\n"})
	testutil.WriteFiles(t, b, map[string]string{"other.md": "# Other\n\nUnpaid leave is rare.\n"})
	ctx := context.Background()
	for _, d := range []string{a, b} {
		if _, err := ix.AddFolder(ctx, d, ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	count := func(opt SearchOptions) int {
		r, err := ix.Search(ctx, "leave", opt)
		if err != nil {
			t.Fatal(err)
		}
		return r.Total
	}
	all := count(SearchOptions{})
	if all < 5 {
		t.Fatalf("only %d hits for leave", all)
	}
	if n := count(SearchOptions{Folder: b}); n != 1 {
		t.Errorf("folder filter: %d", n)
	}
	if n := count(SearchOptions{PathPrefix: "it/"}); n != 1 {
		t.Errorf("path prefix: %d", n)
	}
	if n := count(SearchOptions{HeadingPrefix: []string{"Leave"}}); n != all-2 {
		t.Errorf("heading prefix Leave: %d of %d", n, all)
	}
	if n := count(SearchOptions{HeadingPrefix: []string{"Leave", "Sick leave"}}); n != 1 {
		t.Errorf("heading prefix Leave > Sick leave: %d", n)
	}
	// Pages do not overlap and together give every hit once, shown or
	// folded under another; with no limit per file, all are shown.
	for _, perFile := range []int{0, 1, -1} {
		seen := map[int64]bool{}
		for off := 0; off < all; off += 2 {
			r, err := ix.Search(ctx, "leave", SearchOptions{Limit: 2, Offset: off, PerFile: perFile})
			if err != nil {
				t.Fatal(err)
			}
			for i, h := range r.Hits {
				if seen[h.ChunkRowID] || h.Rank != off+i+1 {
					t.Errorf("per file %d, page at %d: hit %d repeated or misnumbered (rank %d)", perFile, off, h.ChunkRowID, h.Rank)
				}
				seen[h.ChunkRowID] = true
				for _, m := range append(h.More, h.AlsoIn...) {
					if seen[m.ChunkRowID] || perFile < 0 {
						t.Errorf("per file %d: folded hit %d repeated, or folded with no limit", perFile, m.ChunkRowID)
					}
					seen[m.ChunkRowID] = true
				}
			}
		}
		if len(seen) != all {
			t.Errorf("per file %d: paging gave %d of %d hits", perFile, len(seen), all)
		}
	}
}

func TestPassagesWithEveryWordRankFirstAndPagesDoNotRepeat(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 7; i++ {
		files[fmt.Sprintf("both%d.md", i)] = fmt.Sprintf("# Both\n\nsick leave form %d\n", i)
		files[fmt.Sprintf("one%d.md", i)] = fmt.Sprintf("# One\n\nsick note %d\n", i)
	}
	testutil.WriteFiles(t, dir, files)
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	var paths []string
	seen := map[int64]bool{}
	for off := 0; off < 14; off += 3 {
		r, err := ix.Search(ctx, "sick leave", SearchOptions{Limit: 3, Offset: off})
		if err != nil {
			t.Fatal(err)
		}
		if r.Total != 14 || r.TotalCapped {
			t.Fatalf("offset %d: total %d, capped %v", off, r.Total, r.TotalCapped)
		}
		for _, h := range r.Hits {
			if seen[h.ChunkRowID] {
				t.Errorf("hit repeated at offset %d", off)
			}
			seen[h.ChunkRowID] = true
			paths = append(paths, h.Path[:3])
		}
	}
	if got := strings.Join(paths, ","); got != "bot,bot,bot,bot,bot,bot,bot,one,one,one,one,one,one,one" {
		t.Errorf("order %s", got)
	}
}

func TestOlderAnalyzerOrChunkerIsReindexed(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"a.md": "# A\n\nchildren play\n"})
	ctx := context.Background()
	// As if an older Folio had indexed it with other analysis rules.
	if _, err := ix.db.Exec(`UPDATE documents SET chunker = replace(chunker, 'analyzer=', 'analyzer=old')`); err != nil {
		t.Fatal(err)
	}
	s, err := ix.Scan(ctx, ImportOptions{})
	if err != nil || s.Updated != 1 {
		t.Fatalf("rescan after an analyzer change: %+v %v", s, err)
	}
	if r := search(t, ix, "child"); r.Total != 1 {
		t.Errorf("child: %d hits", r.Total)
	}
}
