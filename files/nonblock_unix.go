//go:build unix

package files

import "syscall"

// nonblock opens a file without waiting: a FIFO that was renamed into
// place after the walk must not block the import.
const nonblock = syscall.O_NONBLOCK

// nofollow refuses a path whose last name is a symbolic link, so a note
// swapped for a link after it was checked cannot be opened through it.
const nofollow = syscall.O_NOFOLLOW
