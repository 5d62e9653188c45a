package mcp

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"folio/chunker"
	"folio/files"
	"folio/index"
	"folio/index/snippet"
)

// ReadInput is the read tool's arguments.
type ReadInput struct {
	Path      string `json:"path" jsonschema:"the note: a search hit's file (absolute) or folder/relative/path as in a citation"`
	StartLine int    `json:"start_line,omitempty" jsonschema:"first line, 1-based (default 1)"`
	EndLine   int    `json:"end_line,omitempty" jsonschema:"last line, inclusive (default: the end of the section that holds start_line; with neither, the file from its start)"`
}

// ReadOutput is the read tool's structured answer: lines[i] is line
// start_line+i of the file, exactly (line ends as LF).
type ReadOutput struct {
	File          string   `json:"file" jsonschema:"the file's absolute path"`
	Folder        string   `json:"folder" jsonschema:"the library folder that holds it"`
	Path          string   `json:"path" jsonschema:"the file relative to folder, slash-separated"`
	StartLine     int      `json:"start_line"`
	EndLine       int      `json:"end_line"`
	TotalLines    int      `json:"total_lines"`
	HeadingPath   []string `json:"heading_path" jsonschema:"the headings over start_line"`
	Lines         []string `json:"lines" jsonschema:"lines[i] is line start_line+i"`
	Truncated     bool     `json:"truncated,omitempty" jsonschema:"more lines were asked for than one call returns"`
	NextStartLine int      `json:"next_start_line,omitempty" jsonschema:"where to continue reading"`
}

func (t *tools) read(ctx context.Context, _ *sdk.CallToolRequest, in ReadInput) (*sdk.CallToolResult, ReadOutput, error) {
	out, err := Read(ctx, t.lib, in)
	if err != nil {
		return nil, ReadOutput{}, err
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: renderRead(out)}}}, out, nil
}

// ErrRefused is a path the read tool does not serve: outside every
// library folder, through .., or a link leading out of its folder.
var ErrRefused = errors.New("refused")

// Read returns lines of a note inside a library folder. The file is read
// with files.ReadInside, which follows links only while they stay inside
// the folder; nothing outside the library is read or quoted.
func Read(ctx context.Context, lib Library, in ReadInput) (ReadOutput, error) {
	folder, abs, err := resolve(ctx, lib, in.Path)
	if err != nil {
		return ReadOutput{}, err
	}
	data, err := files.ReadInside(folder.Path, abs)
	if err != nil {
		return ReadOutput{}, fmt.Errorf("%w: %s: %v", ErrRefused, abs, err)
	}
	text, err := chunker.Text(data)
	if err != nil {
		return ReadOutput{}, fmt.Errorf("read %s: %w", abs, err)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if text == "" {
		lines = nil
	}
	rel, _ := filepath.Rel(folder.Path, abs)
	out := ReadOutput{File: abs, Folder: folder.Path, Path: filepath.ToSlash(rel), TotalLines: len(lines), HeadingPath: []string{}, Lines: []string{}}
	start, end := in.StartLine, in.EndLine
	if start <= 0 {
		start = 1
	}
	if start > max(len(lines), 1) {
		return ReadOutput{}, fmt.Errorf("start_line %d is past the end of %s (%d lines)", start, out.Path, len(lines))
	}
	secStart, secEnd, heading := sectionAt(abs, data, start)
	out.HeadingPath = heading
	switch {
	case in.EndLine > 0 && in.EndLine < start:
		return ReadOutput{}, fmt.Errorf("end_line %d is before start_line %d", in.EndLine, start)
	case in.EndLine > 0:
	case in.StartLine > 0 && secEnd > 0:
		start, end = secStart, secEnd
	default:
		end = len(lines)
	}
	end = min(end, len(lines))
	out.StartLine, out.EndLine = start, start-1
	chars := 0
	for n := start; n <= end; n++ {
		line := lines[n-1]
		chars += utf8.RuneCountInString(line) + 1
		if n-start >= MaxReadLines || chars > MaxReadChars && n > start {
			out.Truncated, out.NextStartLine = true, n
			break
		}
		if chars > MaxReadChars { // one line longer than a whole answer
			line, _ = bounded(line, MaxReadChars)
			out.Truncated, out.NextStartLine = true, n+1
		}
		out.Lines = append(out.Lines, line)
		out.EndLine = n
		if out.Truncated {
			break
		}
	}
	if out.NextStartLine > len(lines) {
		out.NextStartLine = 0
	}
	return out, nil
}

// resolve finds the library folder that holds path and the file's
// absolute path. It refuses .. anywhere, an absolute path outside every
// folder, a file scans do not index (not Markdown, under a hidden folder
// or node_modules) and a link whose target is outside the folder or is
// such a file.
func resolve(ctx context.Context, lib Library, path string) (index.Folder, string, error) {
	if strings.TrimSpace(path) == "" {
		return index.Folder{}, "", errors.New("path is empty: give a search hit's file")
	}
	if strings.ContainsRune(path, 0) {
		return index.Folder{}, "", fmt.Errorf("%w: the path holds a NUL character", ErrRefused)
	}
	for _, part := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return index.Folder{}, "", fmt.Errorf("%w: %q goes up with ..; give a path inside a library folder", ErrRefused, path)
		}
	}
	folders, err := lib.Folders(ctx)
	if err != nil {
		return index.Folder{}, "", fmt.Errorf("list the folders: %w", err)
	}
	var folder index.Folder
	var abs string
	if filepath.IsAbs(path) {
		abs = filepath.Clean(path)
		folder, err = holder(folders, abs)
	} else {
		folder, abs, err = byCitation(folders, filepath.Clean(filepath.FromSlash(path)))
	}
	if err != nil {
		return index.Folder{}, "", err
	}
	if err := servable(folder.Path, abs); err != nil {
		return index.Folder{}, "", err
	}
	return folder, abs, nil
}

