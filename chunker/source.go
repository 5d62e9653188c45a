package chunker

import (
	"bytes"
	"errors"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// ErrBinary is returned for files that contain NUL bytes: they are not text
// and chunking them would only fill the index with noise.
var ErrBinary = errors.New("binary file (contains NUL bytes)")

// source is a document's text after the few repairs that keep line numbers
// right: UTF-16 decoded, the byte-order mark dropped, CRLF and lone CR
// turned into LF, and invalid UTF-8 replaced by U+FFFD. None of these adds
// or removes a line.
type source struct {
	text         string
	lineStarts   []int // byte offset of the first byte of each line
	invalidBytes int
	// frontEnd is the byte offset just past the front matter block, 0 if none.
	frontEnd   int
	frontTitle string
	// prog counts the work of Split's loops and notices a cancel; nil
	// outside Split (Measure), where it does nothing.
	prog *progress
}

func newSource(data []byte) (*source, error) {
	s, err := decodeSource(data)
	if err != nil {
		return nil, err
	}
	s.indexLines()
	return s, nil
}

// Text is the text Split reads from a file's bytes (UTF-16 decoded, the
// byte-order mark dropped, line ends as LF, invalid UTF-8 replaced), in
// which every chunk's Text stands at its Start: what a caller searches to
// find a chunk again in a file that changed.
func Text(data []byte) (string, error) {
	s, err := decodeSource(data)
	if err != nil {
		return "", err
	}
	return s.text, nil
}

// decodeSource is newSource without the line index, which takes 8 bytes a
// line: Split builds it only once the guard has accepted the text.
func decodeSource(data []byte) (*source, error) {
	s := &source{}
	// UTF-16 is full of NUL bytes, so it is decoded before the binary check:
	// a file saved as "Unicode" by Windows tools is still text.
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		data, s.invalidBytes = decodeUTF16(data[2:], false)
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		data, s.invalidBytes = decodeUTF16(data[2:], true)
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, ErrBinary
	}
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	if utf8.Valid(data) && bytes.IndexByte(data, '\r') < 0 {
		s.text = string(data)
	} else {
		var b strings.Builder
		b.Grow(len(data))
		for i := 0; i < len(data); {
			c := data[i]
			if c == '\r' {
				b.WriteByte('\n')
				if i+1 < len(data) && data[i+1] == '\n' {
					i++
				}
				i++
				continue
			}
			if c < utf8.RuneSelf {
				b.WriteByte(c)
				i++
				continue
			}
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				s.invalidBytes++
				b.WriteRune(utf8.RuneError)
			} else {
				b.Write(data[i : i+size])
			}
			i += size
		}
		s.text = b.String()
	}
	s.parseFrontMatter()
	return s, nil
}

// indexLines records where each line starts.
func (s *source) indexLines() {
	s.lineStarts = make([]int, 1, strings.Count(s.text, "\n")+1)
	for i := 0; i < len(s.text); i++ {
		if s.text[i] == '\n' && i+1 < len(s.text) {
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
}

// decodeUTF16 turns UTF-16 without its byte-order mark into UTF-8. An
// unpaired surrogate or an odd last byte becomes U+FFFD; the bytes they
// took are returned as invalid.
func decodeUTF16(data []byte, bigEndian bool) ([]byte, int) {
	unit := func(i int) rune {
		if bigEndian {
			return rune(data[i])<<8 | rune(data[i+1])
		}
		return rune(data[i+1])<<8 | rune(data[i])
	}
	out := make([]byte, 0, len(data)+len(data)/2)
	invalid := 0
	for i := 0; i+1 < len(data); i += 2 {
		r := unit(i)
		if utf16.IsSurrogate(r) {
			if i+3 < len(data) {
				if pair := utf16.DecodeRune(r, unit(i+2)); pair != utf8.RuneError {
					out = utf8.AppendRune(out, pair)
					i += 2
					continue
				}
			}
			r = utf8.RuneError
			invalid += 2
		}
		out = utf8.AppendRune(out, r)
	}
	if len(data)%2 == 1 {
		out = utf8.AppendRune(out, utf8.RuneError)
		invalid++
	}
	return out, invalid
}

// line returns the 1-based line number of the byte at offset.
func (s *source) line(offset int) int {
	return sort.Search(len(s.lineStarts), func(i int) bool { return s.lineStarts[i] > offset })
}

// lineStart returns the offset of the start of the line holding offset.
func (s *source) lineStart(offset int) int {
	return s.lineStarts[s.line(offset)-1]
}

// lineEnd returns the offset of the newline ending the line holding offset
// (or the end of the text).
func (s *source) lineEnd(offset int) int {
	if i := strings.IndexByte(s.text[offset:], '\n'); i >= 0 {
		return offset + i
	}
	return len(s.text)
}

// parseFrontMatter recognises YAML (---) and TOML (+++) front matter at the
// very top of the file and takes its title.
func (s *source) parseFrontMatter() {
	t := s.text
	var fence string
	switch {
	case strings.HasPrefix(t, "---\n") || strings.HasPrefix(t, "--- \n"):
		fence = "---"
	case strings.HasPrefix(t, "+++\n"):
		fence = "+++"
	default:
		return
	}
	second := strings.IndexByte(t, '\n') + 1
	for ls := second; ls < len(t); ls = s.lineEnd(ls) + 1 {
		line := strings.TrimRight(t[ls:s.lineEnd(ls)], " \t")
		if line == fence || (fence == "---" && line == "...") {
			s.frontEnd = s.lineEnd(ls)
			s.frontTitle = frontMatterTitle(t[second:ls], fence == "+++")
			return
		}
	}
}

// frontMatterTitle reads a top-level `title: x` (YAML) or `title = "x"` (TOML)
// line by line, apart from the parser that reads the rest (frontmatter.go):
// a note whose front matter is not valid YAML keeps its title, and titles
// stay exactly what existing libraries were indexed with.
func frontMatterTitle(block string, toml bool) string {
	sep := ":"
	if toml {
		sep = "="
	}
	for _, line := range strings.Split(block, "\n") {
		key, value, ok := strings.Cut(line, sep)
		if !ok || strings.TrimSpace(key) != "title" || strings.HasPrefix(key, " ") {
			continue
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] {
			value = value[1 : len(value)-1]
		}
		if value == "|" || value == ">" {
			continue
		}
		return strings.TrimSpace(value)
	}
	return ""
}

// isSpace reports ASCII whitespace; Markdown structure only uses these.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'
}

// trimRange narrows [start, end) to exclude leading and trailing whitespace.
func (s *source) trimRange(start, end int) (int, int) {
	for start < end && isSpace(s.text[start]) {
		start++
	}
	for end > start && isSpace(s.text[end-1]) {
		end--
	}
	return start, end
}
