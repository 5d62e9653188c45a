package app

import (
	"errors"
	"fmt"
	"strings"

	"folio/ui"
)

// openGUI opens the window on a library with the paths to open; tests
// replace it, since a window must not open for arguments that are refused.
var openGUI = runGUI

// runWindow handles `folio [--db FILE] [FOLDER|FILE.md ...]` (what desktop
// launchers run as `folio %F`): every path is checked before the window
// opens, so a mistyped one is said on the terminal with nothing opened.
// args[0] is known not to be a command.
func runWindow(e *env, args []string) int {
	var db string
	var paths []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			paths = append(paths, args[i+1:]...)
			i = len(args)
		case a == "--db" || a == "-db":
			if i+1 == len(args) {
				fmt.Fprintf(e.stderr, "folio: %s needs a library FILE\n\n", a)
				usage(e.stderr)
				return exitError
			}
			i++
			db = args[i]
		case strings.HasPrefix(a, "--db=") || strings.HasPrefix(a, "-db="):
			_, db, _ = strings.Cut(a, "=")
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(e.stderr, "folio: unknown command or option %q (a file whose name starts with - is given after --)\n\n", a)
			usage(e.stderr)
			return exitError
		default:
			paths = append(paths, a)
		}
	}
	var abs []string
	failed := false
	for _, p := range paths {
		a, _, err := ui.CheckOpenPath(p)
		if err == nil {
			abs = append(abs, a)
			continue
		}
		failed = true
		switch {
		case errors.Is(err, ui.ErrNotMarkdown):
			fmt.Fprintf(e.stderr, "folio: %s is %v\n", p, err)
		case !errors.Is(err, ui.ErrNoSuchPath):
			fmt.Fprintf(e.stderr, "folio: %v\n", err)
		case isCommandName(p):
			fmt.Fprintf(e.stderr, "folio: %q is a command: give --db after it (folio %s --db FILE …)\n", p, p)
		case p == args[0] && looksLikeCommand(p):
			fmt.Fprintf(e.stderr, "folio: unknown command %q, and no file or folder of that name here\n\n", p)
			usage(e.stderr)
			return exitError
		default:
			fmt.Fprintf(e.stderr, "folio: %s: no such file or folder\n", p)
		}
	}
	if failed {
		return exitError
	}
	return openGUI(e, db, abs)
}

// isCommandName reports whether name is one of folio's commands.
func isCommandName(name string) bool {
	switch name {
	case "help", "version":
		return true
	}
	for _, c := range commands {
		if c.name == name {
			return true
		}
	}
	return false
}

// looksLikeCommand reports whether a missing path reads as a mistyped
// command (a bare word) rather than a path (a separator, an extension).
func looksLikeCommand(p string) bool {
	return !strings.ContainsAny(p, `/\.~`)
}
