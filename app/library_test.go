package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

func TestLibraryCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lib.db")
	dir := filepath.Dir(writeFile(t, "leave.md", "# Leave\n\n## Sick leave\n\nA doctor's note is needed after two days.\nManagers approve sick leave.\n"))
	testutil.WriteFile(t, filepath.Join(dir, "broken.md"), "a\x00b")

	out, errOut, code := runCLI(t, "add", "--db", db, dir)
	if code != exitOK || !strings.Contains(out, "1 added") || !strings.Contains(out, "skipped broken.md: binary") {
		t.Fatalf("add: %d %q %q", code, out, errOut)
	}
	out, _, code = runCLI(t, "search", "--db", db, "sick", "leave")
	want := filepath.Base(dir) + "/leave.md:5-6 · Leave > Sick leave"
	if code != exitOK || !strings.Contains(out, want) || !strings.Contains(out, "[sick] [leave]") || !strings.Contains(out, "1 result") {
		t.Errorf("search: %d %q", code, out)
	}
	out, _, code = runCLI(t, "search", "--json", "--db", db, "doctor")
	var hit jsonHit
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &hit); err != nil || code != exitOK {
		t.Fatalf("json: %v %q", err, out)
	}
	if hit.Rank != 1 || hit.Path != "leave.md" || hit.StartLine != 5 || hit.EndLine != 6 || strings.Join(hit.HeadingPath, ">") != "Leave>Sick leave" ||
		hit.ChunkID == "" || hit.Score <= 0 || len(hit.Highlights) != 1 || hit.Snippet[hit.Highlights[0][0]:hit.Highlights[0][1]] != "doctor" {
		t.Errorf("hit %+v", hit)
	}
	if _, _, code = runCLI(t, "search", "--db", db, "zebra"); code != exitNothing {
		t.Errorf("no results: exit %d", code)
	}
	if _, _, code = runCLI(t, "search", "--db", db, "--folder", "/nowhere", "sick"); code != exitError {
		t.Errorf("unknown folder: exit %d", code)
	}
	if _, _, code = runCLI(t, "search", "--db", db); code != exitError {
		t.Errorf("no query: exit %d", code)
	}
	out, _, _ = runCLI(t, "folders", "--db", db)
	if !strings.Contains(out, "1 document, 1 chunk, 1 skipped") {
		t.Errorf("folders %q", out)
	}
	out, _, _ = runCLI(t, "stats", "--db", db)
	if !strings.Contains(out, "documents 1") || !strings.Contains(out, "chunks    1") {
		t.Errorf("stats %q", out)
	}
	out, _, code = runCLI(t, "scan", "--db", db)
	if code != exitOK || !strings.Contains(out, "1 unchanged") {
		t.Errorf("scan %d %q", code, out)
	}
	out, _, code = runCLI(t, "health", "--db", db)
	if code != exitOK || !strings.Contains(out, "Defects: 0") || !strings.Contains(out, "broken.md: binary") {
		t.Errorf("health %d %q", code, out)
	}
	if _, _, code = runCLI(t, "remove", "--db", db, dir); code != exitOK {
		t.Errorf("remove exit %d", code)
	}
	if out, _, _ = runCLI(t, "folders", "--db", db); !strings.Contains(out, "empty") {
		t.Errorf("after remove %q", out)
	}
	if _, errOut, code := runCLI(t, "add", "--db", db, filepath.Join(dir, "missing")); code != exitError || errOut == "" {
		t.Errorf("missing folder: %d %q", code, errOut)
	}
}

// A library written by an older Folio is brought forward by the first
// command that opens it, which says so on stderr (minutes at a million
// passages would otherwise look like a hang); the next command says
// nothing, and the search answers all the same.
func TestAnOlderLibrarySaysItIsBeingUpdated(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "index", "testdata", "library-v3.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "search", "--db", db, "qzparacetamol")
	if code != exitOK || !strings.Contains(out, "qzparacetamol") {
		t.Fatalf("search on an older library: exit %d, %q, %q", code, out, errOut)
	}
	for _, want := range []string{"written by an earlier version of Folio", "Ctrl+C stops", "Finding passages that are copies of each other", "100% (5 of 5 passages)"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
	if _, errOut, code := runCLI(t, "search", "--db", db, "qzparacetamol"); code != exitOK || errOut != "" {
		t.Errorf("second search: exit %d, stderr %q, want a quiet one", code, errOut)
	}
}
