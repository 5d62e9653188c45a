package platform

import (
	"os"
	"path/filepath"
)

// WALSize is the size of a library's write-ahead log, 0 when it has none.
func WALSize(path string) int64 {
	info, err := os.Stat(path + "-wal")
	if err != nil {
		return 0
	}
	return info.Size()
}

// LibraryWritable reports whether the library file and its folder can be
// written (SQLite needs both: the -wal and -shm files live beside the
// library).
func LibraryWritable(path string) bool {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	f.Close()
	return DirWritable(filepath.Dir(path))
}
