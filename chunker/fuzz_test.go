package chunker

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"folio/internal/testutil"
)

// FuzzSplit checks the invariants on any input. Seeds are the spec
// examples (from ../shared: required when FOLIO_REQUIRE_SHARED=1) and the
// hostile inputs; inputs the fuzzer finds failing are kept by Go in
// testdata/fuzz/FuzzSplit and run as seeds from then on.
func FuzzSplit(f *testing.F) {
	for _, sf := range specFiles {
		p, ok := testutil.LookShared(f, sf.file)
		if !ok {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		var ex []specExample
		if json.Unmarshal(data, &ex) == nil {
			for _, e := range ex {
				f.Add([]byte(e.Markdown), 40, 1)
			}
		}
	}
	f.Add([]byte("# a\n\ntext. more text.\n"), 5, 0)
	// Hardening cases: long lines, embedded data, deep nesting, UTF-16, and
	// cmark's pathological inputs, small.
	words := strings.Repeat("Some words here. ", 40)
	for _, md := range []string{
		words + strings.Repeat("QUFB+/", 300) + " tail. " + words,
		words + "![x](data:image/png;base64," + strings.Repeat("A", 3000) + ") after.\n\n" + words,
		nested("- ", MaxDepth+1), nested("> - 1. ", MaxDepth/3), indentedList(40),
		strings.Repeat("- ", 60) + "\n", "```\n" + strings.Repeat("b", 3000) + "\n```\n",
		string(utf16File("# T\r\n\r\nArabic العربية and 😀.\r\n", false)),
		string(utf16File("# T\r\n\r\nArabic العربية and 😀.\r\n", true)),
		string(append(utf16File("a", false), 0x00, 0xD8, 'b', 0, '\n', 0, 'c')),
	} {
		f.Add([]byte(md), 1000, 0)
		f.Add([]byte(md), 30, 1)
	}
	for _, h := range hostileShapes {
		f.Add(h.make(2000), 100, 1)
	}
	f.Fuzz(func(t *testing.T, data []byte, max, overlap int) {
		opt := Options{Max: 1 + abs(max)%2000, Min: abs(max) % 50, Overlap: abs(overlap) % 3}
		doc, err := Split("fuzz.md", data, opt)
		switch {
		case errors.Is(err, ErrBinary), errors.Is(err, ErrTooDeep), errors.Is(err, ErrTooManyBlocks):
			return // refused with its reason, as documented
		case err != nil:
			t.Fatalf("Split failed on %d bytes: %v", len(data), err)
		}
		checkInvariants(t, "fuzz", data, doc, opt)
	})
}
