//go:build unix

package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"folio/files"
	"folio/internal/testutil"
)

// TestFileSwappedAfterTheListingIsNotRead swaps a listed note for a link to
// a file outside the folder, or for another file, between the walk and the
// read (at the moment it is opened): neither text may be indexed.
func TestFileSwappedAfterTheListingIsNotRead(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.md")
	must(t, os.WriteFile(secret, []byte("# Secret\n\nswappedsecretword lives here\n"), 0o644))
	other := filepath.Join(outside, "other.md")
	for _, swap := range []string{"symlink", "other file"} {
		t.Run(swap, func(t *testing.T) {
			ix := openTemp(t)
			dir := t.TempDir()
			testutil.WriteFiles(t, dir, map[string]string{"note.md": "# Note\n\nplain words\n"})
			must(t, os.WriteFile(other, []byte("# Other\n\nswappedsecretword too\n"), 0o644))
			files.OpenForRead = func(name string, flag int, perm os.FileMode) (*os.File, error) {
				if filepath.Base(name) == "note.md" {
					p := filepath.Join(dir, "note.md")
					must(t, os.Remove(p))
					if swap == "symlink" {
						must(t, os.Symlink(secret, p))
					} else {
						must(t, os.Rename(other, p))
					}
				}
				return os.OpenFile(name, flag, perm)
			}
			defer func() { files.OpenForRead = os.OpenFile }()
			s, err := ix.AddFolder(context.Background(), dir, ImportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range search(t, ix, "swappedsecretword").Hits {
				if strings.Contains(h.Text, "swappedsecretword") {
					t.Fatalf("the swapped-in file was indexed as %s: %q", h.Path, h.Text)
				}
			}
			if len(s.Skipped) != 1 || s.Skipped[0].Path != "note.md" {
				t.Errorf("the swapped note should be skipped with its reason: %+v", s.Skipped)
			}
			t.Logf("skipped: %+v", s.Skipped)
		})
	}
}

// TestCiteDoesNotFollowALinkOutOfTheFolder: a note replaced by a link to
// a file elsewhere since it was indexed is cited as missing, not located
// in that other file.
func TestCiteDoesNotFollowALinkOutOfTheFolder(t *testing.T) {
	ix := openTemp(t)
	dir, outside := t.TempDir(), t.TempDir()
	text := "# Note\n\ncitedlinkword in a passage\n"
	testutil.WriteFiles(t, dir, map[string]string{"note.md": text})
	_, err := ix.AddFolder(context.Background(), dir, ImportOptions{})
	must(t, err)
	hits := search(t, ix, "citedlinkword").Hits
	if len(hits) != 1 {
		t.Fatalf("hits: %+v", hits)
	}
	elsewhere := filepath.Join(outside, "elsewhere.md")
	must(t, os.WriteFile(elsewhere, []byte("moved down\n\n"+text), 0o644))
	note := filepath.Join(dir, "note.md")
	must(t, os.Remove(note))
	must(t, os.Symlink(elsewhere, note))
	if c := Cite(hits[0]); !c.Missing {
		t.Errorf("cited through a link out of the folder: %+v", c)
	}
}

// TestLibraryFilesArePrivateWhateverTheUmask: a library made anywhere
// (--db outside the config folder) holds private notes: it and its -wal
// and -shm are 0600 even under umask 0.
func TestLibraryFilesArePrivateWhateverTheUmask(t *testing.T) {
	for _, mask := range []int{0, 0o022} {
		old := syscall.Umask(mask)
		func() {
			defer syscall.Umask(old)
			lib := filepath.Join(t.TempDir(), "shared", "library.db")
			ix, err := Open(lib)
			must(t, err)
			defer ix.Close()
			dir := t.TempDir()
			testutil.WriteFiles(t, dir, map[string]string{"note.md": "# Private\n\nmy words\n"})
			_, err = ix.AddFolder(context.Background(), dir, ImportOptions{})
			must(t, err)
			for _, p := range []string{lib, lib + "-wal", lib + "-shm"} {
				info, err := os.Stat(p)
				if err != nil {
					t.Errorf("umask %03o: %v", mask, err)
					continue
				}
				if m := info.Mode().Perm(); m != 0o600 {
					t.Errorf("umask %03o: %s is %04o, want 0600", mask, filepath.Base(p), m)
				}
			}
			if info, err := os.Stat(filepath.Dir(lib)); err == nil && info.Mode().Perm()&0o077 != 0 {
				t.Errorf("umask %03o: the library's new folder is %04o", mask, info.Mode().Perm())
			}
		}()
	}
}
