package files

import (
	"errors"
	"fmt"
	"io"
	"os"
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
