// Package testutil holds the helpers every package's tests share: the
// ../shared data locator, temporary folders of notes and a temporary
// HOME/XDG environment. It imports only the standard library, so any
// package's tests can use it (chunker, index and watch included) without
// linking Fyne or the index. Fyne helpers are in fynetest, a library with
// folders in testlib.
package testutil

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// RequireSharedEnv names the variable that, set to 1 (as CI does), makes a
// missing ../shared a failure instead of a skip.
const RequireSharedEnv = "FOLIO_REQUIRE_SHARED"

// RequireShared reports whether the shared data must be present.
func RequireShared() bool { return os.Getenv(RequireSharedEnv) == "1" }

// sharedRoot is ../shared beside the module: the folder above the one that
// holds go.mod, found from the test's working directory (the directory of
// the package under test). Without a go.mod above, it is ../../shared as
// seen from a top-level package.
func sharedRoot() string {
	if dir, err := os.Getwd(); err == nil {
		for d := dir; ; {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				return filepath.Join(d, "..", "shared")
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	return filepath.Join("..", "..", "shared")
}

// LookShared returns the path of rel in the shared data and whether it is
// there. When the data is required (FOLIO_REQUIRE_SHARED=1) and missing,
// the test fails instead.
func LookShared(t testing.TB, rel string) (string, bool) {
	t.Helper()
	p := filepath.Join(sharedRoot(), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		if RequireShared() {
			t.Fatalf("shared data %s is required (%s=1) but missing: %v", p, RequireSharedEnv, err)
		}
		return p, false
	}
	return p, true
}

// SharedPath returns the path of rel in the shared data. The test fails
// when the data is required (FOLIO_REQUIRE_SHARED=1) and missing, and is
// skipped on a machine that simply does not have it.
func SharedPath(t testing.TB, rel string) string {
	t.Helper()
	p, ok := LookShared(t, rel)
	if !ok {
		t.Skipf("shared data %s not present", p)
	}
	return p
}

// ReadShared returns the contents of rel in the shared data, with
// SharedPath's fail-or-skip rule when it is missing.
func ReadShared(t testing.TB, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(SharedPath(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// WriteFile writes text to path, creating the folders above it.
func WriteFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// WriteFiles writes each file (a slash-separated name relative to dir) with
// its content, creating subfolders as needed.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		WriteFile(t, filepath.Join(dir, filepath.FromSlash(name)), content)
	}
}

// WriteFolder returns a new temporary folder holding files.
func WriteFolder(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	WriteFiles(t, dir, files)
	return dir
}

// TempEnv sets each named environment variable to a new temporary folder
// for the rest of the test and returns the folders in the same order.
func TempEnv(t testing.TB, names ...string) []string {
	t.Helper()
	dirs := make([]string, len(names))
	for i, name := range names {
		dirs[i] = t.TempDir()
		t.Setenv(name, dirs[i])
	}
	return dirs
}

// TempConfig points XDG_CONFIG_HOME and XDG_CACHE_HOME at new temporary
// folders, so nothing the test does reaches the user's settings or cache.
func TempConfig(t testing.TB) (config, cache string) {
	t.Helper()
	d := TempEnv(t, "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
	return d[0], d[1]
}

// TempHome points HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME at new
// temporary folders.
func TempHome(t testing.TB) (home, config, cache string) {
	t.Helper()
	d := TempEnv(t, "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
	return d[0], d[1], d[2]
}

// AddFolder writes files into a new temporary folder, adds it with add (a
// library's AddFolder method, so that this package need not import the
// index and the index's own tests can use it) and returns the folder.
func AddFolder[O, S any](t testing.TB, add func(context.Context, string, O) (S, error), opt O, files map[string]string) string {
	t.Helper()
	dir := WriteFolder(t, files)
	if _, err := add(context.Background(), dir, opt); err != nil {
		t.Fatal(err)
	}
	return dir
}

// CutSection is a note whose "Catch-all patterns" section the chunker cuts
// in two (lines 5 and 7): CutQuestion's words point at the first half, its
// answer ("does not bind") is in the second, and both halves rank on the
// first page, so a search cites them as one hit (index/page.Join).
var CutSection = "# Match\n\n## Catch-all patterns\n\nFor a default case in a match, take one action for all other values. " +
	strings.Repeat("Imagine a game where a roll of three gives a hat and a roll of seven takes one; every other roll moves the player. ", 6) + "\n\n" +
	strings.Repeat("This code compiles although not every value is listed, because the last arm matches every value not listed before it. ", 4) +
	"The underscore is a special pattern that matches any value and does not bind to that value.\n"

// CutQuestion is the question CutSection answers in its second half.
const CutQuestion = "default case in match without binding the value"
