//go:build windows

package files

// nonblock: Windows has no FIFOs in the file system to wait on.
const nonblock = 0
