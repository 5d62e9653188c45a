package app

import (
	"os"
	"syscall"
)

// attachConsole gives a command typed in cmd or PowerShell somewhere to
// print. The Windows build is a GUI-subsystem program, so a desktop launch
// opens no console window; but then a command run from a console has no
// output streams either, unless it attaches to that console. Output that
// is redirected to a file or pipe already has its handle and is kept.
func attachConsole() {
	if h, err := syscall.GetStdHandle(syscall.STD_OUTPUT_HANDLE); err == nil && h != 0 && h != syscall.InvalidHandle {
		return
	}
	const attachParentProcess = ^uintptr(0) // ATTACH_PARENT_PROCESS, (DWORD)-1
	attach := syscall.NewLazyDLL("kernel32.dll").NewProc("AttachConsole")
	if ok, _, _ := attach.Call(attachParentProcess); ok == 0 {
		return // started from the desktop: no console to print to
	}
	if out, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
		os.Stdout, os.Stderr = out, out
	}
}
