package chunker

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// bigTable is a Markdown note holding one pipe table of cols columns and
// enough rows to reach about size bytes.
func bigTable(cols, size int) []byte {
	var b strings.Builder
	b.WriteString("# E\n\n|")
	for i := range cols {
		fmt.Fprintf(&b, "c%d|", i)
	}
	b.WriteString("\n|" + strings.Repeat("---|", cols) + "\n")
	for j := 0; b.Len() < size; j++ {
		b.WriteString("|")
		for i := range cols {
			fmt.Fprintf(&b, "v%d_%d|", j, i)
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// TestSplitBigTableMemory bounds what chunking one 1.5 MB table allocates:
// a table's rows and cells must not each cost a copy of the file.
func TestSplitBigTableMemory(t *testing.T) {
	data := bigTable(20, 1500<<10)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	doc, err := Split("export.md", data, DefaultOptions())
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	total := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes in, %d chunks, %d bytes allocated (%.0f×)", len(data), len(doc.Chunks), total, float64(total)/float64(len(data)))
	if limit := 20 * uint64(len(data)); total > limit {
		t.Errorf("Split of a %d-byte table allocated %d bytes, more than 20× (%d)", len(data), total, limit)
	}
}

// BenchmarkSplitBigTable chunks a 1.5 MB table (run with -benchmem).
func BenchmarkSplitBigTable(b *testing.B) {
	data := bigTable(20, 1500<<10)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Split("export.md", data, DefaultOptions()); err != nil {
			b.Fatal(err)
		}
	}
}
