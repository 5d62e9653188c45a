package chunker

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzSplit checks the invariants on any input. Seeds are the spec
// examples (when ../shared is present) and the cases in testdata/fuzz.
func FuzzSplit(f *testing.F) {
	for _, sf := range specFiles {
		data, err := os.ReadFile(filepath.Join("..", "..", "shared", sf.file))
		if err != nil {
			continue
		}
		var ex []specExample
		if json.Unmarshal(data, &ex) == nil {
			for _, e := range ex {
				f.Add([]byte(e.Markdown), 40, 1)
			}
		}
	}
	f.Add([]byte("# a\n\ntext. more text.\n"), 5, 0)
	f.Fuzz(func(t *testing.T, data []byte, max, overlap int) {
		opt := Options{Max: 1 + abs(max)%2000, Min: abs(max) % 50, Overlap: abs(overlap) % 3}
		doc, err := Split("fuzz.md", data, opt)
		if err != nil {
			return // NUL bytes: binary
		}
		checkInvariants(t, "fuzz", data, doc, opt)
	})
}
