//go:build windows

package files

import "io/fs"

// nonblock: Windows has no FIFOs in the file system to wait on.
const nonblock = 0

// nofollow: Windows has no such flag; the opened file is compared with
// the listed one instead (sameListed).
const nofollow = 0

// fileID tells the opened file from the listed one by size and time:
// Windows' file ids of a listed name and of an open handle are read two
// ways, and Wine's do not agree (os.SameFile said every note had been
// replaced). A file swapped for another of the same size and time is not
// caught here; making a link on Windows takes administrator rights.
type fileID struct{ size, mtime int64 }

func idOf(info fs.FileInfo) fileID {
	return fileID{size: info.Size(), mtime: info.ModTime().UnixNano()}
}
