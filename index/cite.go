package index

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"folio/chunker"
	"folio/files"
)

// Citations are checked before they are used (opened in an editor,
// copied, printed): a file edited since it was indexed may have moved the
// passage, or dropped it. The index keeps each document's size and
// modification time; when the file no longer has them, the passage is
// looked for in the file as it is now.

// Cited is where a hit's passage is in its file now.
type Cited struct {
	Path      string // the file, absolute
	StartLine int    // 1-based, inclusive, as an editor counts
	EndLine   int
	Changed   bool // the file changed since it was indexed
	Gone      bool // … and the passage is no longer in it (the lines are the indexed ones)
	Missing   bool // the file is gone (or unreadable)
}

// File is the hit's file, absolute.
func (h Hit) File() string { return filepath.Join(h.Folder, filepath.FromSlash(h.Path)) }

// changedOnDisk reports whether the hit's file no longer has the size and
// modification time it was indexed with (a stat; no reading).
func (h Hit) changedOnDisk() bool {
	info, err := os.Stat(h.File())
	return err != nil || info.Size() != h.docSize || info.ModTime().UnixNano() != h.docMTime
}

// Cite checks the hit against its file and says where its passage is now:
// unchanged files cost a stat; a changed one is read and the passage found
// in it, exactly, else with white space runs folded (an editor re-wrapped
// or re-indented it).
func Cite(h Hit) Cited {
	c := Cited{Path: h.File(), StartLine: h.StartLine, EndLine: h.EndLine}
	if !h.changedOnDisk() {
		return c
	}
	c.Changed = true
	data, err := files.ReadRegular(c.Path)
	if err != nil {
		c.Missing, c.Gone = true, true
		return c
	}
	text, err := chunker.Text(data)
	if err != nil {
		c.Gone = true
		return c
	}
	data = []byte(text)
	start, end, ok := locate(data, []byte(h.Text))
	if !ok {
		c.Gone = true
		return c
	}
	c.StartLine = 1 + bytes.Count(data[:start], []byte("\n"))
	c.EndLine = c.StartLine + bytes.Count(bytes.TrimRight(data[start:end], "\n"), []byte("\n"))
	return c
}

// locate finds passage in text: exactly, else ignoring how white space is
// laid out. It returns the byte range in text.
func locate(text, passage []byte) (int, int, bool) {
	passage = bytes.TrimSpace(passage)
	if len(passage) == 0 {
		return 0, 0, false
	}
	if i := bytes.Index(text, passage); i >= 0 {
		return i, i + len(passage), true
	}
	ft, pos := foldSpace(text)
	fp, _ := foldSpace(passage)
	fp = strings.TrimSpace(fp)
	i := strings.Index(ft, fp)
	if i < 0 || fp == "" {
		return 0, 0, false
	}
	return pos[i], pos[i+len(fp)-1] + 1, true
}

// foldSpace turns every run of white space into one space; pos maps each
// byte of the result to a byte of s.
func foldSpace(s []byte) (string, []int) {
	var b strings.Builder
	pos := make([]int, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		if unicode.IsSpace(r) {
			if !space {
				b.WriteByte(' ')
				pos = append(pos, i)
			}
			space = true
			i += n
			continue
		}
		space = false
		b.Write(s[i : i+n])
		for k := 0; k < n; k++ {
			pos = append(pos, i+k)
		}
		i += n
	}
	return b.String(), pos
}
