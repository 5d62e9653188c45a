//go:build !((linux || freebsd || openbsd || netbsd) && !ci)

package app

// displayAvailable: Windows and macOS always have a desktop for a program
// started by a person; the headless test driver (-tags ci) needs none.
func displayAvailable() error { return nil }
