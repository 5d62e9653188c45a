// Package testlib builds Folio libraries for tests of the packages above
// the index (ui, app, watch, main): a temporary library, folders of notes
// added to it. The index's own tests cannot use it (it imports index); they
// use testutil directly.
package testlib

import (
	"path/filepath"
	"testing"

	"folio/index"
	"folio/internal/testutil"
)

// Open returns a new library in a temporary folder, with XDG_CONFIG_HOME
// and XDG_CACHE_HOME pointed at temporary folders too. It is closed when
// the test ends.
func Open(t testing.TB) *index.Index {
	t.Helper()
	testutil.TempConfig(t)
	ix, err := index.Open(filepath.Join(t.TempDir(), "lib.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

// AddFolder writes files into a new temporary folder, adds the folder to
// ix and returns it.
func AddFolder(t testing.TB, ix *index.Index, files map[string]string) string {
	t.Helper()
	return testutil.AddFolder(t, ix.AddFolder, index.ImportOptions{}, files)
}

// WithFolder returns a new library (as Open) holding one folder of files,
// and the folder.
func WithFolder(t testing.TB, files map[string]string) (*index.Index, string) {
	t.Helper()
	ix := Open(t)
	return ix, AddFolder(t, ix, files)
}
