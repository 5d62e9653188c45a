package chunker

import (
	"os"
	"testing"

	"github.com/yuin/goldmark/text"
)

// BenchmarkSplitMedquad chunks every file of ../shared/corpus/medquad-md
// per iteration; MB/s is end-to-end throughput over the Markdown bytes.
func BenchmarkSplitMedquad(b *testing.B) {
	files, data, total := loadMedquad(b)
	opt := DefaultOptions()
	b.SetBytes(total)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, d := range data {
			if _, err := Split(files[j], d, opt); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkGoldmarkMedquad parses the same files with goldmark alone: the
// floor the chunker's own work adds to.
func BenchmarkGoldmarkMedquad(b *testing.B) {
	_, data, total := loadMedquad(b)
	b.SetBytes(total)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, d := range data {
			markdown.Parser().Parse(text.NewReader(d))
		}
	}
}

// loadMedquad reads every file of ../shared/corpus/medquad-md into memory,
// so the benchmarks time chunking, not the disk.
func loadMedquad(b *testing.B) (files []string, data [][]byte, total int64) {
	files = corpusFiles(b, "corpus/medquad-md")
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
		total += int64(len(d))
	}
	return files, data, total
}
