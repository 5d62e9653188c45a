package mcp_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"folio/index"
	"folio/internal/testutil"
	"folio/mcp"
)

// An agent is given headings and snippets as a person reads them: a
// heading's {#id} anchor, comments and Liquid stay in the file (read's
// lines are the file's), not in citations, heading paths or snippets.
func TestMCPHitsAndSectionsCarryNoRawMarkup(t *testing.T) {
	testutil.TempEnv(t, "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
	notes := testutil.WriteFolder(t, map[string]string{"go1.23.md": "# Go 1.23 Release Notes\n\n## Runtime {#runtime}\n\n" +
		"<!-- go.dev/issue/61405 -->\n{% include \"software-warning.html\" %}\nThe runtime traceback now indents goroutine frames.\n"})
	ix, err := index.Open(filepath.Join(t.TempDir(), "library.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	if _, err := ix.AddFolder(context.Background(), notes, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, ix)
	var out mcp.SearchOutput
	res := call(t, cs, "search", map[string]any{"query": "goroutine frames"}, &out)
	if res.IsError || len(out.Hits) != 1 {
		t.Fatalf("search: %s", text(res))
	}
	h := out.Hits[0]
	want := []string{"Go 1.23 Release Notes", "Runtime"}
	if !slices.Equal(h.HeadingPath, want) || !strings.HasSuffix(h.Citation, " · Go 1.23 Release Notes > Runtime") {
		t.Errorf("heading path %q, citation %q", h.HeadingPath, h.Citation)
	}
	for _, raw := range []string{"{#", "<!--", "{%"} {
		if strings.Contains(h.Snippet, raw) || strings.Contains(text(res), raw) {
			t.Errorf("the search answer holds %q: %q\n%s", raw, h.Snippet, text(res))
		}
	}
	var rd mcp.ReadOutput
	res = call(t, cs, "read", map[string]any{"path": h.File, "start_line": h.StartLine}, &rd)
	if res.IsError || !slices.Equal(rd.HeadingPath, want) || !slices.Contains(rd.Lines, "## Runtime {#runtime}") {
		t.Errorf("read: heading path %q, lines %q", rd.HeadingPath, rd.Lines)
	}
}
