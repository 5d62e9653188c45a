package watch

import "syscall"

// networkFS names the kind of network file system dir is on, or "" for a
// local one. The kernel reports only this machine's changes on those, so
// such a folder is scanned from time to time instead.
func networkFS(dir string) string {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return ""
	}
	switch uint32(st.Type) {
	case 0x6969:
		return "NFS"
	case 0x517B, 0xFF534D42, 0xFE534D42:
		return "SMB"
	case 0x65735546:
		return "FUSE (sshfs, rclone…)"
	case 0x564C:
		return "NCP"
	case 0x6B414653:
		return "AFS"
	case 0x47504653:
		return "GPFS"
	case 0x01021997:
		return "9P"
	}
	return ""
}
