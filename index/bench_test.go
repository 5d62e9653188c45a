package index

import (
	"context"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// benchImport imports one corpus folder into a fresh library per iteration.
func benchImport(b *testing.B, rel string) {
	dir := sharedPath(b, rel)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ix, err := Open(filepath.Join(b.TempDir(), "lib.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		s, err := ix.AddFolder(context.Background(), dir, ImportOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		b.ReportMetric(float64(s.Chunks), "chunks")
		b.SetBytes(s.Bytes)
		ix.Close()
		b.StartTimer()
	}
}

func BenchmarkImportMedquad(b *testing.B) { benchImport(b, "corpus/medquad-md") }
func BenchmarkImportTldr(b *testing.B)    { benchImport(b, "corpus/tldr") }

// BenchmarkRescanTldrUnchanged is a scan where nothing changed.
func BenchmarkRescanTldrUnchanged(b *testing.B) {
	ix, err := Open(filepath.Join(b.TempDir(), "lib.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	if _, err := ix.AddFolder(context.Background(), sharedPath(b, "corpus/tldr"), ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := ix.Scan(context.Background(), ImportOptions{})
		if err != nil || s.Added+s.Updated+s.Removed != 0 {
			b.Fatal(err, s)
		}
	}
}

// BenchmarkQueryLatency imports all of ../shared/corpus once, then runs 2–4
// word queries with snippets and reports p50 and p99 latency.
func BenchmarkQueryLatency(b *testing.B) {
	ix, err := Open(filepath.Join(b.TempDir(), "lib.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	if _, err := ix.AddFolder(context.Background(), sharedPath(b, "corpus"), ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	queries := []string{
		"high blood pressure", "symptoms of diabetes", "annual leave policy", "list files recursively",
		"git commit message", "ownership and borrowing", "goroutine leak", "veterans disability compensation",
		"travel reimbursement", "breast cancer treatment options", "docker container logs", "error handling in rust",
		"compress a directory", "kidney disease diet", "security clearance process", "vue component props",
		"الإجازة السنوية", "مكون vue", "搜索 文件", "ファイル 表示",
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := queries[i%len(queries)]
		start := time.Now()
		if _, err := ix.Search(context.Background(), q, SearchOptions{Limit: 10}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
