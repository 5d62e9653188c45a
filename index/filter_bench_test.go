package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"folio/internal/testutil"
)

// BenchmarkFilters is what a filter costs: the 2–4 word queries of
// BenchmarkQueryLatency, each searched unfiltered and with each filter in
// the same loop (the machine is shared and noisy, so each figure is paired
// with its unfiltered reference). The library is FOLIO_BENCH_LIBRARY
// (opened read-only; the million-passage one, with one library folder per
// copy) or every folder of ../shared/corpus added as its own library
// folder. The filters: the largest folder, the smallest, the most used tag,
// a tag on one note, dates from the front matter back to 2015, and all
// but the largest folder. The target (issue 20): each at most 3× the
// unfiltered query, and a selective filter faster than none.
func BenchmarkFilters(b *testing.B) {
	var ix *Index
	if path := os.Getenv("FOLIO_BENCH_LIBRARY"); path != "" {
		var err error
		if ix, err = OpenMode(path, ReadOnly); err != nil {
			b.Fatal(err)
		}
		defer ix.Close()
	} else { // openTemp checks and closes it
		ix = openTemp(b)
		root := testutil.SharedPath(b, "corpus")
		entries, err := os.ReadDir(root)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() {
				if _, err := ix.AddFolder(context.Background(), filepath.Join(root, e.Name()), ImportOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	ctx := context.Background()
	folders, err := ix.Folders(ctx)
	if err != nil || len(folders) < 2 {
		b.Fatalf("folders %d, %v: the benchmark needs a library of several folders", len(folders), err)
	}
	sort.Slice(folders, func(i, j int) bool { return folders[i].Chunks > folders[j].Chunks })
	tags, err := ix.Tags(ctx, 0)
	if err != nil || len(tags) == 0 {
		b.Fatalf("tags %v: the benchmark needs tagged notes", err)
	}
	rare := tags[len(tags)-1].Tag
	filters := []struct{ name, text string }{
		{"none", ""},
		{"largest-folder", fmt.Sprintf(" folder:%q", folders[0].Path)},
		{"smallest-folder", fmt.Sprintf(" folder:%q", folders[len(folders)-1].Path)},
		{"not-largest-folder", fmt.Sprintf(" -folder:%q", folders[0].Path)},
		{"common-tag", " tag:" + tags[0].Tag},
		{"rare-tag", " tag:" + rare},
		{"before-2015", " before:2015"},
		{"after-2015", " after:2015"},
	}
	queries := shortQueries
	lat := make([][]time.Duration, len(filters))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := queries[i%len(queries)]
		for k, f := range filters {
			start := time.Now()
			if _, err := ix.Search(ctx, q+f.text, SearchOptions{Limit: 10}); err != nil {
				b.Fatal(err)
			}
			lat[k] = append(lat[k], time.Since(start))
		}
	}
	b.StopTimer()
	p := func(d []time.Duration, q int) float64 { return float64(d[len(d)*q/100].Microseconds()) / 1000 }
	for k := range lat {
		sort.Slice(lat[k], func(i, j int) bool { return lat[k][i] < lat[k][j] })
	}
	for k, f := range filters {
		b.ReportMetric(p(lat[k], 50), f.name+"-p50-ms")
		b.ReportMetric(p(lat[k], 99), f.name+"-p99-ms")
		if k > 0 {
			b.ReportMetric(p(lat[k], 50)/p(lat[0], 50), f.name+"-x")
		}
	}
}
