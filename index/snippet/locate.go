package snippet

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Locate finds passage in text: exactly, else ignoring how white space is
// laid out. It returns the byte range in text.
func Locate(text, passage []byte) (int, int, bool) {
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
