package chunker

import "testing"

func TestDocumentWarnings(t *testing.T) {
	if w := (&Document{}).Warnings(); w != "" {
		t.Errorf("a clean document warns %q", w)
	}
	doc := &Document{InvalidBytes: 3, Omitted: []Omission{
		{StartLine: 4, EndLine: 4, Reason: "embedded data"},
		{StartLine: 9, EndLine: 12, Reason: "embedded data"},
	}}
	want := "3 invalid UTF-8 bytes replaced; line 4: embedded data; lines 9-12: embedded data"
	if w := doc.Warnings(); w != want {
		t.Errorf("Warnings = %q, want %q", w, want)
	}
}
