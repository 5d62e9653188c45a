package chunker

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// fileLines splits the original bytes the way an editor does (LF, CRLF or
// CR end a line, UTF-16 with a byte-order mark is decoded), independently
// of the chunker's own normalisation.
func fileLines(data []byte) []string {
	if len(data) >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF) {
		units := make([]uint16, 0, len(data)/2)
		for i := 2; i+1 < len(data); i += 2 {
			if data[0] == 0xFE {
				units = append(units, uint16(data[i])<<8|uint16(data[i+1]))
			} else {
				units = append(units, uint16(data[i+1])<<8|uint16(data[i]))
			}
		}
		decoded := string(utf16.Decode(units))
		if len(data)%2 == 1 {
			decoded += "\uFFFD"
		}
		data = []byte(decoded)
	}
	s := strings.TrimPrefix(string(data), "\xEF\xBB\xBF")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Split(s, "\n")
}

// checkInvariants asserts what must hold for any input: chunks in order,
// line numbers that match the file, text that is exactly the cited source,
// and no word lost.
func checkInvariants(t testing.TB, name string, data []byte, doc *Document, opt Options) Report {
	t.Helper()
	lines := fileLines(data)
	prevStart, prevEnd := -1, -1
	for i, c := range doc.Chunks {
		if c.Ordinal != i {
			t.Fatalf("%s: chunk %d has ordinal %d", name, i, c.Ordinal)
		}
		if c.Start < 0 || c.End > len(doc.Text) || c.Start >= c.End {
			t.Fatalf("%s: chunk %d has bad range %d-%d", name, i, c.Start, c.End)
		}
		if c.Text != doc.Text[c.Start:c.End] || strings.Trim(c.Text, " \t\n\v\f") != c.Text || c.Text == "" {
			t.Fatalf("%s: chunk %d text is not its trimmed source range: %q", name, i, c.Text)
		}
		if c.Start < prevStart || (opt.Overlap == 0 && c.Start < prevEnd) {
			t.Fatalf("%s: chunk %d (%d-%d) out of order after %d-%d", name, i, c.Start, c.End, prevStart, prevEnd)
		}
		prevStart, prevEnd = c.Start, c.End
		if c.StartLine < 1 || c.StartLine > c.EndLine || c.EndLine > len(lines) {
			t.Fatalf("%s: chunk %d lines %d-%d outside 1-%d", name, i, c.StartLine, c.EndLine, len(lines))
		}
		if want := strings.Count(doc.Text[:c.Start], "\n") + 1; c.StartLine != want {
			t.Fatalf("%s: chunk %d start line %d, want %d", name, i, c.StartLine, want)
		}
		// The cited lines of the file itself hold the chunk's first and last line.
		textLines := strings.Split(c.Text, "\n")
		if c.EndLine-c.StartLine+1 != len(textLines) {
			t.Fatalf("%s: chunk %d spans lines %d-%d but has %d lines", name, i, c.StartLine, c.EndLine, len(textLines))
		}
		if utf8.ValidString(lines[c.StartLine-1]) && !strings.Contains(lines[c.StartLine-1], textLines[0]) {
			t.Fatalf("%s: chunk %d first line %q is not in file line %d %q", name, i, textLines[0], c.StartLine, lines[c.StartLine-1])
		}
		last := textLines[len(textLines)-1]
		if utf8.ValidString(lines[c.EndLine-1]) && !strings.Contains(lines[c.EndLine-1], last) {
			t.Fatalf("%s: chunk %d last line %q is not in file line %d %q", name, i, last, c.EndLine, lines[c.EndLine-1])
		}
		if len(c.Path) == 0 || !strings.HasPrefix(c.ID, "chk_") || len(c.ID) != 24 || !strings.HasPrefix(c.Section, "sec_") {
			t.Fatalf("%s: chunk %d lacks path or ids: %+v", name, i, c)
		}
	}
	r := Measure(doc, opt)
	if r.Coverage.Lost != 0 {
		t.Fatalf("%s: %d of %d words lost, first %q", name, r.Coverage.Lost, r.Coverage.Words, r.Coverage.LostWord)
	}
	return r
}
