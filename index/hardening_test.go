package index

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"folio/chunker"
	"folio/files"
	"folio/index/fts"
	"folio/index/schema"
	"folio/internal/testutil"
)

// fileDigest is a file's content hash, or "" when it does not exist.
func fileDigest(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return ""
	}
	if info, serr := os.Stat(path); serr == nil && info.IsDir() {
		return "folder"
	}
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return fmt.Sprintf("%x", sum)
}

// dirNames lists a folder's entries.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// sqliteFile writes a database with Python-free plain SQL through the
// driver, bypassing Folio: how another program's file looks.
func sqliteFile(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", schema.URI(path))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenRefusesFilesThatAreNotFolioLibraries(t *testing.T) {
	dir := t.TempDir()
	contacts := filepath.Join(dir, "contacts.sqlite")
	sqliteFile(t, contacts, `CREATE TABLE contacts(n)`, `INSERT INTO contacts VALUES('Ada')`)
	otherApp := filepath.Join(dir, "other.db")
	sqliteFile(t, otherApp, `PRAGMA application_id = 1234`, `CREATE TABLE t(x)`)
	emptyDB := filepath.Join(dir, "empty.sqlite")
	sqliteFile(t, emptyDB, `PRAGMA user_version = 0`, `CREATE TABLE x(a)`, `DROP TABLE x`)
	zero := filepath.Join(dir, "zero.db")
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(zero, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(text, []byte(strings.Repeat("this is not a database ", 200)), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		contacts: "another program's SQLite database (tables: contacts)",
		otherApp: "belongs to another program",
		emptyDB:  "empty SQLite database",
		zero:     "the file is empty",
		text:     "not an SQLite database",
		dir:      "it is a folder",
	}
	for path, want := range cases {
		before := fileDigest(t, path)
		namesBefore := dirNames(t, dir)
		for _, mode := range []Mode{ReadWrite, Existing, ReadOnly} {
			ix, err := OpenMode(path, mode)
			if err == nil {
				ix.Close()
				t.Errorf("%s (mode %d): opened as a library", filepath.Base(path), mode)
				continue
			}
			if !errors.Is(err, ErrNotLibrary) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s (mode %d): %v, want ErrNotLibrary saying %q", filepath.Base(path), mode, err, want)
			}
		}
		if after := fileDigest(t, path); path != dir && after != before {
			t.Errorf("%s was changed", filepath.Base(path))
		}
		if names := dirNames(t, dir); strings.Join(names, ",") != strings.Join(namesBefore, ",") {
			t.Errorf("%s: files appeared beside it: %v, was %v", filepath.Base(path), names, namesBefore)
		}
	}
}

func TestReadOnlyCommandsNeverCreateALibrary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "library.db")
	for _, mode := range []Mode{ReadOnly, Existing} {
		if _, err := OpenMode(path, mode); !errors.Is(err, ErrNoLibrary) {
			t.Errorf("mode %d on a missing library: %v, want ErrNoLibrary", mode, err)
		}
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("opening a missing library created %v", names)
	}
	// Created on purpose, it is marked as Folio's and reopens in every mode.
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var appID int
	if err := ix.db.QueryRow(`PRAGMA application_id`).Scan(&appID); err != nil || appID != ApplicationID {
		t.Errorf("application_id %x %v", appID, err)
	}
	ix.Close()
	for _, mode := range []Mode{ReadOnly, Existing, ReadWrite} {
		ix, err := OpenMode(path, mode)
		if err != nil {
			t.Fatalf("mode %d: %v", mode, err)
		}
		if got := ix.ReadOnly(); got != (mode == ReadOnly) {
			t.Errorf("mode %d: read-only %v", mode, got)
		}
		ix.Close()
	}
}

