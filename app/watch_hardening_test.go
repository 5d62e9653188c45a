package app

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"folio/index"
	"folio/internal/testutil"
	"folio/watch"
)

// watchProc is a `folio watch` process whose output lines a test waits
// for.
type watchProc struct {
	t      *testing.T
	cmd    *exec.Cmd
	lines  chan string
	out    []string
	stderr strings.Builder
}

func startWatch(t *testing.T, args ...string) *watchProc {
	t.Helper()
	p := &watchProc{t: t, cmd: folioCmd(t, append([]string{"watch"}, args...)...), lines: make(chan string, 100)}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	return p
}

// waitFor waits (generously) for a line holding what.
func (p *watchProc) waitFor(what string) {
	p.t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("folio watch ended before %q:\n%s\n%s", what, strings.Join(p.out, "\n"), p.stderr.String())
			}
			p.out = append(p.out, l)
			if strings.Contains(l, what) {
				return
			}
		case <-timeout:
			p.t.Fatalf("no %q within 30 s:\n%s\n%s", what, strings.Join(p.out, "\n"), p.stderr.String())
		}
	}
}

// stop sends sig and waits for the process to end.
func (p *watchProc) stop(sig os.Signal) error {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- p.cmd.Wait() }()
	select {
	case err := <-exited:
		return err
	case <-time.After(30 * time.Second):
		p.cmd.Process.Kill()
		p.t.Fatalf("folio watch did not stop within 30 s:\n%s", strings.Join(p.out, "\n"))
		return nil
	}
}

// systemd stops a service with SIGTERM: the library is closed cleanly, as
// after Ctrl+C.
func TestWatchStopsCleanlyOnSIGTERM(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{"a.md": "# A\n\nalpha\n"})
	p := startWatch(t, "--db", db)
	p.waitFor("watching 1")
	if err := p.stop(syscall.SIGTERM); err != nil {
		t.Errorf("folio watch after SIGTERM: %v\n%s", err, p.stderr.String())
	}
	ix, err := index.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if ix.Unclean() {
		t.Error("the library was not closed cleanly after SIGTERM")
	}
}

// A folder another program adds while `folio watch` runs is watched and
// scanned once on pickup: a note written between that program's import
// and the pickup is indexed too.
func TestWatchIndexesANoteWrittenInAJustAddedFolder(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{"a.md": "# A\n\nalpha\n"})
	p := startWatch(t, "--db", db)
	p.waitFor("watching 1")
	ix, err := index.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	ctx := context.Background()
	added := t.TempDir()
	testutil.WriteFile(t, filepath.Join(added, "first.md"), "# First\n\nfirstword\n")
	if _, err := ix.AddFolder(ctx, added, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	testutil.WriteFile(t, filepath.Join(added, "late.md"), "# Late\n\nlatecomerword\n")
	deadline := time.Now().Add(30 * time.Second)
	for {
		r, err := ix.Search(ctx, "latecomerword", index.SearchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Hits) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a note written just after its folder was added is not indexed 30 s later:\n%s\n%s", strings.Join(p.out, "\n"), p.stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := p.stop(os.Interrupt); err != nil {
		t.Error(err)
	}
}

// A batch whose write fails (a full disk) is tried again, as a scan of its
// whole folder, until it succeeds.
func TestWatchRetriesAFailedWrite(t *testing.T) {
	db, dir := newLibraryWith(t, map[string]string{"a.md": "# A\n\nalpha\n"})
	ix, err := index.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	fails := failCommits(t, 3)
	var out, errOut syncBuffer
	w, err := batchWatcher(&env{stdout: &out, stderr: &errOut}, ix, watch.Options{Quiet: 20 * time.Millisecond, RetryMin: 50 * time.Millisecond, RetryMax: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	defer func() {
		cancel()
		<-done
	}()
	w.Sync([]string{dir})
	if !w.WaitSynced(ctx) {
		t.Fatal("not watching")
	}
	testutil.WriteFile(t, filepath.Join(dir, "b.md"), "# B\n\nretryword\n")
	deadline := time.Now().Add(30 * time.Second)
	for {
		r, err := ix.Search(ctx, "retryword", index.SearchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Hits) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a note whose write failed is not indexed 30 s later:\n%s\n%s", out.String(), errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if fails.Load() > 0 {
		t.Errorf("indexed with %d failures still to come", fails.Load())
	}
	if !strings.Contains(errOut.String(), "disk is full") {
		t.Errorf("the failure was not reported: %q", errOut.String())
	}
}

// syncBuffer is a buffer the watcher's goroutine writes while the test
// reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The catch-up scan that starts `folio watch` failing to write (a full
// disk) does not end it: the folder is tried again until it is indexed.
func TestWatchCatchUpRetriesAFailedWrite(t *testing.T) {
	db, dir := newLibraryWith(t, map[string]string{"a.md": "# A\n\nalpha\n"})
	testutil.WriteFile(t, filepath.Join(dir, "b.md"), "# B\n\nwhileclosedword\n")
	ix, err := index.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	failCommits(t, 2)
	var out, errOut syncBuffer
	e := &env{stdout: &out, stderr: &errOut}
	w, err := batchWatcher(e, ix, watch.Options{Quiet: 20 * time.Millisecond, RetryMin: 50 * time.Millisecond, RetryMax: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	defer func() {
		cancel()
		<-done
	}()
	w.Sync([]string{dir})
	if !w.WaitSynced(ctx) {
		t.Fatal("not watching")
	}
	if _, err := catchUp(ctx, e, ix, w, []string{dir}); err != nil {
		t.Fatalf("the catch-up gave up: %v", err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		r, err := ix.Search(ctx, "whileclosedword", index.SearchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Hits) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the note is not indexed 30 s after the catch-up failed:\n%s\n%s", out.String(), errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// failCommits makes the library's next n commits fail as a full disk does,
// until the test ends; the count left is returned.
func failCommits(t *testing.T, n int32) *atomic.Int32 {
	fails := new(atomic.Int32)
	fails.Store(n)
	index.CommitFault = func() error {
		if fails.Add(-1) >= 0 {
			return errors.New("database or disk is full")
		}
		return nil
	}
	t.Cleanup(func() { index.CommitFault = nil })
	return fails
}
