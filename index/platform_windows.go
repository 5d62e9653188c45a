//go:build windows

package index

import "syscall"

// processAlive reports whether a process with this id runs on this machine.
func processAlive(pid int) bool {
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

// dirWritable: Windows has no write permission bit on folders that SQLite
// would trip over; a failure to create the journal shows when opening.
func dirWritable(string) bool { return true }
