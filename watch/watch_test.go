package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"folio/internal/testutil"
)

// watching starts a Watcher on dir with short delays and returns the
// batches it delivers.
func watching(t *testing.T, dir string, opt Options, prepare func(*Watcher)) (*Watcher, chan Batch) {
	t.Helper()
	batches := make(chan Batch, 100)
	w, err := New(func(_ context.Context, b Batch) { batches <- b }, opt)
	if err != nil {
		t.Fatal(err)
	}
	if prepare != nil {
		prepare(w)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- w.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	w.Sync([]string{dir})
	deadline := time.Now().Add(5 * time.Second)
	for {
		if st := w.Status(); len(st) == 1 && (st[0].Folders > 0 || st[0].Polled) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not watching after 5 s: %+v", w.Status())
		}
		time.Sleep(5 * time.Millisecond)
	}
	return w, batches
}

// expect waits for batches until one path set holds all of want.
func expect(t *testing.T, batches chan Batch, what string, want ...string) Batch {
	t.Helper()
	seen := map[string]bool{}
	timeout := time.After(5 * time.Second)
	for {
		select {
		case b := <-batches:
			if b.Paths == nil && want == nil {
				return b
			}
			for _, p := range b.Paths {
				seen[p] = true
			}
			ok := want != nil
			for _, p := range want {
				ok = ok && seen[p]
			}
			if ok {
				return b
			}
		case <-timeout:
			t.Fatalf("%s: no batch with %q within 5 s (saw %v)", what, want, seen)
		}
	}
}

func TestWatcherReportsEditsCreatesDeletesRenamesAndNewSubfolders(t *testing.T) {
	dir := t.TempDir()
	testutil.WriteFile(t, filepath.Join(dir, "a.md"), "# A\n")
	testutil.WriteFile(t, filepath.Join(dir, "sub", "b.md"), "# B\n")
	testutil.WriteFile(t, filepath.Join(dir, ".git", "HEAD"), "ref\n")
	w, batches := watching(t, dir, Options{Quiet: 30 * time.Millisecond}, nil)
	if st := w.Status()[0]; st.Polled || st.Folders != 2 {
		t.Errorf("status %+v, want the folder and sub watched (not .git)", st)
	}

	testutil.WriteFile(t, filepath.Join(dir, "a.md"), "# A\n\nedited\n")
	expect(t, batches, "edit", "a.md")
	testutil.WriteFile(t, filepath.Join(dir, "c.md"), "# C\n")
	expect(t, batches, "create", "c.md")
	if err := os.Remove(filepath.Join(dir, "sub", "b.md")); err != nil {
		t.Fatal(err)
	}
	expect(t, batches, "delete", "sub/b.md")
	if err := os.Rename(filepath.Join(dir, "a.md"), filepath.Join(dir, "z.md")); err != nil {
		t.Fatal(err)
	}
	expect(t, batches, "rename", "a.md", "z.md")

	// A new subfolder: its scan covers what was written into it at once,
	// and it is watched from then on.
	testutil.WriteFile(t, filepath.Join(dir, "new", "n.md"), "# N\n")
	expect(t, batches, "new subfolder", "new")
	testutil.WriteFile(t, filepath.Join(dir, "new", "deeper", "m.md"), "# M\n")
	expect(t, batches, "file in a new subfolder", "new/deeper")
	testutil.WriteFile(t, filepath.Join(dir, "new", "deeper", "m.md"), "# M\n\nagain\n")
	expect(t, batches, "edit in a new subfolder", "new/deeper/m.md")

	// What a scan leaves out makes no batch: hidden files, other kinds.
	testutil.WriteFile(t, filepath.Join(dir, ".draft.md"), "x")
	testutil.WriteFile(t, filepath.Join(dir, "notes.txt"), "x")
	testutil.WriteFile(t, filepath.Join(dir, ".git", "index"), "x")
	select {
	case b := <-batches:
		t.Errorf("batch for ignored files: %+v", b)
	case <-time.After(300 * time.Millisecond):
	}
}

