package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"folio/index"
	"folio/mcp"
)

// An assistant narrows a search with the same filters a person types, and
// sees each hit's tags and front-matter date.
func TestMCPSearchTakesFiltersAndShowsTags(t *testing.T) {
	ix, notes, _ := library(t)
	note := "---\ntags: [policy, hr/leave]\ndate: 2024-03-15\n---\n# Parental leave\n\nSixteen weeks of paid leave after a birth.\n"
	if err := os.WriteFile(filepath.Join(notes, "parental.md"), []byte(note), 0o644); err != nil {
		t.Fatal(err)
	}
	rw, err := index.Open(ix.Path()) // the server's own is read-only
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rw.ScanFolder(context.Background(), notes, index.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	rw.Close()
	cs := connect(t, ix)
	var out mcp.SearchOutput
	res := call(t, cs, "search", map[string]any{"query": "leave tag:hr after:2024"}, &out)
	if res.IsError || len(out.Hits) != 1 {
		t.Fatalf("search: %s", text(res))
	}
	if h := out.Hits[0]; h.Path != "parental.md" || !slices.Equal(h.Tags, []string{"hr/leave", "policy"}) || h.Date != "2024-03-15" {
		t.Errorf("hit %+v", h)
	}
	res = call(t, cs, "search", map[string]any{"query": "leave -tag:policy"}, &out)
	for _, h := range out.Hits {
		if h.Path == "parental.md" {
			t.Errorf("-tag:policy found the tagged note: %s", text(res))
		}
	}
}
