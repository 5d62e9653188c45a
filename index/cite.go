package index

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"

	"folio/chunker"
	"folio/files"
	"folio/index/snippet"
)

// Citations are checked before they are used (opened in an editor,
// copied, printed): a file edited since it was indexed may have moved the
// passage, or dropped it. The index keeps each document's size,
// modification time and hash; when the file no longer has them, the
// passage is looked for in the file as it is now.

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

// changedOnDisk reports whether the hit's file no longer holds what was
// indexed: a stat, and when only the time differs, its bytes read and
// hashed. A checkout, a copy or a restore sets a new time on files whose
// text is the same, and their passages had all been said to be changed.
func (h Hit) changedOnDisk() bool {
	changed, _ := h.readIfChanged()
	return changed
}

// readIfChanged is changedOnDisk, with the bytes it read when it had to (the
// time differed, the size did not), so Cite does not read the file twice.
func (h Hit) readIfChanged() (bool, []byte) {
	info, err := os.Stat(h.File())
	switch {
	case err != nil || info.Size() != h.docSize:
		return true, nil
	case info.ModTime().UnixNano() == h.docMTime:
		return false, nil
	}
	data, err := files.ReadInside(h.Folder, h.File())
	if err != nil {
		return true, nil
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]) != h.docHash, data
}

// Cite checks the hit against its file and says where its passage is now:
// unchanged files cost a stat (and a read when only their time changed); a
// changed one is read and the passage found in it, exactly, else with
// white space runs folded (an editor re-wrapped or re-indented it).
func Cite(h Hit) Cited {
	c := Cited{Path: h.File(), StartLine: h.StartLine, EndLine: h.EndLine}
	changed, data := h.readIfChanged()
	if !changed {
		return c
	}
	c.Changed = true
	if data == nil {
		var err error
		if data, err = files.ReadInside(h.Folder, c.Path); err != nil {
			c.Missing, c.Gone = true, true
			return c
		}
	}
	text, err := chunker.Text(data)
	if err != nil {
		c.Gone = true
		return c
	}
	data = []byte(text)
	start, end, ok := snippet.Locate(data, []byte(h.Text))
	if !ok {
		c.Gone = true
		return c
	}
	c.StartLine = 1 + bytes.Count(data[:start], []byte("\n"))
	c.EndLine = c.StartLine + bytes.Count(bytes.TrimRight(data[start:end], "\n"), []byte("\n"))
	return c
}
