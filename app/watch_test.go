package app

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"folio/index"
	"folio/internal/testutil"
)

// `folio watch` end to end: it catches up with an edit made while nothing
// ran, indexes a file saved while it runs, prints a line per batch and
// stops cleanly on Ctrl+C.
func TestWatchCommandCatchesUpIndexesSavesAndStopsOnCtrlC(t *testing.T) {
	dir, db := t.TempDir(), filepath.Join(t.TempDir(), "lib.db")
	writeNote := func(name, text string) {
		t.Helper()
		testutil.WriteFile(t, filepath.Join(dir, name), text)
	}
	writeNote("a.md", "# A\n\nalpha\n")
	ix, err := index.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.AddFolder(context.Background(), dir, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	// Edited while Folio was closed; the mtime moves on for sure.
	writeNote("a.md", "# A\n\nalpha aardvarkword\n")
	later := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(filepath.Join(dir, "a.md"), later, later); err != nil {
		t.Fatal(err)
	}

	cmd := folioCmd(t, "watch", "--db", db)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var out []string
	waitFor := func(what string) {
		t.Helper()
		timeout := time.After(20 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("folio watch ended before %q:\n%s\n%s", what, strings.Join(out, "\n"), stderr.String())
				}
				out = append(out, l)
				if strings.Contains(l, what) {
					return
				}
			case <-timeout:
				cmd.Process.Kill()
				t.Fatalf("no %q within 20 s:\n%s\n%s", what, strings.Join(out, "\n"), stderr.String())
			}
		}
	}
	waitFor("1 updated")  // the catch-up scan
	waitFor("watching 1") // then the watch
	found := func(word string) int {
		t.Helper()
		ix, err := index.OpenMode(db, index.ReadOnly)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		res, err := ix.Search(context.Background(), word, index.SearchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Hits)
	}
	if found("aardvarkword") != 1 {
		t.Error("the edit made while closed is not searchable after the catch-up")
	}

	writeNote("sub/b.md", "# B\n\nzebraword\n")
	waitFor("1 added")
	if found("zebraword") != 1 {
		t.Error("a file saved while watching is not searchable")
	}
	if err := os.Remove(filepath.Join(dir, "a.md")); err != nil {
		t.Fatal(err)
	}
	waitFor("1 removed")
	if found("aardvarkword") != 0 {
		t.Error("a deleted file is still found")
	}

	cmd.Process.Signal(os.Interrupt)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("after Ctrl+C: %v\n%s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("folio watch did not stop within 10 s of Ctrl+C")
	}
	for l := range lines {
		out = append(out, l)
	}
	if !strings.Contains(strings.Join(out, "\n"), "stopped") {
		t.Errorf("no \"stopped\" line:\n%s", strings.Join(out, "\n"))
	}
}