func TestReadOnlyLibraryRefusesChangesAndWritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "library.db")
	notes := t.TempDir()
	testutil.WriteFiles(t, notes, map[string]string{"a.md": "# A\n\nalpha words\n"})
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.AddFolder(context.Background(), notes, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	before := fileDigest(t, path)
	ro, err := OpenMode(path, ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := ro.Search(context.Background(), "alpha", SearchOptions{}); err != nil || r.Total != 1 {
		t.Errorf("search on a read-only library: %v %+v", err, r)
	}
	ctx := context.Background()
	for what, err := range map[string]error{
		"add":      func() error { _, err := ro.AddFolder(ctx, notes, ImportOptions{}); return err }(),
		"scan":     func() error { _, err := ro.Scan(ctx, ImportOptions{}); return err }(),
		"remove":   ro.RemoveFolder(ctx, notes),
		"settings": ro.SetChunkOptions(ctx, chunker.Options{Max: 500, Min: 10}),
	} {
		if !errors.Is(err, ErrReadOnly) {
			t.Errorf("%s on a read-only library: %v, want ErrReadOnly", what, err)
		}
	}
	if _, err := ro.db.Exec(`DELETE FROM chunks`); err == nil {
		t.Error("a read-only connection accepted a write")
	}
	ro.Close()
	if fileDigest(t, path) != before {
		t.Error("a read-only session changed the library file")
	}
}

func TestLibraryPathsAreTakenLiterally(t *testing.T) {
	dir := t.TempDir()
	names := []string{"C#proj/lib.db", "what?.db", "notes#1.db", "notes#2.db", "100%.db", "%41.db", "with space.db",
		`quote"s.db`, "it's.db", "naïve ملاحظات 笔记.db", "amp&x=1.db", "semi;colon.db", "file:odd.db"}
	for _, name := range names {
		path := filepath.Join(dir, name)
		ix, err := Open(path)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		checkPragmas(t, ix, name)
		if _, err := ix.db.Exec(`INSERT INTO settings(key, value) VALUES('name', ?)`, name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		ix.Close()
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: the library is not at its path: %v", name, err)
		}
	}
	// Each path is its own library: notes#1 and notes#2 are not the same.
	for _, name := range names {
		ix, err := OpenMode(filepath.Join(dir, name), ReadOnly)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var got string
		if err := ix.db.QueryRow(`SELECT value FROM settings WHERE key = 'name'`).Scan(&got); err != nil || got != name {
			t.Errorf("%s holds %q (%v)", name, got, err)
		}
		ix.Close()
	}
	// Nothing else was created: only the libraries and the C#proj folder.
	for _, n := range dirNames(t, dir) {
		if n != "C#proj" && !slices.Contains(names, n) {
			t.Errorf("unexpected file %q", n)
		}
	}
}

// checkPragmas asserts every per-connection setting reached SQLite.
func checkPragmas(t *testing.T, ix *Index, name string) {
	t.Helper()
	conn, err := ix.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for pragma, want := range map[string]string{"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "10000", "secure_delete": "1", "synchronous": "1"} {
		var got string
		if err := conn.QueryRowContext(context.Background(), "PRAGMA "+pragma).Scan(&got); err != nil || got != want {
			t.Errorf("%s: PRAGMA %s = %q (%v), want %q", name, pragma, got, err, want)
		}
	}
}

func FuzzLibraryPath(f *testing.F) {
	for _, s := range []string{"a", "#", "?", "%", "%2F", " x ", `"`, "é", "?a=b#c", "..db", "a%00b"} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, name string) {
		// Any name the file system accepts: no separator, no NUL, not . or ..
		if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\x00") || len(name) > 200 {
			return
		}
		sub, err := os.MkdirTemp(dir, "p")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(sub)
		path := filepath.Join(sub, name)
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			return // the file system refuses this name
		}
		os.Remove(path)
		ix, err := Open(path)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		var journal string
		ix.db.QueryRow(`PRAGMA journal_mode`).Scan(&journal)
		ix.Close()
		if journal != "wal" {
			t.Errorf("%q: journal_mode %q", name, journal)
		}
		names := dirNames(t, sub)
		if len(names) != 1 || names[0] != name {
			t.Errorf("%q: folder holds %q", name, names)
		}
	})
}

