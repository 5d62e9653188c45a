package mcp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// FoldersInput is the folders tool's arguments: none.
type FoldersInput struct{}

// Folder is one library folder as the folders tool lists it.
type Folder struct {
	Name      string `json:"name" jsonschema:"the folder's name, as search's folder argument takes it"`
	Path      string `json:"path"`
	Documents int    `json:"documents"`
	Chunks    int    `json:"chunks" jsonschema:"passages indexed"`
	Skipped   int    `json:"skipped" jsonschema:"files left out at the last scan"`
	LastScan  string `json:"last_scan,omitempty" jsonschema:"RFC 3339; absent when never scanned"`
	Sample    bool   `json:"sample,omitempty" jsonschema:"Folio's own sample library, not the user's notes"`
	Offline   string `json:"offline,omitempty" jsonschema:"why the folder could not be read at its last scan; its documents stay searchable"`
}

// FoldersOutput is the folders tool's structured answer.
type FoldersOutput struct {
	Folders []Folder `json:"folders"`
}

func (t *tools) folders(ctx context.Context, _ *sdk.CallToolRequest, _ FoldersInput) (*sdk.CallToolResult, FoldersOutput, error) {
	list, err := t.lib.Folders(ctx)
	if err != nil {
		return nil, FoldersOutput{}, fmt.Errorf("list the folders: %w", err)
	}
	out := FoldersOutput{Folders: []Folder{}}
	var b strings.Builder
	if len(list) == 0 {
		b.WriteString("The library is empty: the user adds folders with `folio add DIR` or in the window.\n")
	}
	for _, f := range list {
		g := Folder{Name: filepath.Base(f.Path), Path: f.Path, Documents: f.Documents, Chunks: f.Chunks, Skipped: f.Skipped, Sample: f.Sample, Offline: f.Offline}
		last := "never scanned"
		if !f.LastScan.IsZero() {
			g.LastScan = f.LastScan.Format(time.RFC3339)
			last = "scanned " + g.LastScan
		}
		out.Folders = append(out.Folders, g)
		fmt.Fprintf(&b, "%s (%s): %d documents, %d passages, %d skipped, %s", g.Name, g.Path, g.Documents, g.Chunks, g.Skipped, last)
		if g.Offline != "" {
			fmt.Fprintf(&b, ", offline: %s", g.Offline)
		}
		b.WriteString("\n")
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: b.String()}}}, out, nil
}