// A burst of changes (a branch switch) is one batch, not one per file.
func TestWatcherTurnsABurstIntoOneBatch(t *testing.T) {
	dir := t.TempDir()
	_, batches := watching(t, dir, Options{Quiet: 200 * time.Millisecond, MaxWait: 10 * time.Second, MaxPaths: 5000}, nil)
	for i := range 2000 {
		testutil.WriteFile(t, filepath.Join(dir, fmt.Sprintf("n%04d.md", i)), "# n\n")
	}
	b := expect(t, batches, "burst", "n0000.md", "n1999.md")
	if len(b.Paths) != 2000 {
		t.Errorf("burst gave a batch of %d paths, want all 2,000 in one", len(b.Paths))
	}
}

func TestWatcherPollsAFolderItCannotWatch(t *testing.T) {
	dir := t.TempDir()
	testutil.WriteFile(t, filepath.Join(dir, "sub", "b.md"), "# B\n")
	calls := 0
	w, batches := watching(t, dir, Options{Poll: 100 * time.Millisecond}, func(w *Watcher) {
		add := w.addWatch
		w.addWatch = func(d string) error {
			if calls++; calls > 1 {
				return fmt.Errorf("add watch: %w", syscall.ENOSPC) // as inotify says at its limit
			}
			return add(d)
		}
	})
	st := w.Status()[0]
	if !st.Polled || !strings.Contains(st.Reason, "max_user_watches") || st.Folders != 0 {
		t.Errorf("status %+v, want polled with the watch limit as reason and no watches left", st)
	}
	expect(t, batches, "poll") // a whole-folder batch
}

func TestWatcherKeepsAnOfflineFolderAndWatchesItWhenItIsBack(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "usb")
	testutil.WriteFile(t, filepath.Join(dir, "a.md"), "# A\n")
	w, batches := watching(t, dir, Options{Quiet: 20 * time.Millisecond, Poll: 100 * time.Millisecond}, nil)
	if err := os.Rename(dir, dir+".off"); err != nil {
		t.Fatal(err)
	}
	expect(t, batches, "folder gone") // a whole-folder scan: it marks the folder offline
	if st := w.Status()[0]; !st.Polled || !strings.Contains(st.Reason, "offline") {
		t.Errorf("status %+v, want offline", st)
	}
	if err := os.Rename(dir+".off", dir); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for st := w.Status()[0]; st.Polled; st = w.Status()[0] {
		if time.Now().After(deadline) {
			t.Fatalf("still %+v after the folder came back", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The scan of its return comes first (whole); then changes are
	// reported by path again, not by polling.
	expect(t, batches, "back")
	time.Sleep(300 * time.Millisecond)
	for len(batches) > 0 {
		<-batches
	}
	testutil.WriteFile(t, filepath.Join(dir, "b.md"), "# B\n")
	expect(t, batches, "watched again", "b.md")
}

func TestWatcherDropsFoldersNoLongerInTheLibrary(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	w, batches := watching(t, a, Options{Quiet: 20 * time.Millisecond}, nil)
	w.Sync([]string{b})
	deadline := time.Now().Add(5 * time.Second)
	for {
		st := w.Status()
		if len(st) == 1 && st[0].Folder == b && st[0].Folders == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("status %+v, want only %s", st, b)
		}
		time.Sleep(5 * time.Millisecond)
	}
	testutil.WriteFile(t, filepath.Join(a, "x.md"), "x")
	testutil.WriteFile(t, filepath.Join(b, "y.md"), "y")
	got := expect(t, batches, "the folder kept", "y.md")
	if got.Folder != b || slices.Contains(got.Paths, "x.md") {
		t.Errorf("batch %+v", got)
	}
}

// WaitSynced returns once the folders are watched, so a scan started then
// misses nothing: a subfolder made right after is reported.
func TestWaitSyncedMeansWatched(t *testing.T) {
	dir := t.TempDir()
	batches := make(chan Batch, 10)
	w, err := New(func(_ context.Context, b Batch) { batches <- b }, Options{Quiet: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	for range 5 { // lists replacing each other
		w.Sync([]string{dir})
	}
	if !w.WaitSynced(ctx) {
		t.Fatal("WaitSynced gave up")
	}
	if st := w.Status(); len(st) != 1 || st[0].Folders != 1 {
		t.Fatalf("after WaitSynced: %+v", st)
	}
	testutil.WriteFile(t, filepath.Join(dir, "sub", "a.md"), "# A\n")
	expect(t, batches, "right after WaitSynced", "sub")
}
