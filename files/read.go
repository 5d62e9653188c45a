package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// OpenForRead opens notes for ReadRegular and ReadListed; tests (the
// index's too) make it fail as a file that cannot be read, or vanished
// since the listing, would (root reads any file, so permissions alone
// cannot test that).
var OpenForRead = os.OpenFile

// errNotRegular is what every read says of a folder, FIFO or device.
var errNotRegular = errors.New("not a regular file")

// ReadRegular reads the regular file at path, following links: for a file
// a person named. The file opened is the file checked (fstat), so a FIFO
// or device put in its place is refused rather than waited on.
func ReadRegular(path string) ([]byte, error) {
	f, info, err := openRegular(path, 0, fileID{})
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readNote(f, info)
}

// ReadListed reads a file a walk listed, and only that file: the path is
// opened without following a link (a link inside the folder is read at
// the file it resolved to), and a file that is not the one listed (a link
// or another file renamed into its place since) is refused.
func ReadListed(found Found) ([]byte, error) {
	path := found.Abs()
	if found.Real != "" {
		path = found.Real
	}
	f, info, err := openRegular(path, nofollow, found.ID)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readNote(f, info)
}

// ReadInside reads a note of the folder root, following links only while
// they stay inside root, as a walk would have listed it.
func ReadInside(root, path string) ([]byte, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, err
	}
	if !Inside(realRoot, real) {
		return nil, fmt.Errorf("%s: a symbolic link to a file outside the folder", path)
	}
	f, info, err := openRegular(real, nofollow, fileID{})
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readNote(f, info)
}

// OpenRegular opens the regular file at path for a reader of its own (the
// evaluation's JSON lines), refusing a FIFO, device or folder at once
// rather than blocking on it or reading it without end.
func OpenRegular(path string) (*os.File, error) {
	f, _, err := openRegular(path, 0, fileID{})
	if err != nil {
		var pe *fs.PathError
		if !errors.As(err, &pe) {
			err = &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return nil, err
	}
	return f, nil
}

// readNote reads at most MaxFileSize and a step more, whatever the file
// said its size was (a FUSE or /proc file may report 0 bytes and never
// end), and refuses a file that has more; a file that says it is larger is
// refused unread. Reads are whole pages, as some such files (Linux's
// pagemap) accept only aligned lengths: the first as many as the file said
// it holds and more (so its end is found without a second buffer: 64 KB
// for every 2 KB note cost an import of tldr a third of its time in the
// collector), then a fixed step more whenever the buffer is full.
func readNote(f *os.File, info os.FileInfo) ([]byte, error) {
	if info.Size() > MaxFileSize {
		return nil, errTooLarge
	}
	const page, step = 4 << 10, 64 << 10
	data := make([]byte, 0, int(info.Size()/page+1)*page)
	for len(data) <= MaxFileSize {
		if len(data) == cap(data) {
			data = slices.Grow(data, step)
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, errTooLarge
}

var errTooLarge = fmt.Errorf("larger than %d MB", MaxFileSize>>20)

// openRegular opens path without blocking (flag adds nofollow) and checks
// the opened file itself: regular and, given listed, the same file as
// listed.
func openRegular(path string, flag int, listed fileID) (*os.File, os.FileInfo, error) {
	f, err := OpenForRead(path, os.O_RDONLY|nonblock|flag, 0)
	if err != nil {
		if flag&nofollow != 0 {
			if info, lerr := os.Lstat(path); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
				return nil, nil, errors.New("replaced by a symbolic link since it was listed")
			}
		}
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	switch {
	case !info.Mode().IsRegular():
		err = errNotRegular
	case listed != (fileID{}) && listed != idOf(info):
		err = errors.New("replaced by another file since it was listed")
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
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
	return within(ctx, timeout, func() ([]byte, error) { return ReadRegular(path) })
}

// ReadListedWithin is ReadListed with ReadRegularWithin's time limit: the
// file read is the file listed, and a hung read does not stall the scan.
func ReadListedWithin(ctx context.Context, found Found, timeout time.Duration) ([]byte, error) {
	return within(ctx, timeout, func() ([]byte, error) { return ReadListed(found) })
}

func within(ctx context.Context, timeout time.Duration, read func() ([]byte, error)) ([]byte, error) {
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
		data, err := read()
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
