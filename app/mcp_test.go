package app

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"folio/internal/testutil"
	"folio/mcp"
)

// mcpLibrary is a library of one folder, notes, with a secret beside it.
func mcpLibrary(t *testing.T) (db, notes string) {
	t.Helper()
	testutil.TempEnv(t, "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
	base := t.TempDir()
	notes = filepath.Join(base, "notes")
	for name, text := range map[string]string{
		"notes/fever.md": "# Fever in children\n\n## Paracetamol and ibuprofen\n\nParacetamol dose: 15 mg/kg every four to six hours.\n",
		"notes/leave.md": "# Leave\n\n## Sick leave\n\nTen days of sick leave a year.\n",
		"secret.md":      "# Secret\n\nthe outside secret words\n",
	} {
		p := filepath.Join(base, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db = filepath.Join(base, "library.db")
	if _, errOut, code := runCLI(t, "add", "--db", db, notes); code != exitOK {
		t.Fatalf("add: %d %s", code, errOut)
	}
	return db, notes
}

func structured(t *testing.T, res *sdk.CallToolResult, out any) {
	t.Helper()
	data, err := json.Marshal(res.StructuredContent)
	if err == nil {
		err = json.Unmarshal(data, out)
	}
	if err != nil || res.IsError {
		t.Fatalf("%v: %+v", err, res.Content)
	}
}

// TestMCPProcessServesTheLibraryWhileItIsWritten runs `folio mcp` as a
// process with the Go SDK's client on its stdin and stdout, as a host
// does, and adds a folder to the library with `folio add` meanwhile.
func TestMCPProcessServesTheLibraryWhileItIsWritten(t *testing.T) {
	db, notes := mcpLibrary(t)
	before := fileSum(t, db)
	cmd := folioCmd(t, "mcp", "--db", db)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v (%s)", err, stderr.String())
	}
	defer cs.Close()
	if info := cs.InitializeResult().ServerInfo; info.Name != "folio" || info.Version == "" {
		t.Errorf("server %+v", info)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"folders", "read", "search"}) {
		t.Fatalf("tools %v", names)
	}
	var found mcp.SearchOutput
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "search", Arguments: map[string]any{"query": "paracetamol dose"}})
	if err != nil {
		t.Fatal(err)
	}
	structured(t, res, &found)
	if len(found.Hits) == 0 || found.Hits[0].Path != "fever.md" {
		t.Fatalf("search %+v", found)
	}
	var lines mcp.ReadOutput
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "read", Arguments: map[string]any{"path": found.Hits[0].File, "start_line": found.Hits[0].StartLine}})
	if err != nil {
		t.Fatal(err)
	}
	structured(t, res, &lines)
	if lines.StartLine != 3 || !slices.Contains(lines.Lines, "Paracetamol dose: 15 mg/kg every four to six hours.") {
		t.Fatalf("read %+v", lines)
	}
	for _, path := range []string{filepath.Join(notes, "..", "secret.md"), filepath.Join(filepath.Dir(notes), "secret.md")} {
		res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "read", Arguments: map[string]any{"path": path}})
		if err != nil || !res.IsError || strings.Contains(res.Content[0].(*sdk.TextContent).Text, "secret words") {
			t.Errorf("read %s: %v %+v", path, err, res)
		}
	}
	if after := fileSum(t, db); after != before {
		t.Error("serving changed the library file")
	}

	// A writer meanwhile (WAL: the server's reads do not block it), and
	// the server's next search sees what it wrote.
	more := filepath.Join(t.TempDir(), "more")
	if err := os.MkdirAll(more, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(more, "budget.md"), []byte("# Budget\n\nQuarterly travel budget figures.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI(t, "add", "--db", db, more); code != exitOK {
		t.Fatalf("add while serving: %d %s", code, errOut)
	}
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "search", Arguments: map[string]any{"query": "travel budget", "folder": "more"}})
	if err != nil {
		t.Fatal(err)
	}
	structured(t, res, &found)
	if len(found.Hits) != 1 || found.Hits[0].Path != "budget.md" {
		t.Fatalf("after the write: %+v", found.Hits)
	}
	if strings.Contains(stderr.String(), "{\"jsonrpc\"") {
		t.Errorf("protocol on stderr: %s", stderr.String())
	}
}

func TestMCPRefusesToCreateALibrary(t *testing.T) {
	testutil.TempEnv(t, "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
	db := filepath.Join(t.TempDir(), "none.db")
	_, errOut, code := runCLI(t, "mcp", "--db", db)
	if code != exitError || errOut == "" {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Errorf("a library was created: %v", err)
	}
}

// mcpNodeSDK is the TypeScript SDK version the Makefile installs.
const mcpNodeSDK = "1.32.2"

// TestMCPNodeClient drives `folio mcp` with the official TypeScript SDK's
// client (app/testdata/mcp-client.mjs), installed by `make mcp-node-deps`.
// With FOLIO_REQUIRE_NODE=1 (CI) a missing node or SDK fails the test.
func TestMCPNodeClient(t *testing.T) {
	node, err := exec.LookPath("node")
	prefix, _ := filepath.Abs(filepath.Join("..", ".mcp-node"))
	_, serr := os.Stat(filepath.Join(prefix, "node_modules", "@modelcontextprotocol", "sdk", "package.json"))
	if err != nil || serr != nil {
		msg := "node or @modelcontextprotocol/sdk is missing (run make mcp-node-deps)"
		if os.Getenv("FOLIO_REQUIRE_NODE") == "1" {
			t.Fatalf("%s: node: %v, sdk: %v", msg, err, serr)
		}
		t.Skip(msg)
	}
	db, notes := mcpLibrary(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join("testdata", "mcp-client.mjs"), prefix, "paracetamol dose", exe, "mcp", "--db", db)
	cmd.Env = append(os.Environ(), "FOLIO_TEST_MAIN=1", "FOLIO_DB=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got struct {
		SDK        string
		Server     struct{ Name string }
		Tools      []string
		Search     mcp.SearchOutput
		SearchText string
		Read       mcp.ReadOutput
		Refused    struct {
			IsError    bool
			Text       string
			Structured any
		}
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.SDK != mcpNodeSDK {
		t.Errorf("TypeScript SDK %q, want %s as the Makefile pins", got.SDK, mcpNodeSDK)
	}
	if got.Server.Name != "folio" || !slices.Equal(got.Tools, []string{"folders", "read", "search"}) {
		t.Errorf("server %+v, tools %v", got.Server, got.Tools)
	}
	if len(got.Search.Hits) == 0 || got.Search.Hits[0].File != filepath.Join(notes, "fever.md") || !strings.Contains(got.SearchText, got.Search.Hits[0].Citation) {
		t.Errorf("search %+v", got.Search)
	}
	if got.Read.StartLine != 3 || !slices.Contains(got.Read.Lines, "Paracetamol dose: 15 mg/kg every four to six hours.") {
		t.Errorf("read %+v", got.Read)
	}
	if !got.Refused.IsError || got.Refused.Structured != nil || strings.Contains(got.Refused.Text, "secret words") || !strings.Contains(got.Refused.Text, "refused") {
		t.Errorf("../ read %+v", got.Refused)
	}
}
