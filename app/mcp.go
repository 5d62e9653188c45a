package app

import (
	"io"
	"os"

	"folio/index"
	"folio/mcp"
)

// runMCP serves the library over the Model Context Protocol on stdin and
// stdout until the client closes stdin. The library is opened read-only:
// the window or `folio watch` may go on writing it (WAL readers do not
// block writers), and nothing a client sends can change it.
func runMCP(e *env, args []string) int {
	return libraryCommand(e, newFlagSet(e, "mcp"), args, index.ReadOnly, noArgs, func(ix *index.Index, _ []string) int {
		ctx, stop := interruptible()
		defer stop()
		in := e.stdin
		if in == nil {
			in = os.Stdin
		}
		// The protocol's JSON goes out as written: encoding/json escapes
		// every control character, so the terminal cleaning is not needed.
		if err := mcp.Serve(ctx, ix, versionLine(), io.NopCloser(in), nopWriteCloser{rawWriter(e.stdout)}, rawWriter(e.stderr)); err != nil {
			return fail(e, err)
		}
		return exitOK
	})
}

// nopWriteCloser leaves closing stdout to the process.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
