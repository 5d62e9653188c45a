package mcp_test

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"folio/index"
	"folio/internal/testutil"
	"folio/mcp"
)

// BenchmarkSearchThroughMCP measures one search three ways in the same
// loop, on the same library: index.Search as `folio search --json` calls
// it, index.Search with the search tool's options (refinements on), and
// the search tool through the SDK's client over an in-memory transport
// (JSON both ways, schema validation, citations, the text rendering).
// The library is three folders of ../shared/corpus (18f-handbook,
// vagov-content, rust-book), or FOLIO_BENCH_LIBRARY.
func BenchmarkSearchThroughMCP(b *testing.B) {
	ctx := context.Background()
	ix := benchLibrary(b)
	cs := connect(b, ix)
	queries := []string{"annual leave policy", "travel reimbursement", "ownership and borrowing", "error handling",
		"security clearance process", "veterans disability compensation", "pull request review", "lifetimes references"}
	var cli, tool, viaMCP []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		q := queries[i%len(queries)]
		start := time.Now()
		if _, err := ix.Search(ctx, q, index.SearchOptions{Limit: mcp.DefaultLimit, PerFile: index.DefaultPerFile}); err != nil {
			b.Fatal(err)
		}
		cli = append(cli, time.Since(start))
		start = time.Now()
		if _, err := ix.Search(ctx, q, index.SearchOptions{Limit: mcp.DefaultLimit, Refine: true}); err != nil {
			b.Fatal(err)
		}
		tool = append(tool, time.Since(start))
		start = time.Now()
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "search", Arguments: map[string]any{"query": q}})
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
		viaMCP = append(viaMCP, time.Since(start))
	}
	b.StopTimer()
	for _, m := range []struct {
		name string
		d    []time.Duration
	}{{"cli", cli}, {"refine", tool}, {"mcp", viaMCP}} {
		b.ReportMetric(percentile(m.d, 50), m.name+"-p50-ms")
		b.ReportMetric(percentile(m.d, 99), m.name+"-p99-ms")
	}
	b.ReportMetric(percentile(viaMCP, 50)-percentile(tool, 50), "mcp-overhead-p50-ms")
}

func percentile(d []time.Duration, p int) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[(len(s)-1)*p/100].Microseconds()) / 1000
}

func benchLibrary(b *testing.B) *index.Index {
	b.Helper()
	testutil.TempEnv(b, "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
	if path := os.Getenv("FOLIO_BENCH_LIBRARY"); path != "" {
		ix, err := index.OpenMode(path, index.ReadOnly)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { ix.Close() })
		return ix
	}
	ix, err := index.Open(b.TempDir() + "/bench.db")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ix.Close() })
	for _, dir := range []string{"corpus/18f-handbook", "corpus/vagov-content", "corpus/rust-book"} {
		if _, err := ix.AddFolder(context.Background(), testutil.SharedPath(b, dir), index.ImportOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	return ix
}
