//go:build unix

package files

import (
	"io/fs"
	"os"
	"syscall"
)

// nonblock opens a file without waiting: a FIFO that was renamed into
// place after the walk must not block the import.
const nonblock = syscall.O_NONBLOCK

// nofollow refuses a path whose last name is a symbolic link, so a note
// swapped for a link after it was checked cannot be opened through it.
const nofollow = syscall.O_NOFOLLOW

// sameListed reports that the opened file is the one the walk listed
// (device and inode), so a note renamed over by another file, or by a
// link, between the listing and the read is not read in its place.
func sameListed(listed, opened fs.FileInfo) bool { return os.SameFile(listed, opened) }