// holder is the deepest library folder lexically holding abs.
func holder(folders []index.Folder, abs string) (index.Folder, error) {
	var best index.Folder
	for _, f := range folders {
		if files.Inside(f.Path, abs) && len(f.Path) > len(best.Path) {
			best = f
		}
	}
	if best.Path == "" || best.Path == abs {
		return index.Folder{}, fmt.Errorf("%w: %s is not a note inside a library folder (the folders are: %s)", ErrRefused, abs, folderNames(folders))
	}
	return best, nil
}

// byCitation reads rel as a citation writes it: the folder's name, then
// the path inside it.
func byCitation(folders []index.Folder, rel string) (index.Folder, string, error) {
	name, rest, ok := strings.Cut(rel, string(filepath.Separator))
	if !ok || rest == "" {
		return index.Folder{}, "", fmt.Errorf("%w: %q is neither an absolute path nor folder/path (the folders are: %s)", ErrRefused, rel, folderNames(folders))
	}
	f, err := index.FolderNamed(folders, name)
	if err != nil {
		return index.Folder{}, "", fmt.Errorf("%w: %v", ErrRefused, err)
	}
	return f, filepath.Join(f.Path, rest), nil
}

// servable checks that abs is a note the folder's scans index: Markdown,
// not under a hidden folder or node_modules. Where its links lead is
// files.ReadInside's check, the one a scan makes.
func servable(root, abs string) error {
	rel, err := filepath.Rel(root, abs)
	if err != nil || !files.Inside(root, abs) {
		return fmt.Errorf("%w: %s is outside the library folder %s", ErrRefused, abs, root)
	}
	if !files.IsMarkdown(abs) || !files.ScansReach(filepath.ToSlash(rel), false) {
		return fmt.Errorf("%w: %s is not a note Folio indexes (only Markdown files outside hidden folders and node_modules)", ErrRefused, abs)
	}
	return nil
}

// sectionAt is the lines and heading path of the section (a heading and
// its text up to the next heading) that holds line, from the chunker
// that indexed the file; 0, 0 when no chunk holds it.
func sectionAt(name string, data []byte, line int) (int, int, []string) {
	doc, err := chunker.Split(name, data, chunker.DefaultOptions())
	if err != nil {
		return 0, 0, []string{}
	}
	var at *chunker.Chunk
	for i := range doc.Chunks {
		c := &doc.Chunks[i]
		if c.StartLine <= line && line <= c.EndLine || c.StartLine > line {
			at = c // the chunk holding it, else the first after it
			break
		}
	}
	if at == nil {
		return 0, 0, []string{}
	}
	start, end := at.StartLine, at.EndLine
	for _, c := range doc.Chunks {
		if c.Section == at.Section {
			start, end = min(start, c.StartLine), max(end, c.EndLine)
		}
	}
	heading := snippet.Headings(at.Path) // as read: "Runtime", not "Runtime {#runtime}"
	if heading == nil {
		heading = []string{}
	}
	return headingAbove(doc.Text, min(start, line)), end, heading
}

// headingAbove moves a section's first line up to its ATX heading, which
// chunks leave out of their lines, over the blank lines between.
func headingAbove(text string, start int) int {
	lines := strings.Split(text, "\n")
	n := start
	for n > 1 && strings.TrimSpace(lines[n-2]) == "" {
		n--
	}
	if n > 1 && strings.HasPrefix(strings.TrimLeft(lines[n-2], " "), "#") {
		return n - 1
	}
	return start
}

// renderRead is the answer as text: the place, then each line after its
// number.
func renderRead(out ReadOutput) string {
	var b strings.Builder
	b.WriteString(index.Location(out.Folder, out.Path, out.StartLine, out.EndLine))
	if len(out.HeadingPath) > 0 {
		fmt.Fprintf(&b, " · %s", strings.Join(out.HeadingPath, " > "))
	}
	fmt.Fprintf(&b, " (%d lines in the file)\n", out.TotalLines)
	width := len(fmt.Sprint(max(out.EndLine, 1)))
	for i, l := range out.Lines {
		fmt.Fprintf(&b, "%*d| %s\n", width, out.StartLine+i, l)
	}
	if out.Truncated && out.NextStartLine > 0 {
		fmt.Fprintf(&b, "… cut at the limit of one read; continue with start_line %d\n", out.NextStartLine)
	}
	return b.String()
}
