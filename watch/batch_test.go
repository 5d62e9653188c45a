package watch

import (
	"reflect"
	"testing"
	"time"
)

func TestBatchesWaitForQuietAndNoLongerThanMaxWait(t *testing.T) {
	t0 := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	b := newBatcher(300*time.Millisecond, 2*time.Second, 100)

	// An editor's save: three writes of one file, a rename of its backup.
	b.add("/notes", "a.md", at(0))
	b.add("/notes", "a.md", at(40))
	b.add("/notes", "a.md~", at(60))
	if got := b.due(at(200)); len(got) != 0 {
		t.Fatalf("due while changes are not quiet: %+v", got)
	}
	if next, ok := b.next(); !ok || !next.Equal(at(360)) {
		t.Errorf("next = %v, %v; want 360 ms", next, ok)
	}
	got := b.due(at(360))
	want := []Batch{{Folder: "/notes", Paths: []string{"a.md", "a.md~"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("due = %+v, want %+v", got, want)
	}
	if _, ok := b.next(); ok {
		t.Error("something still pending after the batch")
	}

	// Changes that never pause are still delivered after maxWait.
	for ms := 0; ms <= 2000; ms += 100 {
		b.add("/notes", "big.md", at(10_000+ms))
	}
	if got := b.due(at(12_000)); len(got) != 1 {
		t.Errorf("after maxWait of constant changes: %+v, want one batch", got)
	}
}

func TestBatchesCoverFoldersOnceAndBecomeWholeFolderScans(t *testing.T) {
	t0 := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	b := newBatcher(time.Millisecond, time.Second, 3)
	b.add("/notes", "sub/x.md", t0)
	b.add("/notes", "sub", t0) // a new subfolder: its scan covers x.md
	b.add("/notes", "a.md", t0)
	b.add("/work", "w.md", t0)
	got := b.due(t0.Add(time.Second))
	want := []Batch{{Folder: "/notes", Paths: []string{"a.md", "sub"}}, {Folder: "/work", Paths: []string{"w.md"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("due = %+v, want %+v", got, want)
	}

	// A burst (a branch switch): past maxPaths, one scan of the folder.
	for _, p := range []string{"1.md", "2.md", "3.md", "4.md", "5.md"} {
		b.add("/notes", p, t0)
	}
	got = b.due(t0.Add(time.Second))
	if len(got) != 1 || got[0].Paths != nil {
		t.Errorf("burst: %+v, want one whole-folder batch", got)
	}
	b.add("/notes", "", t0) // the whole folder, then a path: still whole
	b.add("/notes", "a.md", t0)
	if got := b.due(t0.Add(time.Second)); len(got) != 1 || got[0].Paths != nil {
		t.Errorf("whole then path: %+v", got)
	}
}