func TestOlderLibraryIsMigrated(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "library-v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	var version, appID int
	ix.db.QueryRow(`PRAGMA user_version`).Scan(&version)
	ix.db.QueryRow(`PRAGMA application_id`).Scan(&appID)
	if version != SchemaVersion || appID != ApplicationID {
		t.Errorf("after migration: schema %d, application_id %x", version, appID)
	}
	folders, err := ix.Folders(context.Background())
	if err != nil || len(folders) != 1 {
		t.Fatalf("folders %+v %v", folders, err)
	}
	if f := folders[0]; f.Documents != 2 || f.Chunks != 3 || f.Skipped != 1 || f.Bytes == 0 {
		t.Errorf("folder counts after migration: %+v", f)
	}
	if r := search(t, ix, "visa"); r.Total != 1 || r.Hits[0].Path != "sub/travel.md" {
		t.Errorf("search after migration: %+v", r.Hits)
	}
	if err := ix.IntegrityCheck(context.Background()); err != nil {
		t.Error(err)
	}
}

func TestConcurrentOpenOfANewLibrary(t *testing.T) {
	for round := 0; round < 5; round++ {
		path := filepath.Join(t.TempDir(), "library.db")
		notes := t.TempDir()
		testutil.WriteFiles(t, notes, map[string]string{"a.md": "# A\n\nalpha\n", "b.md": "# B\n\nbravo\n"})
		var wg sync.WaitGroup
		errs := make(chan error, 6)
		for i := 0; i < 6; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ix, err := Open(path)
				if err != nil {
					errs <- err
					return
				}
				defer ix.Close()
				// Everyone adds the same folder at once.
				if _, err := ix.AddFolder(context.Background(), notes, ImportOptions{}); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("round %d: %v", round, err)
		}
		ix, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if st, _ := ix.Stats(context.Background()); st.Folders != 1 || st.Documents != 2 {
			t.Errorf("round %d: %+v", round, st)
		}
		if err := ix.IntegrityCheck(context.Background()); err != nil {
			t.Error(err)
		}
		ix.Close()
		for _, n := range dirNames(t, filepath.Dir(path)) {
			if strings.Contains(n, ".new-") {
				t.Errorf("temporary file left behind: %s", n)
			}
		}
	}
}

