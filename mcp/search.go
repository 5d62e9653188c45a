package mcp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"folio/index"
	"folio/index/refine"
)

// SearchInput is the search tool's arguments.
type SearchInput struct {
	Query  string `json:"query" jsonschema:"words or a question; \"exact phrase\", prefix*, -excluded, in:heading-word"`
	Limit  int    `json:"limit,omitempty" jsonschema:"hits to return, 1 to 50 (default 10)"`
	Folder string `json:"folder,omitempty" jsonschema:"only this library folder: its name as the folders tool lists it, or its path"`
}

// Hit is one passage found, as the search tool returns it.
type Hit struct {
	Rank          int      `json:"rank"`
	Citation      string   `json:"citation" jsonschema:"folder/path:start-end · Heading > Path, to quote"`
	Folder        string   `json:"folder" jsonschema:"the library folder's path"`
	Path          string   `json:"path" jsonschema:"the file, relative to folder, slash-separated"`
	File          string   `json:"file" jsonschema:"the file's absolute path, for the read tool"`
	StartLine     int      `json:"start_line"`
	EndLine       int      `json:"end_line"`
	HeadingPath   []string `json:"heading_path"`
	Title         string   `json:"title"`
	Snippet       string   `json:"snippet"`
	Text          string   `json:"text" jsonschema:"the passage's Markdown, at most 4,000 characters"`
	TextTruncated bool     `json:"text_truncated,omitempty"`
	Stale         bool     `json:"stale,omitempty" jsonschema:"the file changed since it was indexed: the lines are where the passage is now"`
	Gone          bool     `json:"gone,omitempty" jsonschema:"the passage is no longer in the file (the lines are the indexed ones)"`
	Offline       bool     `json:"offline,omitempty" jsonschema:"the folder could not be read at its last scan"`
	More          []string `json:"more,omitempty" jsonschema:"the file's other matching passages, as start-end lines"`
	AlsoIn        []string `json:"also_in,omitempty" jsonschema:"the same passage in other files, folder/path:start-end"`
	Tags          []string `json:"tags,omitempty" jsonschema:"the note's tags (front matter and inline #tags)"`
	Date          string   `json:"date,omitempty" jsonschema:"the note's front-matter date (YYYY-MM-DD), absent when it has none"`
}

// SearchOutput is the search tool's structured answer.
type SearchOutput struct {
	Query       string              `json:"query"`
	Total       int                 `json:"total" jsonschema:"passages that matched (hits are the best of them)"`
	TotalCapped bool                `json:"total_capped,omitempty" jsonschema:"counting stopped: at least total"`
	Hits        []Hit               `json:"hits"`
	Refinements []refine.Refinement `json:"refinements" jsonschema:"words the best passages use and the query does not"`
	Corrected   []index.Correction  `json:"corrected,omitempty" jsonschema:"words also searched: close known words for unknown ones, and other forms of a typed word (absorb for absorption, form: true), counted below it"`
	Notices     []string            `json:"notices,omitempty" jsonschema:"what the library lacks: typed words no passage holds, a folder or tag that does not exist"`
	ElapsedMS   float64             `json:"elapsed_ms"`
}

func (t *tools) search(ctx context.Context, _ *sdk.CallToolRequest, in SearchInput) (*sdk.CallToolResult, SearchOutput, error) {
	out, err := Search(ctx, t.lib, in)
	if err != nil {
		return nil, SearchOutput{}, err
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: renderSearch(out)}}}, out, nil
}

// Search runs the search tool's query on lib: what the tool answers,
// without the protocol (the benchmark compares the two).
func Search(ctx context.Context, lib Library, in SearchInput) (SearchOutput, error) {
	query := strings.TrimSpace(in.Query)
	if query == "" {
		return SearchOutput{}, errors.New("query is empty: give words or a question")
	}
	limit := in.Limit
	switch {
	case limit <= 0:
		limit = DefaultLimit
	case limit > MaxLimit:
		limit = MaxLimit
	}
	// The index resolves the folder's name or path (index.FolderNamed).
	opt := index.SearchOptions{Limit: limit, Folder: in.Folder, Refine: true}
	start := time.Now()
	res, err := lib.Search(ctx, query, opt)
	if err != nil {
		return SearchOutput{}, fmt.Errorf("search %q: %w", query, err)
	}
	out := SearchOutput{Query: query, Total: res.Total, TotalCapped: res.TotalCapped, Hits: []Hit{},
		Refinements: res.Refinements, Corrected: res.Corrections, Notices: res.Notices}
	if out.Refinements == nil {
		out.Refinements = []refine.Refinement{}
	}
	for _, h := range res.Hits {
		out.Hits = append(out.Hits, toHit(h))
	}
	out.ElapsedMS = float64(time.Since(start).Microseconds()) / 1000
	return out, nil
}

