//go:build unix

package app

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A SIGTERM during eval removes its temporary library.
func TestEvalKilledRemovesItsTemporaryLibrary(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	corpus := manyNotes(t, 3000)
	golden := writeFile(t, "g.jsonl", `{"q":"shared word","answer":"shared word"}`+"\n")
	go func() {
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if m, _ := filepath.Glob(filepath.Join(tmp, "folio-eval-*", "eval.db")); len(m) > 0 {
				syscall.Kill(os.Getpid(), syscall.SIGTERM)
				return
			}
		}
	}()
	_, errOut, code := runCLI(t, "eval", "--corpus", corpus, "--golden", golden)
	if m, _ := filepath.Glob(filepath.Join(tmp, "folio-eval-*")); len(m) > 0 || code == exitOK {
		t.Errorf("after SIGTERM: exit %d %q, left %v", code, errOut, m)
	}
}

func TestEvalSaysALineIsTooLong(t *testing.T) {
	golden := writeFile(t, "g.jsonl", `{"q":"a","answer":"b"}`+"\n"+`{"q":"`+strings.Repeat("x", 2<<20)+`"}`+"\n")
	_, errOut, code := runCLI(t, "eval", "--corpus", t.TempDir(), "--golden", golden)
	if code != exitError || !strings.Contains(errOut, "g.jsonl:2: a line longer than 1 MB") || strings.Contains(errOut, "bufio") {
		t.Errorf("exit %d %q", code, errOut)
	}
}
