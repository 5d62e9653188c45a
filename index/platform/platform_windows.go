//go:build windows

package platform

import "syscall"

// ProcessAlive reports whether a process with this id runs on this machine.
func ProcessAlive(pid int) bool {
	const queryLimitedInformation = 0x1000 // PROCESS_QUERY_LIMITED_INFORMATION
	h, err := syscall.OpenProcess(queryLimitedInformation, false, uint32(pid))
	if err != nil {
		return false
	}
	defer syscall.CloseHandle(h)
	var code uint32
	if err := syscall.GetExitCodeProcess(h, &code); err != nil {
		return false
	}
	return code == 259 // STILL_ACTIVE
}

// DirWritable: Windows has no write permission bit on folders that SQLite
// would trip over; a failure to create the journal shows when opening.
func DirWritable(string) bool { return true }
