//go:build unix

package index

import (
	"syscall"
	"testing"
)

// makeFIFO makes a named pipe: a "file" that would block a reader forever.
func makeFIFO(t *testing.T, path string) bool {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	return true
}
