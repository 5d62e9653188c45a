//go:build unix

package app

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"folio/internal/testutil"
)

// Users and file modes as tested here are Unix's; Windows has neither
// uid switching nor 0555 folders.

// asOtherUser runs folio as a user who cannot write the folders root
// creates (user nobody when the test runs as root; the test's own user,
// who cannot write a 0555 folder, otherwise). It returns the command and
// a folder that user can read but not write.
func readOnlyFolder(t *testing.T) (run func(args ...string) (string, string, int), dir string) {
	t.Helper()
	base, err := os.MkdirTemp("", "folio-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.Walk(base, func(p string, info os.FileInfo, err error) error {
			if err == nil && info.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
		os.RemoveAll(base)
	})
	if err := os.Chmod(base, 0o755); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A copy of the test binary that any user may run.
	bin := filepath.Join(base, "folio.test")
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(base, "media")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(base, "home")
	if err := os.Mkdir(home, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(home, 0o777)
	run = func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "FOLIO_TEST_MAIN=1", "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_CACHE_HOME="+home, "FOLIO_DB=")
		if os.Getuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String(), code
	}
	return run, dir
}

func TestLibraryOnReadOnlyStorage(t *testing.T) {
	run, media := readOnlyFolder(t)
	notes := filepath.Join(media, "notes")
	if err := os.Mkdir(notes, 0o755); err != nil {
		t.Fatal(err)
	}
	testutil.WriteFile(t, filepath.Join(notes, "a.md"), "# A\n\nreadonly media words\n")
	db := filepath.Join(media, "lib.db")
	if out, errOut, code := runCLI(t, "add", "--db", db, notes); code != exitOK {
		t.Fatalf("add: %d %s %s", code, out, errOut)
	}
	before := fileSum(t, db)
	if os.Getuid() != 0 {
		os.Chmod(db, 0o444)
		os.Chmod(media, 0o555)
	} else {
		// The other user may read the library but not write it or its
		// folder: a new library is private (0600) to the user who made it.
		os.Chmod(db, 0o644)
	}
	out, errOut, code := run("search", "--db", db, "readonly")
	if code != exitOK || !strings.Contains(out, "a.md") {
		t.Errorf("search on read-only storage: %d %q %q", code, out, errOut)
	}
	for _, args := range [][]string{{"folders", "--db", db}, {"stats", "--db", db}, {"health", "--db", db}} {
		if out, errOut, code := run(args...); code != exitOK || strings.Contains(errOut, "(1544)") {
			t.Errorf("%v: %d %q %q", args, code, out, errOut)
		}
	}
	for _, args := range [][]string{{"scan", "--db", db}, {"add", "--db", db, notes}, {"remove", "--db", db, notes}} {
		_, errOut, code := run(args...)
		if code != exitError || !strings.Contains(errOut, "read-only") || strings.Contains(errOut, "(1544)") {
			t.Errorf("%v: %d %q", args, code, errOut)
		}
	}
	if fileSum(t, db) != before {
		t.Error("the library on read-only storage changed")
	}
	if entries, _ := os.ReadDir(media); len(entries) != 2 {
		t.Errorf("files appeared on read-only storage: %v", entries)
	}
}
