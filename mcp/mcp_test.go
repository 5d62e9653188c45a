package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"folio/index"
	"folio/internal/testutil"
	"folio/mcp"
)

const feverNote = `# Fever in children

A short guide.

## Paracetamol and ibuprofen

Paracetamol dose: 15 mg/kg every four to six hours.
Ibuprofen dose: 10 mg/kg every six to eight hours.

## When to see a doctor

A fever above 40 degrees, or a child under three months.
`

// library writes a folder of notes (with a secret beside it, a link out
// of it and a hidden folder in it), indexes it and opens it read-only.
func library(t testing.TB) (*index.Index, string, string) {
	t.Helper()
	testutil.TempEnv(t, "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
	base := t.TempDir()
	notes := filepath.Join(base, "notes")
	secret := filepath.Join(base, "secret.md")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(notes, "clinical", "fever.md"), feverNote)
	write(filepath.Join(notes, "leave.md"), "# Leave\n\n## Sick leave\n\nTen days of sick leave a year.\n")
	write(filepath.Join(notes, ".hidden", "keys.md"), "# Keys\n\nhidden words\n")
	write(filepath.Join(notes, "config.txt"), "password=hunter2\n")
	write(secret, "# Secret\n\nthe outside secret words\n")
	if runtime.GOOS != "windows" {
		if err := os.Symlink(secret, filepath.Join(notes, "out.md")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(notes, "config.txt"), filepath.Join(notes, "config.md")); err != nil {
			t.Fatal(err)
		}
	}
	db := filepath.Join(base, "library.db")
	ix, err := index.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.AddFolder(context.Background(), notes, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	ro, err := index.OpenMode(db, index.ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ro.Close() })
	return ro, notes, secret
}

// connect runs the server on one end of an in-memory pipe and returns a
// client session of the SDK's own client on the other.
func connect(t testing.TB, lib mcp.Library) *sdk.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	serverEnd, clientEnd := sdk.NewInMemoryTransports()
	done := make(chan error, 1)
	go func() { done <- mcp.NewServer(lib, "test", io.Discard).Run(ctx, serverEnd) }()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "1"}, nil).Connect(ctx, clientEnd, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		<-done
	})
	return cs
}

func call(t testing.TB, cs *sdk.ClientSession, tool string, args map[string]any, out any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if out != nil && !res.IsError {
		data, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s: %v in %s", tool, err, data)
		}
	}
	return res
}

func text(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func TestMCPInitializeAndToolsAreExactlyTheThreeReadOnlyOnes(t *testing.T) {
	ix, _, _ := library(t)
	cs := connect(t, ix)
	init := cs.InitializeResult()
	if init.ServerInfo.Name != "folio" || init.Capabilities.Tools == nil || !slices.Contains(sdk.SupportedProtocolVersions(), init.ProtocolVersion) {
		t.Fatalf("initialize: %+v %+v %q", init.ServerInfo, init.Capabilities, init.ProtocolVersion)
	}
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint || tool.Description == "" || tool.InputSchema == nil || tool.OutputSchema == nil {
			t.Errorf("%s: annotations %+v, description %q, schemas %v %v", tool.Name, tool.Annotations, tool.Description, tool.InputSchema, tool.OutputSchema)
		}
	}
	slices.Sort(names)
	// No tool writes: there is none to add, scan or remove anything with.
	if !slices.Equal(names, []string{"folders", "read", "search"}) {
		t.Fatalf("tools %v, want exactly folders, read, search", names)
	}
	if res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "scan", Arguments: map[string]any{}}); err == nil && !res.IsError {
		t.Fatalf("a tool that does not exist answered: %s", text(res))
	}
}