func TestMissingFolderKeepsItsDocuments(t *testing.T) {
	ix := openTemp(t)
	base := t.TempDir()
	usb := filepath.Join(base, "usb")
	testutil.WriteFiles(t, usb, map[string]string{"a.md": "# A\n\nunplugged words\n", "b/c.md": "# C\n\nmore unplugged text\n"})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, usb, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(usb, usb+".off"); err != nil {
		t.Fatal(err)
	}
	s, err := ix.Scan(ctx, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Removed != 0 || len(s.Offline) != 1 || s.Offline[0].Path != usb || !strings.Contains(s.Offline[0].Reason, "not found") {
		t.Fatalf("scan of a missing folder: %+v", s)
	}
	folders, _ := ix.Folders(ctx)
	if len(folders) != 1 || folders[0].Offline == "" || folders[0].Documents != 2 {
		t.Errorf("folders: %+v", folders)
	}
	r := search(t, ix, "unplugged")
	if r.Total != 2 || !r.Hits[0].Offline {
		t.Errorf("hits from an offline folder: %+v", r.Hits)
	}
	// Back online: nothing was lost, the mark goes.
	if err := os.Rename(usb+".off", usb); err != nil {
		t.Fatal(err)
	}
	if s, err = ix.Scan(ctx, ImportOptions{}); err != nil || s.Unchanged != 2 || len(s.Offline) != 0 {
		t.Fatalf("scan back online: %+v %v", s, err)
	}
	if folders, _ = ix.Folders(ctx); folders[0].Offline != "" {
		t.Errorf("still offline: %+v", folders[0])
	}
	if r := search(t, ix, "unplugged"); r.Total != 2 || r.Hits[0].Offline {
		t.Errorf("after coming back: %+v", r.Hits)
	}
	// An unmounted drive often leaves an empty mount point: not a reason
	// to drop its documents either.
	if err := os.Rename(usb, usb+".off"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(usb, 0o755); err != nil {
		t.Fatal(err)
	}
	if s, err = ix.Scan(ctx, ImportOptions{}); err != nil || s.Removed != 0 || len(s.Offline) != 1 || !strings.Contains(s.Offline[0].Reason, "empty") {
		t.Errorf("scan of an empty mount point: %+v %v", s, err)
	}
	// Files missing from a readable root are removed as before.
	testutil.WriteFiles(t, usb, map[string]string{"a.md": "# A\n\nunplugged words\n"})
	if s, err = ix.Scan(ctx, ImportOptions{}); err != nil || s.Removed != 1 || len(s.Offline) != 0 {
		t.Errorf("scan of a readable root: %+v %v", s, err)
	}
}

func TestSymlinksLeavingTheFolderAreSkipped(t *testing.T) {
	ix := openTemp(t)
	outside := t.TempDir()
	testutil.WriteFiles(t, outside, map[string]string{"secret.md": "# Secret\n\nprivatepassword words\n", "dir/x.md": "# X\n\nprivatepassword too\n"})
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{"real/note.md": "# Note\n\ninsideword text\n"})
	for link, target := range map[string]string{
		"passwd.md":       filepath.Join(outside, "secret.md"),
		"linked":          filepath.Join(outside, "dir"),
		"alias.md":        filepath.Join(dir, "real", "note.md"),
		"inside":          filepath.Join(dir, "real"),
		"relative-out.md": filepath.Join("..", filepath.Base(outside), "secret.md"),
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := ix.AddFolder(context.Background(), dir, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r := search(t, ix, "privatepassword"); r.Total != 0 {
		t.Errorf("text outside the folder was indexed through a link: %+v", r.Hits)
	}
	// A linked file inside is indexed under its own name; a linked folder
	// that is already indexed is not indexed twice.
	r := search(t, ix, "insideword")
	var paths []string
	for _, h := range r.Hits {
		paths = append(paths, h.Path)
		for _, a := range h.AlsoIn { // the same text in two files is one hit
			paths = append(paths, a.Path)
		}
	}
	if slices.Sort(paths); strings.Join(paths, ",") != "alias.md,real/note.md" {
		t.Errorf("links inside the folder: hits %v", paths)
	}
	reasons := map[string]string{}
	for _, sk := range s.Skipped {
		reasons[sk.Path] = sk.Reason
	}
	for _, p := range []string{"passwd.md", "linked", "relative-out.md"} {
		if !strings.Contains(reasons[p], "outside the folder") {
			t.Errorf("%s: reason %q", p, reasons[p])
		}
	}
	if !strings.Contains(reasons["inside"], "same folder as real") {
		t.Errorf("inside: reason %q", reasons["inside"])
	}
}

func TestEverySkippedFileHasAReason(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"good.md": "# Good\n\nfine text\n", "..md": "# Dots\n\ndots\n", ".hidden.md": "# H\n\nhidden\n",
		".obsidian/x.md": "# O\n\nconfig\n", "node_modules/p/README.md": "# P\n\npkg\n", "binary.md": "a\x00b",
	})
	fifo := makeFIFO(t, filepath.Join(dir, "pipe.md"))
	if err := os.Symlink(filepath.Join(dir, "nowhere.md"), filepath.Join(dir, "broken.md")); err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("word "), files.MaxFileSize/5+1)
	if err := os.WriteFile(filepath.Join(dir, "big.md"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := ix.AddFolder(context.Background(), dir, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"..md": "hidden file", ".hidden.md": "hidden file", ".obsidian": "hidden folder", "node_modules": "node_modules",
		"binary.md": "binary", "pipe.md": "not a regular file", "broken.md": "broken symbolic link", "big.md": "larger than 20 MB",
	}
	got := map[string]string{}
	for _, sk := range s.Skipped {
		got[sk.Path] = sk.Reason
	}
	if !fifo {
		delete(want, "pipe.md") // a system without FIFOs
	}
	for p, reason := range want {
		if !strings.Contains(got[p], reason) {
			t.Errorf("%s: reason %q, want %q", p, got[p], reason)
		}
	}
	if s.Added != 1 || len(got) != len(want) {
		t.Errorf("added %d, skipped %v", s.Added, got)
	}
}

// rawFiles is the library file and its journal files, as anyone with the
// files could read them.
func rawFiles(t *testing.T, path string) []byte {
	t.Helper()
	var all []byte
	for _, suffix := range []string{"", "-wal", "-shm"} {
		data, err := os.ReadFile(path + suffix)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		all = append(all, data...)
	}
	return all
}

func TestRemovedTextCannotBeReadFromTheFile(t *testing.T) {
	// Few documents removed from a large library take exact deletes; many
	// from a small one take plain deletes and a merge (purge.go): both
	// must leave nothing behind.
	for _, c := range []struct {
		name   string
		filler int
		want   fts.PurgeMode
	}{{"merge", 0, fts.Merge}, {"exact", 1200, fts.Exact}} {
		t.Run(c.name, func(t *testing.T) { removedTextIsGone(t, c.filler, c.want) })
	}
}

func removedTextIsGone(t *testing.T, filler int, want fts.PurgeMode) {
	path := filepath.Join(t.TempDir(), "library.db")
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	// A second connection stays open meanwhile, as a window would.
	other, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx := context.Background()
	const secret = "Zqxjvmedicalsecret"
	const sentence = "The patient Wbkqdiagnosis was told in confidence."
	notes, kept, bulk := t.TempDir(), t.TempDir(), t.TempDir()
	files := map[string]string{}
	for i := 0; i < 3; i++ {
		files[fmt.Sprintf("n%02d.md", i)] = fmt.Sprintf("# Note %d\n\n%s\n\nFiller line %d about ordinary things. %s\n", i, sentence, i, strings.Repeat("More ordinary words. ", 40))
	}
	testutil.WriteFiles(t, notes, files)
	secrets := map[string]string{}
	for i := 0; i < 2; i++ {
		secrets[fmt.Sprintf("s%02d.md", i)] = fmt.Sprintf("# Private %d\n\nOnly here: %s number %d.\n", i, secret, i)
	}
	testutil.WriteFiles(t, kept, secrets)
	fill := map[string]string{}
	for i := 0; i < filler; i++ {
		fill[fmt.Sprintf("f%04d.md", i)] = fmt.Sprintf("# Filler %d\n\nordinary bulkword text %d\n", i, i)
	}
	testutil.WriteFiles(t, bulk, fill)
	for _, d := range []string{notes, kept, bulk} {
		if _, err := ix.AddFolder(ctx, d, ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if got := fts.ChoosePurge(ctx, ix.db, 3); got != want {
		t.Fatalf("purge mode %d for this library, want %d", got, want)
	}
	if r := search(t, other, "wbkqdiagnosis"); r.Total != 3 {
		t.Fatalf("setup: %d hits", r.Total)
	}
	// The analysed form is lower case and stemmed; the tail of the word
	// is in every form (FTS5 stores terms prefix-compressed).
	forms := func(word string) [][]byte {
		w := strings.ToLower(word)
		return [][]byte{[]byte(word), []byte(w[2 : len(w)-2])}
	}
	if !bytes.Contains(rawFiles(t, path), forms(secret)[1]) {
		t.Fatal("setup: the secret is not in the file at all, so this test proves nothing")
	}

	// Deleting a sentence from files and re-scanning.
	later := time.Now().Add(2 * time.Second)
	for name, content := range files {
		p := filepath.Join(notes, name)
		if err := os.WriteFile(p, []byte(strings.Replace(content, sentence, "Nothing private.", 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, later, later)
	}
	if s, err := ix.Scan(ctx, ImportOptions{}); err != nil || s.Updated != 3 {
		t.Fatalf("rescan: %+v %v", s, err)
	}
	for _, f := range forms("Wbkqdiagnosis") {
		if n := bytes.Count(rawFiles(t, path), f); n != 0 {
			t.Errorf("after the sentence was deleted and re-scanned, %q is still in the library files %d times", f, n)
		}
	}
	// Removing a folder.
	if err := ix.RemoveFolder(ctx, kept); err != nil {
		t.Fatal(err)
	}
	for _, f := range forms(secret) {
		if n := bytes.Count(rawFiles(t, path), f); n != 0 {
			t.Errorf("after remove, %q is still in the library files %d times (another connection open)", f, n)
		}
	}
	if r := search(t, other, "zqxjvmedicalsecret"); r.Total != 0 {
		t.Errorf("still found: %d", r.Total)
	}
	if r := search(t, other, "bulkword"); r.Total != min(filler, countCap) {
		t.Errorf("the other documents: %d of %d found", r.Total, filler)
	}
	ix.Close()
	other.Close()
	for _, f := range append(forms(secret), forms("Wbkqdiagnosis")...) {
		if n := bytes.Count(rawFiles(t, path), f); n != 0 {
			t.Errorf("after exit, %q is in the library files %d times", f, n)
		}
	}
}

func TestInterruptedMergeIsFinishedAtNextOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "library.db")
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"a.md": "# A\n\nQpwzsecretterm here\n", "b.md": "# B\n\nother words\n"})
	ctx := context.Background()
	// Plain deletes committed, then the process dies before the merge.
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := fts.SetPurgeMode(ctx, tx, fts.Merge); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := tx.QueryRow(`SELECT id FROM documents WHERE rel_path = 'a.md'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, _, err := fts.Detach(ctx, tx, `c.doc_id = ?`, id); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE folders SET n_documents = n_documents - 1, n_chunks = n_chunks - 1, n_bytes = n_bytes - (SELECT size FROM documents WHERE id = ?)`,
		`DELETE FROM chunks WHERE doc_id = ?`, `DELETE FROM documents WHERE id = ?`} {
		if _, err := tx.Exec(q, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	ix.db.Close() // no clean Close: the merge and the checkpoint never ran
	ix, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if err := ix.IntegrityCheck(ctx); err != nil {
		t.Fatal(err)
	}
	if v, ok, _ := ix.Setting(ctx, "fts.purge_pending"); ok {
		t.Errorf("merge still owed after reopening: %q", v)
	}
	if n := bytes.Count(rawFiles(t, path), []byte("wzsecretter")); n != 0 {
		t.Errorf("the deleted word is in the library files %d times after reopening", n)
	}
}

func TestSlowFileDoesNotHoldTheWriteLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "library.db")
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	ctx := context.Background()
	small, slow := t.TempDir(), t.TempDir()
	testutil.WriteFiles(t, small, map[string]string{"a.md": "# A\n\nalpha\n"})
	testutil.WriteFiles(t, slow, map[string]string{"fast.md": "# F\n\nfast\n", "slow.md": "# S\n\nslow\n"})
	if _, err := ix.AddFolder(ctx, small, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	parsing := make(chan struct{})
	opt := ImportOptions{Workers: 2, SplitTag: "slow", Split: func(id string, data []byte) (*chunker.Document, error) {
		if id == "slow.md" {
			close(parsing)
			<-release // a file that takes as long as this test needs
		}
		return chunker.Split(id, data, chunker.DefaultOptions())
	}}
	done := make(chan error, 1)
	go func() {
		_, err := ix.AddFolder(ctx, slow, opt)
		done <- err
	}()
	<-parsing
	time.Sleep(100 * time.Millisecond) // the fast file is written meanwhile
	other, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	// Another program removes a folder while the slow file is parsed.
	if err := other.RemoveFolder(ctx, small); err != nil {
		t.Errorf("remove while another import parses a slow file: %v", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if r := search(t, ix, "slow"); r.Total != 1 {
		t.Errorf("the slow file was not indexed: %d", r.Total)
	}
}

func TestFolderRemovedElsewhereSaysSo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "library.db")
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	dir := testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"a.md": "# A\n\nalpha\n"})
	ctx := context.Background()
	other, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	v0, err := ix.DataVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.RemoveFolder(ctx, dir); err != nil {
		t.Fatal(err)
	}
	other.Close()
	if v1, err := ix.DataVersion(ctx); err != nil || v1 == v0 {
		t.Errorf("data version did not change after another connection removed a folder: %d → %d (%v)", v0, v1, err)
	}
	_, err = ix.ScanFolder(ctx, dir, ImportOptions{})
	if !errors.Is(err, ErrFolderRemoved) || strings.Contains(err.Error(), "FOREIGN KEY") {
		t.Errorf("rescan of a folder removed elsewhere: %v", err)
	}
}

func TestUncleanExitIsCheckedOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "library.db")
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
	if ix, err = Open(path); err != nil || ix.Unclean() {
		t.Fatalf("after a clean close: unclean %v, %v", ix.Unclean(), err)
	}
	// A process that ends without closing leaves its session behind.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	if _, err := ix.db.Exec(`INSERT INTO sessions(host, pid, started) VALUES(?, ?, 0)`, host, dead.Process.Pid); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	ix, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !ix.Unclean() {
		t.Error("a dead session was not noticed")
	}
	if err := ix.CheckUnclean(context.Background()); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	if ix, err = Open(path); err != nil || ix.Unclean() {
		t.Errorf("after the check: unclean %v, %v", ix.Unclean(), err)
	}
	ix.Close()
	if ro, err := OpenMode(path, ReadOnly); err != nil || ro.Unclean() {
		t.Errorf("read-only open: %v", err)
	} else {
		ro.Close()
	}
}

