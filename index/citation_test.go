package index

import "testing"

// A passage of one line is cited at that line, as the window's list says
// "line 24"; a longer one with its range.
func TestCitationOfOneLineHasOneLineNumber(t *testing.T) {
	h := Hit{Folder: "/home/a/notes", Path: "sub/fever.md", StartLine: 24, EndLine: 24, HeadingPath: []string{"Fever", "Dose"}}
	if got, want := h.Citation(), "notes/sub/fever.md:24 · Fever > Dose"; got != want {
		t.Errorf("one line: %q, want %q", got, want)
	}
	h.EndLine = 30
	if got, want := h.Citation(), "notes/sub/fever.md:24-30 · Fever > Dose"; got != want {
		t.Errorf("lines: %q, want %q", got, want)
	}
	if got, want := Location("/x/notes", "a.md", 3, 3), "notes/a.md:3"; got != want {
		t.Errorf("location: %q, want %q", got, want)
	}
}
