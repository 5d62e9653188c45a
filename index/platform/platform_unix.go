//go:build unix

package platform

import (
	"errors"
	"syscall"
)

// ProcessAlive reports whether a process with this id runs on this
// machine (signal 0 checks without sending anything).
func ProcessAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// DirWritable asks the system whether files can be created in dir: false
// on read-only media and folders without write permission.
func DirWritable(dir string) bool {
	const wOK = 2 // W_OK
	return syscall.Access(dir, wOK) == nil
}