// libraryOfNotes is a library file at path holding a folder (dir) of n
// notes of one heading and words repeated, open.
func libraryOfNotes(t *testing.T, n int, words string) (ix *Index, path, dir string) {
	t.Helper()
	path, dir = filepath.Join(t.TempDir(), "library.db"), t.TempDir()
	ix, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("f%03d.md", i)] = fmt.Sprintf("# Note %d\n\n%s\n", i, strings.Repeat(words+" ", 30))
	}
	testutil.WriteFiles(t, dir, files)
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	return ix, path, dir
}

func TestDamagedLibraryIsReportedWithAdvice(t *testing.T) {
	ix, path, _ := libraryOfNotes(t, 200, "damaged pages test words")
	ix.Close()
	// Flip bytes in the middle of the file: a page of table or index data.
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	info, _ := f.Stat()
	page := int64(4096)
	for off := page * 3; off < info.Size()-page; off += page * 5 {
		if _, err := f.WriteAt(bytes.Repeat([]byte{0xA5}, 64), off+100); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	ix, err = OpenMode(path, Existing)
	if err != nil {
		if !errors.Is(err, ErrCorrupt) {
			t.Fatalf("open of a damaged library: %v", err)
		}
		return
	}
	defer ix.Close()
	err = ix.IntegrityCheck(context.Background())
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "untouched") {
		t.Errorf("integrity check of a damaged library: %v", err)
	}
}

