//go:build unix

package index

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process with this id runs on this
// machine (signal 0 checks without sending anything).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// dirWritable asks the system whether files can be created in dir: false
// on read-only media and folders without write permission.
func dirWritable(dir string) bool {
	const wOK = 2 // W_OK
	return syscall.Access(dir, wOK) == nil
}
