// Package app wires the chunker, the index and the window together and
// holds Folio's command line.
package app

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes of the command line.
const (
	exitOK      = 0
	exitNothing = 1 // a search found nothing
	exitError   = 2 // bad usage or an error
)

// fail says err on stderr as the commands say errors, "folio: …", and
// returns exitError, so a command can end with `return fail(e, err)`.
func fail(e *env, err error) int {
	return failIn(e, "", err)
}

// failIn is fail for a command whose errors name it: "folio eval: …".
func failIn(e *env, command string, err error) int {
	who := "folio"
	if command != "" {
		who += " " + command
	}
	fmt.Fprintf(e.stderr, "%s: %v\n", who, err)
	return exitError
}

// env is what a command may touch: its output streams and arguments.
type env struct {
	stdout, stderr io.Writer
	stdin          io.Reader // nil is os.Stdin; only `folio mcp` reads it
}

// Main runs Folio with the given arguments and returns the exit code.
func Main(args []string) int {
	if len(args) > 0 {
		attachConsole()
	}
	return run(&env{stdout: os.Stdout, stderr: os.Stderr}, args)
}

func run(e *env, args []string) int {
	e = safeEnv(e) // nothing from a note reaches the terminal as a control
	if len(args) == 0 {
		return openGUI(e, "", nil)
	}
	switch args[0] {
	case "help", "-h", "--help", "-help":
		usage(e.stdout)
		return exitOK
	case "--version", "version":
		return runVersion(e, args[1:])
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	// Not a command: the window, on the folders and files given.
	return runWindow(e, args)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: folio [--db FILE] [FOLDER|FILE.md ...]")
	fmt.Fprintln(w, "                                 open the window: a folder is added to the library, a file shown")
	fmt.Fprintln(w, "       folio COMMAND [ARGS]")
	fmt.Fprintln(w, "       folio --version           the version, with SQLite's, Fyne's and goldmark's")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  folio %s %s\n      %s\n", c.name, c.usage, c.summary)
	}
}

// parseFlags parses flags that may stand before, between or after the
// positional arguments, as people type them.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	args, query := splitAtFilter(args)
	positional, err := parseFlagsAndWords(fs, args)
	if err != nil {
		return nil, err
	}
	return append(positional, query...), nil
}

// splitAtFilter cuts args where a negated filter ("-tag:draft") stands: it
// is a query word, not a flag (no flag has a colon in its name), and the
// query starts there.
func splitAtFilter(args []string) (flags, query []string) {
	for i, a := range args {
		if a == "--" {
			break
		}
		if len(a) > 1 && a[0] == '-' && strings.Contains(strings.SplitN(a, "=", 2)[0], ":") {
			return args[:i], args[i:]
		}
	}
	return args, nil
}

func parseFlagsAndWords(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		if args[0] == "--" {
			return append(positional, args[1:]...), nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

func newFlagSet(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	for _, c := range commands {
		if c.name == name {
			fs.Usage = func() {
				fmt.Fprintf(e.stderr, "Usage: folio %s %s\n", c.name, c.usage)
				fs.PrintDefaults()
			}
		}
	}
	return fs
}

func plural(n int, one string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	if strings.HasSuffix(one, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(one, "y"))
	}
	return fmt.Sprintf("%d %ss", n, one)
}
