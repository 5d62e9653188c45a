package chunker

import (
	"encoding/json"
	"fmt"
	"testing"

	"folio/internal/testutil"
)

type specExample struct {
	Markdown string `json:"markdown"`
	Example  int    `json:"example"`
	Section  string `json:"section"`
}

func loadSpec(t testing.TB, rel string) []specExample {
	t.Helper()
	var ex []specExample
	if err := json.Unmarshal(testutil.ReadShared(t, rel), &ex); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return ex
}

var specFiles = []struct {
	file string
	want int
}{
	{"spec/commonmark-0.31.2.spec.json", 652},
	{"spec/gfm/spec.json", 671},
	{"spec/gfm/extensions.json", 28},
	{"spec/gfm/regression.json", 19},
}

// Every spec example, at several sizes: no panic, no word lost, exact lines
// and text, chunks in order, and tables and code never cut.
func TestSpecExamplesKeepInvariants(t *testing.T) {
	for _, sf := range specFiles {
		examples := loadSpec(t, sf.file)
		if len(examples) != sf.want {
			t.Fatalf("%s: %d examples, want %d", sf.file, len(examples), sf.want)
		}
		for _, ex := range examples {
			for _, opt := range []Options{DefaultOptions(), {Max: 40, Min: 10}, {Max: 30, Overlap: 1}, {Max: 1}} {
				name := fmt.Sprintf("%s #%d (%s) %+v", sf.file, ex.Example, ex.Section, opt)
				data := []byte(ex.Markdown)
				doc, err := Split("example.md", data, opt)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				r := checkInvariants(t, name, data, doc, opt)
				if r.Defects.SplitTables+r.Defects.SplitCode+r.Defects.OrphanedRows+r.Defects.EmptyPaths != 0 {
					t.Fatalf("%s: structural defects %+v\n%q", name, r.Defects, ex.Markdown)
				}
			}
		}
	}
}
