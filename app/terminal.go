package app

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Text from notes and file names reaches the terminal inside every line the
// command line prints (citations, headings, paths in errors), so rather
// than cleaning each piece, run wraps stdout and stderr once in a
// safeWriter: a heading holding ESC]52 (clipboard write), ESC[2J or a bidi
// override is shown as a placeholder instead of being acted on. Folio's
// own escapes (bold matches, the progress line) go to the unwrapped writer
// (rawWriter) with the note text in them cleaned by safeText.

// safeWriter replaces, in everything written through it, the characters a
// terminal acts on. In json mode it writes them as \u escapes instead, so
// JSON keeps the exact text (encoding/json leaves DEL, C1 controls and
// bidi overrides raw).
type safeWriter struct {
	w       io.Writer
	json    bool
	pending []byte // the start of a character split across two writes
}

// Write cleans p and writes it; it reports len(p) on success, since the
// caller's bytes were all consumed even when their cleaned form differs.
func (s *safeWriter) Write(p []byte) (int, error) {
	buf := append(s.pending, p...)
	s.pending = nil
	cut := len(buf)
	// Keep back a character cut in half by the write boundary.
	for i := len(buf) - 1; i >= 0 && i >= len(buf)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(buf[i]) {
			if !utf8.FullRune(buf[i:]) {
				cut = i
			}
			break
		}
	}
	s.pending = append([]byte(nil), buf[cut:]...)
	if _, err := io.WriteString(s.w, clean(string(buf[:cut]), s.json)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// unsafeRune reports a character a terminal would act on: C0 controls but
// newline and tab, DEL, C1 controls, and the bidi embeddings, overrides
// and isolates, which reorder what is shown (U+202A–U+202E, U+2066–U+2069).
func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7F || (r >= 0x80 && r <= 0x9F):
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// clean replaces every unsafe character of s, and every byte that is not
// UTF-8 (a lone 0x9B is CSI to some terminals): by ^X for C0 controls and
// DEL (ESC shows as ^[), by U+FFFD otherwise, or in json mode by its \u
// escape.
func clean(s string, json bool) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r) || (r == utf8.RuneError && n == 1) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s // the common case: nothing to replace
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case !unsafeRune(r):
			b.WriteRune(r)
		case json:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r < 0x20:
			b.WriteString("^" + string(rune(r+'@')))
		case r == 0x7F:
			b.WriteString("^?")
		default:
			b.WriteRune(utf8.RuneError)
		}
	}
	return b.String()
}

// safeText is s cleaned for a terminal, for note text written to the
// rawWriter next to Folio's own escapes.
func safeText(s string) string { return clean(s, false) }

// rawWriter is the writer under a safeWriter, for Folio's own escapes.
func rawWriter(w io.Writer) io.Writer {
	if s, ok := w.(*safeWriter); ok {
		return s.w
	}
	return w
}

// jsonWriter is w for a JSON encoder: unsafe characters become \u escapes
// rather than placeholders, so the JSON holds the note's exact text.
func jsonWriter(w io.Writer) io.Writer {
	return &safeWriter{w: rawWriter(w), json: true}
}

// safeEnv wraps e's streams in safeWriters, once, at the start of run.
func safeEnv(e *env) *env {
	wrap := func(w io.Writer) io.Writer {
		if _, ok := w.(*safeWriter); ok {
			return w
		}
		return &safeWriter{w: w}
	}
	return &env{stdout: wrap(e.stdout), stderr: wrap(e.stderr)}
}
