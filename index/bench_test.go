package index

import (
	"context"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"folio/chunker"
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

// importOnce builds a library of one corpus folder for benchmarks that
// change it.
func importOnce(b *testing.B, rel string) (*Index, string) {
	b.Helper()
	dir := sharedPath(b, rel)
	ix, err := Open(filepath.Join(b.TempDir(), "lib.db"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	return ix, dir
}

// BenchmarkReindexMedquad is a re-scan where every document changed: the
// chunk settings alternate, so each iteration removes every chunk (with
// secure_delete and FTS5's exact delete, what keeps removed text out of
// the file) and writes new ones.
func BenchmarkReindexMedquad(b *testing.B) {
	ix, _ := importOnce(b, "corpus/medquad-md")
	defer ix.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		opt := ImportOptions{Chunking: chunker.Options{Max: 1100 + 100*(i%2), Min: 200}}
		s, err := ix.Scan(context.Background(), opt)
		if err != nil || s.Updated == 0 {
			b.Fatal(err, s)
		}
		b.SetBytes(s.Bytes)
	}
}

// BenchmarkRemoveMedquad removes a folder of 6,255 documents.
func BenchmarkRemoveMedquad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ix, dir := importOnce(b, "corpus/medquad-md")
		b.StartTimer()
		if err := ix.RemoveFolder(context.Background(), dir); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		ix.Close()
		b.StartTimer()
	}
}
