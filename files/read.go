package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// OpenForRead opens notes for ReadRegular; tests (the index's too) make it
// fail as a file that cannot be read, or vanished since the listing, would
// (root reads any file, so permissions alone cannot test that).
var OpenForRead = os.OpenFile

// ReadRegular reads a note that was a regular file when listed, refusing
// anything that became something else since (a FIFO would block forever)
// or grew past MaxFileSize.
func ReadRegular(path string) ([]byte, error) {
	f, err := OpenForRead(path, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if info.Size() > MaxFileSize {
		return nil, fmt.Errorf("larger than %d MB", MaxFileSize>>20)
	}
	return io.ReadAll(f)
}

// ErrTooSlow is a read given up on: the file did not arrive in time.
var ErrTooSlow = errors.New("too slow to read")

// stuck counts the reads given up on that have not returned yet: a hung
// share must not pile up a blocked thread per file.
var stuck atomic.Int32

const maxStuck = 16

// ReadRegularWithin is ReadRegular that gives up after timeout, or when
// ctx ends, so a hung read (a stalled network share, a FUSE server that
// stopped answering) does not hold up the rest of a scan. The read itself
// goes on until the system returns it; while 16 such reads are pending,
// further files are given up on at once.
func ReadRegularWithin(ctx context.Context, path string, timeout time.Duration) ([]byte, error) {
	if stuck.Load() >= maxStuck {
		return nil, fmt.Errorf("%w (other reads from this disk hang)", ErrTooSlow)
	}
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	var mu sync.Mutex
	finished, abandoned := false, false
	go func() {
		data, err := ReadRegular(path)
		mu.Lock()
		finished = true
		if abandoned {
			stuck.Add(-1)
		}
		mu.Unlock()
		done <- result{data, err}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	var err error
	select {
	case r := <-done:
		return r.data, r.err
	case <-t.C:
		err = fmt.Errorf("%w (nothing within %s)", ErrTooSlow, timeout)
	case <-ctx.Done():
		err = ctx.Err()
	}
	mu.Lock()
	if !finished {
		abandoned = true
		stuck.Add(1)
	}
	mu.Unlock()
	return nil, err
}
