package files

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Reads given up on are bounded: past maxStuck of them, a file is given
// up on at once, and a read that returns frees its place. Reads under way
// count only once given up on, however many workers read at once.
func TestHungReadsAreBounded(t *testing.T) {
	dir := t.TempDir()
	path, hung := filepath.Join(dir, "a.md"), filepath.Join(dir, "hung.md")
	for _, p := range []string{path, hung} {
		if err := os.WriteFile(p, []byte("# A\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	release := make(chan struct{})
	OpenForRead = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		if name == hung {
			<-release
		}
		return os.OpenFile(name, flag, perm)
	}
	defer func() { OpenForRead = os.OpenFile }()
	ctx := context.Background()
	for i := 0; i < maxStuck; i++ {
		if _, err := ReadRegularWithin(ctx, hung, time.Millisecond); !errors.Is(err, ErrTooSlow) {
			t.Fatalf("read %d: %v", i, err)
		}
	}
	if _, err := ReadRegularWithin(ctx, path, time.Hour); !errors.Is(err, ErrTooSlow) {
		t.Fatalf("a read past the bound was started: %v", err)
	}
	close(release)
	deadline := time.Now().Add(30 * time.Second)
	for stuck.Load() > 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if data, err := ReadRegularWithin(ctx, path, time.Hour); err != nil || string(data) != "# A\n" {
		t.Errorf("after the hung reads returned: %q %v", data, err)
	}
}
