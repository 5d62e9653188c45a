//go:build !windows

package app

// attachConsole is needed on Windows only (console_windows.go).
func attachConsole() {}