// After a crash, a library deleted or moved aside (as the advice for damage
// says) leaves its -wal and -shm behind: the new library starts empty and
// whole, not with the old one's pages laid over it.
func TestALibraryDeletedAfterACrashStartsAfreshWhole(t *testing.T) {
	ix, path, dir := libraryOfNotes(t, 200, "left behind journal words")
	// The journal as a crash would leave it: read while the library is open.
	wal, err := os.ReadFile(path + "-wal")
	if err != nil || len(wal) == 0 {
		t.Fatalf("no -wal to leave behind (%d bytes, %v)", len(wal), err)
	}
	shm, err := os.ReadFile(path + "-shm")
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
	for _, s := range []string{"", "-wal", "-shm"} {
		must(t, os.RemoveAll(path+s))
	}
	must(t, os.WriteFile(path+"-wal", wal, 0o600))
	must(t, os.WriteFile(path+"-shm", shm, 0o600))
	crashed := time.Now().Add(-time.Hour) // the crash was a while ago
	must(t, os.Chtimes(path+"-wal", crashed, crashed))
	must(t, os.Chtimes(path+"-shm", crashed, crashed))

	ix, err = Open(path)
	if err != nil {
		t.Fatalf("a new library where an old one's journal was left: %v", err)
	}
	defer ix.Close()
	ctx := context.Background()
	if folders, err := ix.Folders(ctx); err != nil || len(folders) != 0 {
		t.Errorf("the new library holds %d folders (%v); want none", len(folders), err)
	}
	if err := ix.IntegrityCheck(ctx); err != nil {
		t.Errorf("the new library: %v", err)
	}
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
		t.Errorf("adding to the new library: %v", err)
	}
}