// toHit is a hit as the tool returns it. A hit from a file changed since
// it was indexed is cited where its passage is now (index.Cite, as
// `folio search` does), or marked gone.
func toHit(h index.Hit) Hit {
	gone := false
	if h.Stale {
		c := index.Cite(h)
		h.StartLine, h.EndLine, gone = c.StartLine, c.EndLine, c.Gone
	}
	text, cut := bounded(h.Text, MaxHitText)
	out := Hit{Rank: h.Rank, Citation: h.Citation(), Folder: h.Folder, Path: h.Path, File: h.File(),
		StartLine: h.StartLine, EndLine: h.EndLine, HeadingPath: h.HeadingPath, Title: h.Title,
		Snippet: h.Snippet.Text, Text: text, TextTruncated: cut, Stale: h.Stale, Gone: gone, Offline: h.Offline}
	if out.HeadingPath == nil {
		out.HeadingPath = []string{}
	}
	out.Tags = h.Tags
	if h.Dated {
		out.Date = h.Date.Format("2006-01-02")
	}
	for _, m := range h.More {
		out.More = append(out.More, fmt.Sprintf("%d-%d", m.StartLine, m.EndLine))
	}
	for _, a := range h.AlsoIn {
		out.AlsoIn = append(out.AlsoIn, index.Location(a.Folder, a.Path, a.StartLine, a.EndLine))
	}
	return out
}

// bounded cuts s to at most n characters, on a character boundary.
func bounded(s string, n int) (string, bool) {
	if utf8.RuneCountInString(s) <= n {
		return s, false
	}
	i := 0
	for k := range s {
		if i == n {
			return s[:k], true
		}
		i++
	}
	return s, false
}

// renderSearch is the answer as text, for clients that show only text:
// per hit its citation, marks and snippet.
func renderSearch(out SearchOutput) string {
	var b strings.Builder
	if len(out.Corrected) > 0 {
		var words []string
		for _, c := range out.Corrected {
			words = append(words, fmt.Sprintf("%s (for %q)", c.Searched, c.Typed))
		}
		fmt.Fprintf(&b, "Also searched: %s\n\n", strings.Join(words, ", "))
	}
	for _, n := range out.Notices {
		fmt.Fprintf(&b, "Note: %s.\n\n", n)
	}
	if len(out.Hits) == 0 {
		fmt.Fprintf(&b, "No passage matches %q.\n", out.Query)
	}
	for _, h := range out.Hits {
		fmt.Fprintf(&b, "%d. %s", h.Rank, h.Citation)
		switch {
		case h.Gone:
			b.WriteString(" (changed since indexed: this passage is no longer in the file)")
		case h.Stale:
			b.WriteString(" (changed since indexed: lines as they are now)")
		}
		if h.Offline {
			b.WriteString(" (offline folder: as of its last scan)")
		}
		fmt.Fprintf(&b, "\n   file: %s\n   %s\n", h.File, h.Snippet)
		if len(h.More) > 0 {
			var lines []string // a long line split into passages is listed once
			for _, m := range h.More {
				if !slices.Contains(lines, m) {
					lines = append(lines, m)
				}
			}
			fmt.Fprintf(&b, "   + %d more in this file (lines %s)\n", len(h.More), strings.Join(lines, ", "))
		}
	}
	total := fmt.Sprint(out.Total)
	if out.TotalCapped {
		total += "+"
	}
	fmt.Fprintf(&b, "\n%s matching passages, %d shown · %.1f ms\n", total, len(out.Hits), out.ElapsedMS)
	if len(out.Refinements) > 0 {
		var words []string
		for _, r := range out.Refinements {
			words = append(words, r.Text)
		}
		fmt.Fprintf(&b, "Refine with: %s\n", strings.Join(words, ", "))
	}
	return b.String()
}
