//go:build unix

package files

import "syscall"

// nonblock opens a file without waiting: a FIFO that was renamed into
// place after the walk must not block the import.
const nonblock = syscall.O_NONBLOCK
