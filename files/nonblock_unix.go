//go:build unix

package files

import (
	"io/fs"
	"syscall"
)

// nonblock opens a file without waiting: a FIFO that was renamed into
// place after the walk must not block the import.
const nonblock = syscall.O_NONBLOCK

// nofollow refuses a path whose last name is a symbolic link, so a note
// swapped for a link after it was checked cannot be opened through it.
const nofollow = syscall.O_NOFOLLOW

// fileID is a file's device and inode: the opened file must be the one the
// walk listed, so a note renamed over by another file, or by a link,
// between the listing and the read is not read in its place.
type fileID struct{ dev, ino uint64 }

func idOf(info fs.FileInfo) fileID {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}
	}
	return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}
}
