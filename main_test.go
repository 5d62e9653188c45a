package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"folio/index"
)

// The test binary is the real program (built with cgo and the GLFW driver
// when the window is linked in); run it as a child process the way a user
// would run folio.
func TestMain(m *testing.M) {
	if os.Getenv("FOLIO_RUN_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

func TestBinaryChunksAFile(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "note.md")
	if err := os.WriteFile(f, []byte("# Note\n\nHello world.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "chunks", "--json", f)
	cmd.Env = append(os.Environ(), "FOLIO_RUN_MAIN=1", "XDG_CONFIG_HOME="+dir, "XDG_CACHE_HOME="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("folio chunks: %v", err)
	}
	if !strings.Contains(string(out), `"text":"Hello world."`) || !strings.Contains(string(out), `"start_line":3`) {
		t.Errorf("output %s", out)
	}
}

// folio runs the program with private config and cache folders.
func folio(t *testing.T, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "FOLIO_RUN_MAIN=1", "XDG_CONFIG_HOME="+dir, "XDG_CACHE_HOME="+dir, "FOLIO_DB=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("folio %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// metadataVersion is the version FyneApp.toml gives, read independently of
// the program's own parsing.
func metadataVersion(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^Version\s*=\s*"([^"]+)"`).FindSubmatch(data)
	if m == nil {
		t.Fatal("FyneApp.toml has no Version")
	}
	return string(m[1])
}

func TestVersionComesFromFyneAppTOMLWithTheLibraries(t *testing.T) {
	out := folio(t, "--version")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if want := "Folio " + metadataVersion(t); !strings.HasPrefix(lines[0], want) {
		t.Errorf("first line %q, want it to start with %q", lines[0], want)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^SQLite 3\.\d+\.\d+ \(modernc\.org/sqlite v1\.\d+\.\d+\)$`),
		regexp.MustCompile(`(?m)^Fyne v2\.\d+\.\d+$`),
		regexp.MustCompile(`(?m)^goldmark v1\.\d+\.\d+$`),
	} {
		if !want.MatchString(out) {
			t.Errorf("--version lacks %s:\n%s", want, out)
		}
	}
}

func TestLibraryRecordsTheVersionThatWroteIt(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nwords\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "lib.db")
	folio(t, "add", "--db", db, dir)
	ix, err := index.OpenMode(db, index.ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	got, ok, err := ix.Setting(context.Background(), index.WrittenBySetting)
	if err != nil || !ok || !strings.HasPrefix(got, metadataVersion(t)) {
		t.Errorf("written by %q (%v, %v), want the version %s", got, ok, err, metadataVersion(t))
	}
	if out := folio(t, "stats", "--db", db); !strings.Contains(out, "written by Folio "+metadataVersion(t)) {
		t.Errorf("stats does not say which version wrote the library:\n%s", out)
	}
}