func TestMCPSearchReturnsCitedPassagesAndRefinements(t *testing.T) {
	ix, notes, _ := library(t)
	cs := connect(t, ix)
	var out mcp.SearchOutput
	res := call(t, cs, "search", map[string]any{"query": "paracetamol dose"}, &out)
	if res.IsError || len(out.Hits) == 0 {
		t.Fatalf("search: %s", text(res))
	}
	h := out.Hits[0]
	if h.Rank != 1 || h.Path != "clinical/fever.md" || h.Folder != notes || h.File != filepath.Join(notes, "clinical", "fever.md") ||
		h.StartLine != 7 || h.EndLine != 8 || !slices.Equal(h.HeadingPath, []string{"Fever in children", "Paracetamol and ibuprofen"}) ||
		!strings.Contains(h.Text, "15 mg/kg") || h.Snippet == "" || h.Stale || h.Gone {
		t.Fatalf("first hit %+v", h)
	}
	if want := "notes/clinical/fever.md:7-8"; !strings.HasPrefix(h.Citation, want) || !strings.HasSuffix(h.Citation, " · Fever in children > Paracetamol and ibuprofen") {
		t.Errorf("citation %q", h.Citation)
	}
	if out.Refinements == nil {
		t.Error("refinements missing (want a list, empty or not)")
	}
	if s := text(res); !strings.Contains(s, h.Citation) || !strings.Contains(s, "matching passages") {
		t.Errorf("text rendering:\n%s", s)
	}
	// A word no passage holds is said, so an assistant does not take the
	// page for an answer about it.
	res = call(t, cs, "search", map[string]any{"query": "paracetamol dose okapi"}, &out)
	if want := `no passage holds "okapi"`; len(out.Notices) != 1 || !strings.HasPrefix(out.Notices[0], want) || !strings.Contains(text(res), want) {
		t.Errorf("notices %q, text:\n%s\nwant %s said", out.Notices, text(res), want)
	}
	// The limit is bounded, and a folder is named as the sidebar names it.
	call(t, cs, "search", map[string]any{"query": "leave", "limit": 500, "folder": "notes"}, &out)
	if len(out.Hits) != 1 || out.Hits[0].Path != "leave.md" {
		t.Fatalf("folder search %+v", out.Hits)
	}
	res = call(t, cs, "search", map[string]any{"query": "leave", "folder": "elsewhere"}, nil)
	if !res.IsError || !strings.Contains(text(res), "notes") {
		t.Errorf("unknown folder: %s", text(res))
	}
	// Nothing outside the library, or in its hidden folder, is found.
	for _, q := range []string{"outside secret", "hidden words"} {
		call(t, cs, "search", map[string]any{"query": q}, &out)
		for _, h := range out.Hits {
			if strings.Contains(h.Text, "secret words") || strings.Contains(h.Text, "hidden") {
				t.Errorf("%q found %+v", q, h)
			}
		}
	}
}

