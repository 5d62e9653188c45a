// Package launch opens files and folders in the programs the desktop has
// for them: $VISUAL or $EDITOR at a line, else the system's default.
package launch

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// FileURL is path as a file URL, escaped (a folder named "Notes #1" is not
// "Notes " with a fragment), and file:///C:/… for a Windows path.
func FileURL(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// DefaultOpener opens path in the application the system associates with
// it (no shell: a path with & or spaces stays one argument).
func DefaultOpener(path string) *exec.Cmd {
	switch runtime.GOOS {
	case "windows":
		return exec.Command("rundll32", "url.dll,FileProtocolHandler", path)
	case "darwin":
		return exec.Command("open", path)
	}
	return exec.Command("xdg-open", path)
}

// InEditor opens path in $VISUAL or $EDITOR at line, else in the
// system's default application for Markdown.
func InEditor(path string, line int) error {
	if _, err := os.Stat(path); err != nil {
		return err
	}
	cmd := DefaultOpener(path)
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if ed := strings.Fields(os.Getenv(v)); len(ed) > 0 {
			args := append(ed, "+"+strconv.Itoa(line), path)
			// A terminal editor started from a window needs a terminal.
			if terminalEditors[filepath.Base(ed[0])] {
				if term, err := exec.LookPath("x-terminal-emulator"); err == nil {
					args = append([]string{term, "-e"}, args...)
				}
			}
			cmd = exec.Command(args[0], args[1:]...)
			break
		}
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() // reap the child; its exit status is the editor's business
	return nil
}

// terminalEditors are editors that run inside a terminal.
var terminalEditors = map[string]bool{"vi": true, "vim": true, "nvim": true, "nano": true, "emacs": true,
	"micro": true, "hx": true, "helix": true, "kak": true, "joe": true, "ne": true, "mcedit": true}
