//go:build unix

package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runCLIWithin runs folio and fails the test if it has not finished in
// time; a reader blocked on fifo is then let go (a writer opens and closes
// it), so a hang cannot stall the suite.
func runCLIWithin(t *testing.T, fifo string, args ...string) (string, string, int) {
	t.Helper()
	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	go func() {
		out, errOut, code := runCLI(t, args...)
		done <- result{out, errOut, code}
	}()
	select {
	case r := <-done:
		return r.out, r.errOut, r.code
	case <-time.After(10 * time.Second):
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatalf("folio %s still running after 10 s", strings.Join(args, " "))
		return "", "", 0
	}
}

// TestChunksAndEvalRefuseFilesThatAreNotRegular: a FIFO would block them
// forever, /dev/zero would be read until memory runs out, a file that says
// it is empty and never ends (Linux's pagemap, like a lying FUSE file)
// likewise; each is refused with its reason and the others go on.
func TestChunksAndEvalRefuseFilesThatAreNotRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	good := writeFile(t, "good.md", "Text.\n")
	args := []string{"chunks", fifo, "/dev/zero"}
	lying := fmt.Sprintf("/proc/%d/pagemap", os.Getpid())
	if _, err := os.Stat(lying); err == nil {
		args = append(args, lying)
	}
	out, errOut, code := runCLIWithin(t, fifo, append(args, good)...)
	if code != exitError || !strings.Contains(out, "good.md: 1 chunk") {
		t.Errorf("chunks: exit %d, stdout %q", code, out)
	}
	for _, want := range []string{"pipe.md: not a regular file", "/dev/zero: not a regular file"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("chunks: stderr %q lacks %q", errOut, want)
		}
	}
	if len(args) > 3 && !strings.Contains(errOut, "pagemap: larger than 20 MB") {
		t.Errorf("chunks: stderr %q lacks the lying file's reason", errOut)
	}
	for _, flag := range []string{"--golden", "--halves"} {
		_, errOut, code = runCLIWithin(t, fifo, "eval", "--corpus", t.TempDir(), flag, fifo)
		if code != exitError || !strings.Contains(errOut, "pipe.md: not a regular file") {
			t.Errorf("eval %s FIFO: exit %d, stderr %q", flag, code, errOut)
		}
	}
	_, errOut, code = runCLIWithin(t, fifo, "eval", "--corpus", t.TempDir(), "--queries", writeFile(t, "q.jsonl", `{"_id": "1", "text": "fever"}`+"\n"), "--qrels", fifo)
	if code != exitError || !strings.Contains(errOut, "pipe.md: not a regular file") {
		t.Errorf("eval --qrels FIFO: exit %d, stderr %q", code, errOut)
	}
}
