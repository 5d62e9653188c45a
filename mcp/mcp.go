// Package mcp serves the library to assistants over the Model Context
// Protocol (stdio, JSON-RPC 2.0), with the official Go SDK doing the
// protocol: three tools that only read — search, read and folders. It
// reaches the index only through Library, which has no write method.
package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"folio/index"
)

// Library is what the server needs of the index: reading only, so no tool
// can add, change or remove anything, whatever a client sends.
type Library interface {
	Search(ctx context.Context, query string, opt index.SearchOptions) (*index.Results, error)
	Folders(ctx context.Context) ([]index.Folder, error)
}

// Tool names, exactly the tools the server has.
const (
	ToolSearch  = "search"
	ToolRead    = "read"
	ToolFolders = "folders"
)

// Bounds on what one answer holds, so a model's context is not flooded.
const (
	DefaultLimit = 10
	MaxLimit     = 50
	MaxHitText   = 4000  // characters of a passage's text in a search hit
	MaxReadLines = 400   // lines one read returns
	MaxReadChars = 64000 // characters one read returns
)

// NewServer returns a server with the three tools over lib. version is
// Folio's, as the client sees it in the initialize answer. logs (stderr:
// stdout is the protocol) receives the SDK's warnings and errors.
func NewServer(lib Library, version string, logs io.Writer) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "folio", Title: "Folio", Version: version},
		&sdk.ServerOptions{
			Instructions: instructions,
			Logger:       slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn})),
		})
	t := &tools{lib: lib}
	sdk.AddTool(s, &sdk.Tool{Name: ToolSearch, Description: searchDescription, Annotations: readOnly("Search the notes")}, t.search)
	sdk.AddTool(s, &sdk.Tool{Name: ToolRead, Description: readDescription, Annotations: readOnly("Read lines of a note")}, t.read)
	sdk.AddTool(s, &sdk.Tool{Name: ToolFolders, Description: foldersDescription, Annotations: readOnly("List the library's folders")}, t.folders)
	return s
}

// Serve runs the server on in and out (one JSON-RPC message a line) until
// the client closes its end or ctx ends.
func Serve(ctx context.Context, lib Library, version string, in io.ReadCloser, out io.WriteCloser, logs io.Writer) error {
	err := NewServer(lib, version, logs).Run(ctx, &sdk.IOTransport{Reader: in, Writer: out})
	// The client closing stdin is how a session ends, not a failure.
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, sdk.ErrConnectionClosed) || ctx.Err() != nil {
		return nil
	}
	return fmt.Errorf("mcp: %w", err)
}

func readOnly(title string) *sdk.ToolAnnotations {
	no := false
	return &sdk.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: &no, OpenWorldHint: &no}
}

const instructions = `Folio searches the user's own Markdown notes, offline. Use "search" to find passages (each comes with a citation path:lines · Heading > Path), "read" to see the exact lines around a hit, and "folders" to see which folders the library holds. Cite the citation string when you use a passage. Nothing can be changed through these tools.`

const searchDescription = `Search the user's Markdown notes and get ranked passages, best first.

query: words or a question (English, Arabic, Chinese). Passages holding more of the words rank higher, rare words counting most. Syntax: "exact phrase" and prefix* must match; -word excludes (--word, -g and -20 are searched as typed, and in a question any -word is: a command's options; -"word" excludes in any query; so does NOT in capitals between words of a keyword query); in:word must be in the heading path. Filters: tag:NAME (front-matter or #tag; tag:a also finds a/b), folder:NAME, after:YYYY-MM-DD and before:YYYY-MM-DD (also YYYY-MM, YYYY; the front-matter date, else the file's time), each negatable (-tag:draft); filters alone list the notes they select, newest first. Unknown words are also searched as their closest known words, and an English word also counts its other forms at half (absorb for absorption); both are listed in "corrected". A typed word that no passage holds, with nothing searched in its place, is named in "notices": the hits answer the other words only.
limit: hits to return, 1 to 50 (default 10). A file's further passages are folded under its best one ("more").
folder: only this library folder, by the name "folders" lists or by its path.

Each hit has: citation (quote it), path (relative to folder), file (absolute; pass it to "read"), start_line/end_line (1-based, inclusive), heading_path, title, tags, date (front matter), snippet, text (the passage, at most 4,000 characters; text_truncated when cut), stale (the file changed since it was indexed: lines are where the passage is now) and gone (the passage is no longer in the file). "refinements" are words the best passages use and the query does not: add one to narrow the search.`

const readDescription = `Read exact lines of a note in the library, numbered as an editor counts.

path: the file, as a search hit's "file" (absolute), or folder/relative/path as in a citation. Only Markdown files inside a library folder are served; ../, absolute paths elsewhere and symbolic links leading out of the folder are refused.
start_line, end_line: 1-based, inclusive. With start_line alone you get the whole section (heading to next heading) that holds it; with neither, the file from its start. At most 400 lines (and 64,000 characters) per call: "next_start_line" says where to continue.`

const foldersDescription = `List the library's folders: name (use it as search's folder), path, documents, chunks, skipped files, last scan, and whether the folder was offline at its last scan.`

// tools holds the handlers; lib is only read.
type tools struct{ lib Library }

func folderNames(folders []index.Folder) string {
	if len(folders) == 0 {
		return "none: the library is empty"
	}
	var names []string
	for _, f := range folders {
		names = append(names, filepath.Base(f.Path))
	}
	return strings.Join(names, ", ")
}
