//go:build unix

package files

import (
	"fmt"
	"path/filepath"
	"syscall"
)

// RootIdentity names the folder at path as the system knows it (device
// and inode), and says whether it is a mount point now: a scan tells a
// folder whose notes were deleted (same folder, not a mount point) from an
// unmounted drive (an empty mount point, or another folder in its place).
// ok is false when the system cannot tell.
func RootIdentity(path string) (id string, mount bool, ok bool) {
	var st, parent syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return "", false, false
	}
	if err := syscall.Stat(filepath.Dir(filepath.Clean(path)), &parent); err != nil {
		return "", false, false
	}
	// A mount point's device differs from its parent's; "/" is its own
	// parent.
	mount = st.Dev != parent.Dev || st.Ino == parent.Ino
	return fmt.Sprintf("%d:%d", uint64(st.Dev), uint64(st.Ino)), mount, true
}