func TestCancelDoesNotWaitForASlowFile(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	files := map[string]string{"slow.md": "# Slow\n\nslow words\n"}
	for i := 0; i < 40; i++ {
		files[fmt.Sprintf("n%02d.md", i)] = fmt.Sprintf("# Note %d\n\nquick words\n", i)
	}
	testutil.WriteFiles(t, dir, files)
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	written := 0
	opt := ImportOptions{Workers: 2, SplitTag: "t", Split: func(id string, data []byte) (*chunker.Document, error) {
		if id == "slow.md" {
			<-release // a file whose parsing cannot be interrupted
		}
		return chunker.Split(id, data, chunker.DefaultOptions())
	}, Progress: func(p Progress) {
		written = p.FilesDone
		if p.FilesDone == 40 {
			cancel() // every other file is done; only the slow one is left
		}
	}}
	s, err := ix.AddFolder(ctx, dir, opt) // returns without waiting for slow.md
	if err != nil {
		t.Fatal(err)
	}
	if !s.Cancelled || written != 40 {
		t.Fatalf("summary %+v after %d files", s, written)
	}
	// What was finished before the cancel is kept and searchable.
	if r := search(t, ix, "quick"); r.Total != 40 {
		t.Errorf("%d of 40 finished files searchable after the cancel", r.Total)
	}
	if err := ix.IntegrityCheck(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The next scan completes the rest.
	s, err = ix.Scan(context.Background(), ImportOptions{})
	if err != nil || s.Added != 1 || s.Unchanged != 0 {
		t.Errorf("rescan after cancel: %+v %v", s, err)
	}
	if r := search(t, ix, "slow"); r.Total != 1 {
		t.Errorf("slow.md after the rescan: %d", r.Total)
	}
}

func TestUnreadableSubfolderKeepsItsDocuments(t *testing.T) {
	ix := openTemp(t)
	dir := testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"top.md": "# Top\n\ntop words\n", "locked/inner.md": "# Inner\n\ninner words\n", "gone/old.md": "# Old\n\nold words\n"})
	ctx := context.Background()
	locked := filepath.Join(dir, "locked")
	files.ReadDir = func(name string) ([]os.DirEntry, error) {
		if name == locked {
			return nil, &os.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return os.ReadDir(name)
	}
	defer func() { files.ReadDir = os.ReadDir }()
	if err := os.RemoveAll(filepath.Join(dir, "gone")); err != nil {
		t.Fatal(err)
	}
	s, err := ix.Scan(ctx, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Removed != 1 || len(s.Skipped) != 1 || s.Skipped[0].Path != "locked" || !strings.Contains(s.Skipped[0].Reason, "permission denied") {
		t.Errorf("scan with an unreadable subfolder: %+v", s)
	}
	if r := search(t, ix, "inner"); r.Total != 1 {
		t.Errorf("the unreadable subfolder's document was dropped: %d", r.Total)
	}
	if r := search(t, ix, "old"); r.Total != 0 {
		t.Errorf("a file deleted from a readable folder is still found")
	}
}

// SQLite runs FTS5's own check inside quick_check and integrity_check,
// on the index structure the connection last read. After another
// process merged the index's segments, a connection that had searched
// before reported the library damaged ("fts5: corruption found reading
// blob …"), as one of three `folio add` at once sometimes did after its
// import (TestTwoProcessesAddingAtOnce).
func TestChecksSeeAnotherProcesssMerge(t *testing.T) {
	ix, path, _ := libraryOfNotes(t, 40, "shared words")
	defer ix.Close()
	ctx := context.Background()
	conn, err := ix.db.Conn(ctx) // a connection that searched
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH 'share'`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("search: %d rows, %v", n, err)
	}

	other, err := Open(path) // another process: adds, then merges every segment
	if err != nil {
		t.Fatal(err)
	}
	more := t.TempDir()
	testutil.WriteFiles(t, more, map[string]string{"a.md": "# A\n\nshared words elsewhere\n", "b.md": "# B\n\nmore shared words\n"})
	must(t, errOnly(other.AddFolder(ctx, more, ImportOptions{})))
	if _, err := other.db.Exec(`INSERT INTO chunks_fts(chunks_fts) VALUES('optimize')`); err != nil {
		t.Fatal(err)
	}
	other.Close()

	for _, pragma := range []string{"PRAGMA quick_check", "PRAGMA integrity_check"} {
		if err := checkOn(ctx, conn, pragma); err != nil {
			t.Errorf("%s after another process's merge: %v", pragma, err)
		}
	}
}
