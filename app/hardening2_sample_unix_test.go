//go:build unix

package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/index"
)

// TestSampleIsNeverWrittenThroughALink: ~/.cache/folio/sample as a link to
// a user's folder holding a .folio-sample file, or a real folder whose
// marker is a link, is not Folio's folder: nothing is written. The sample
// Folio does write is private (folder 0700, files 0600).
func TestSampleIsNeverWrittenThroughALink(t *testing.T) {
	for _, linked := range []string{"folder", "marker"} {
		t.Run(linked, func(t *testing.T) {
			cache := t.TempDir()
			t.Setenv("XDG_CACHE_HOME", cache)
			user := t.TempDir()
			if err := os.WriteFile(filepath.Join(user, sampleMarker), []byte("mine\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			sample := filepath.Join(cache, "folio", "sample")
			if err := os.MkdirAll(filepath.Dir(sample), 0o700); err != nil {
				t.Fatal(err)
			}
			target := user
			if linked == "folder" {
				if err := os.Symlink(user, sample); err != nil {
					t.Fatal(err)
				}
			} else {
				if err := os.Mkdir(sample, 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(user, sampleMarker), filepath.Join(sample, sampleMarker)); err != nil {
					t.Fatal(err)
				}
				target = sample
			}
			ix, err := index.Open(filepath.Join(t.TempDir(), "library.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer ix.Close()
			if err := installSample(ix); err == nil || !strings.Contains(err.Error(), "not Folio's") {
				t.Errorf("install through a link: %v", err)
			}
			for _, d := range []string{user, target} {
				if entries, _ := os.ReadDir(d); len(entries) != 1 {
					t.Errorf("files were written into %s: %v", d, entries)
				}
			}
		})
	}
	t.Run("modes", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "sample")
		if err := writeSample(dir); err != nil {
			t.Fatal(err)
		}
		entries, err := os.ReadDir(dir)
		if err != nil || len(entries) < 2 {
			t.Fatalf("sample: %v %v", entries, err)
		}
		if info, _ := os.Stat(dir); info.Mode().Perm() != 0o700 {
			t.Errorf("sample folder is %04o", info.Mode().Perm())
		}
		for _, e := range entries {
			if info, _ := e.Info(); info.Mode().Perm() != 0o600 {
				t.Errorf("%s is %04o", e.Name(), info.Mode().Perm())
			}
		}
	})
}