func TestMCPSearchMarksChangedFiles(t *testing.T) {
	ix, notes, _ := library(t)
	cs := connect(t, ix)
	path := filepath.Join(notes, "clinical", "fever.md")
	if err := os.WriteFile(path, []byte("# New intro\n\nTwo lines\nmore.\n\n"+feverNote), 0o644); err != nil {
		t.Fatal(err)
	}
	var out mcp.SearchOutput
	call(t, cs, "search", map[string]any{"query": "paracetamol dose"}, &out)
	if len(out.Hits) == 0 || !out.Hits[0].Stale || out.Hits[0].Gone || out.Hits[0].StartLine != 12 {
		t.Fatalf("changed file: %+v", out.Hits)
	}
	if err := os.WriteFile(path, []byte("# Emptied\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	call(t, cs, "search", map[string]any{"query": "paracetamol dose"}, &out)
	if len(out.Hits) == 0 || !out.Hits[0].Gone {
		t.Fatalf("passage gone: %+v", out.Hits)
	}
}

func TestMCPReadReturnsNumberedLinesAndSections(t *testing.T) {
	ix, notes, _ := library(t)
	cs := connect(t, ix)
	file := filepath.Join(notes, "clinical", "fever.md")
	var out mcp.ReadOutput
	// start_line alone: the section that holds it.
	res := call(t, cs, "read", map[string]any{"path": file, "start_line": 7}, &out)
	if res.IsError || out.StartLine != 5 || out.EndLine != 8 || out.TotalLines != 12 || out.Lines[2] != "Paracetamol dose: 15 mg/kg every four to six hours." ||
		!slices.Equal(out.HeadingPath, []string{"Fever in children", "Paracetamol and ibuprofen"}) {
		t.Fatalf("section read %s: %+v", text(res), out)
	}
	if s := text(res); !strings.Contains(s, "7| Paracetamol dose") || !strings.HasPrefix(s, "notes/clinical/fever.md:5-8") {
		t.Errorf("text rendering:\n%s", s)
	}
	// An explicit range, by the citation's folder/path.
	call(t, cs, "read", map[string]any{"path": "notes/clinical/fever.md", "start_line": 1, "end_line": 3}, &out)
	if out.StartLine != 1 || out.EndLine != 3 || !slices.Equal(out.Lines, []string{"# Fever in children", "", "A short guide."}) {
		t.Fatalf("range read %+v", out)
	}
	// Neither: the file from its start, whole here.
	call(t, cs, "read", map[string]any{"path": file}, &out)
	if out.StartLine != 1 || out.EndLine != 12 || len(out.Lines) != 12 || out.Truncated {
		t.Fatalf("whole read %+v", out)
	}
	res = call(t, cs, "read", map[string]any{"path": file, "start_line": 99}, nil)
	if !res.IsError {
		t.Errorf("past the end: %s", text(res))
	}
}

func TestMCPReadBoundsLongFiles(t *testing.T) {
	ix, notes, _ := library(t)
	lines := make([]string, 1000)
	for i := range lines {
		lines[i] = "line of the long note"
	}
	if err := os.WriteFile(filepath.Join(notes, "long.md"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := mcp.Read(context.Background(), ix, mcp.ReadInput{Path: filepath.Join(notes, "long.md"), StartLine: 1, EndLine: 1000})
	if err != nil || len(out.Lines) != mcp.MaxReadLines || !out.Truncated || out.NextStartLine != 401 || out.EndLine != 400 {
		t.Fatalf("long read: %v, %d lines, %+v", err, len(out.Lines), out.NextStartLine)
	}
	if err := os.WriteFile(filepath.Join(notes, "wide.md"), []byte(strings.Repeat("x", 100000)+"\nnext\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = mcp.Read(context.Background(), ix, mcp.ReadInput{Path: filepath.Join(notes, "wide.md")})
	if err != nil || len(out.Lines) != 1 || len(out.Lines[0]) != mcp.MaxReadChars || out.NextStartLine != 2 {
		t.Fatalf("wide read: %v, %d lines, next %d", err, len(out.Lines), out.NextStartLine)
	}
}

func TestMCPReadRefusesPathsOutOfTheLibrary(t *testing.T) {
	ix, notes, secret := library(t)
	cs := connect(t, ix)
	cases := map[string]string{
		"../":                       filepath.Join(notes, "..", "secret.md"),
		"../ in a citation":         "notes/../secret.md",
		"absolute outside":          secret,
		"system file":               "/etc/passwd",
		"not Markdown":              filepath.Join(notes, "config.txt"),
		"hidden folder":             filepath.Join(notes, ".hidden", "keys.md"),
		"the folder itself":         notes,
		"unknown folder name":       "elsewhere/leave.md",
		"relative without a folder": "leave.md",
	}
	if runtime.GOOS != "windows" {
		cases["symlink out of the folder"] = filepath.Join(notes, "out.md")
	}
	if runtime.GOOS != "windows" {
		// A link that stays inside the folder is read where it leads, as
		// the scan indexed it.
		var out mcp.ReadOutput
		if res := call(t, cs, "read", map[string]any{"path": filepath.Join(notes, "config.md")}, &out); res.IsError || len(out.Lines) != 1 {
			t.Errorf("a link inside the folder: %s", text(res))
		}
	}
	for name, path := range cases {
		res := call(t, cs, "read", map[string]any{"path": path}, nil)
		s := text(res)
		if !res.IsError || res.StructuredContent != nil {
			t.Errorf("%s (%s): served %s", name, path, s)
		}
		if strings.Contains(s, "secret words") || strings.Contains(s, "hunter2") || strings.Contains(s, "hidden words") || strings.Contains(s, "root:") {
			t.Errorf("%s: the refusal quotes the file: %s", name, s)
		}
		if _, err := mcp.Read(context.Background(), ix, mcp.ReadInput{Path: path}); !errors.Is(err, mcp.ErrRefused) && name != "unknown folder name" {
			t.Errorf("%s: %v, want ErrRefused", name, err)
		}
	}
}

func TestMCPFoldersListsCountsAndLastScan(t *testing.T) {
	ix, notes, _ := library(t)
	cs := connect(t, ix)
	var out mcp.FoldersOutput
	res := call(t, cs, "folders", map[string]any{}, &out)
	if res.IsError || len(out.Folders) != 1 {
		t.Fatalf("folders: %s", text(res))
	}
	f := out.Folders[0]
	if f.Name != "notes" || f.Path != notes || f.Documents != 3 || f.Chunks < 3 || f.LastScan == "" {
		t.Fatalf("folder %+v", f)
	}
	if !strings.Contains(text(res), "notes ("+notes+"): 3 documents") {
		t.Errorf("text: %s", text(res))
	}
}
