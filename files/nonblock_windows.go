//go:build windows

package files

// nonblock: Windows has no FIFOs in the file system to wait on.
const nonblock = 0

// nofollow: Windows has no such flag; the opened file is compared with
// the listed one instead (os.SameFile), which catches a swap too.
const nofollow = 0
