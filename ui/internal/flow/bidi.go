package flow

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

// Right-to-left paragraphs, snippets and breadcrumbs are laid out a word
// at a time (Fyne draws each piece of text left to right and has no
// paragraph-level bidi). The Unicode bidirectional algorithm, applied at
// the level of words with golang.org/x/text/unicode/bidi's character
// classes, gives what the layout needs:
//
//   - each word's direction: its first strong character's (L; R or AL),
//     and for a word with none (numbers, punctuation) that of the strong
//     words around it when they agree, a number after a left-to-right
//     word being left-to-right too (rules W7, N1), else the paragraph's;
//   - in a right-to-left paragraph, a run of left-to-right words ("Vue 3")
//     keeps its own order inside the right-to-left flow (rule L2);
//   - in a right-to-left word, punctuation at its ends belongs on the
//     other side ("بببب." shows its full stop on the left) and brackets
//     mirror (rule L4).
//
// Not covered: embeddings and isolates (explicit bidi controls), and
// reordering inside one word that mixes directions.

// Dir is a word's direction.
type Dir int8

const (
	Neutral Dir = iota
	LTR
	RTL
)

// StrongDir is the direction of the first strong character of word.
func StrongDir(word string) Dir {
	for _, r := range word {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			return LTR
		case bidi.R, bidi.AL:
			return RTL
		}
	}
	return Neutral
}

func isNumber(word string) bool {
	for _, r := range word {
		p, _ := bidi.LookupRune(r)
		if c := p.Class(); c == bidi.EN || c == bidi.AN {
			return true
		}
	}
	return false
}

// WordDirections resolves every word's direction in a paragraph of the
// given direction (rtl true: right to left): true means left to right.
func WordDirections(words []string, rtl bool) []bool {
	para := LTR
	if rtl {
		para = RTL
	}
	dirs := make([]Dir, len(words))
	for i, w := range words {
		dirs[i] = StrongDir(w)
	}
	out := make([]bool, len(words))
	for i, d := range dirs {
		if d == Neutral {
			prev, next := para, para
			for j := i - 1; j >= 0; j-- {
				if dirs[j] != Neutral {
					prev = dirs[j]
					break
				}
			}
			for j := i + 1; j < len(dirs); j++ {
				if dirs[j] != Neutral {
					next = dirs[j]
					break
				}
			}
			switch {
			case prev == next:
				d = prev
			case prev == LTR && isNumber(words[i]):
				d = LTR
			default:
				d = para
			}
		}
		out[i] = d == LTR
	}
	return out
}

// mirrorBrackets swaps the brackets a right-to-left word shows mirrored.
var mirrorBrackets = strings.NewReplacer("(", ")", ")", "(", "[", "]", "]", "[", "{", "}", "}", "{", "«", "»", "»", "«")

// VisualRTLWord is how a right-to-left word is drawn by a left-to-right
// renderer: punctuation at its end goes to its start and the other way
// round, in reverse order, brackets mirrored.
func VisualRTLWord(word string) string {
	isPunct := func(r rune) bool {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.ON, bidi.CS, bidi.ES, bidi.ET:
			return true
		}
		return false
	}
	start, end := 0, len(word)
	for start < end {
		r, n := utf8.DecodeRuneInString(word[start:])
		if !isPunct(r) {
			break
		}
		start += n
	}
	for end > start {
		r, n := utf8.DecodeLastRuneInString(word[:end])
		if !isPunct(r) {
			break
		}
		end -= n
	}
	if start == 0 && end == len(word) {
		return word
	}
	return mirrored(word[end:]) + word[start:end] + mirrored(word[:start])
}

// mirrored is punctuation of a right-to-left word as drawn left to right:
// in reverse order, brackets mirrored.
func mirrored(punct string) string {
	r := []rune(mirrorBrackets.Replace(punct))
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// VisualLine is text as a left-to-right renderer must draw it: a phrase
// whose first strong word is right to left shows its words reversed, a
// run of left-to-right words keeping its order . One word needs
// nothing: Fyne shapes a word on its own.
func VisualLine(text string) string {
	words := strings.Fields(text)
	if len(words) < 2 {
		return text
	}
	rtl := false
	for _, wd := range words {
		if d := StrongDir(wd); d != Neutral {
			rtl = d == RTL
			break
		}
	}
	if !rtl {
		return text
	}
	ltr := WordDirections(words, true)
	var out []string
	for i := 0; i < len(words); {
		j := i + 1
		if ltr[i] {
			for j < len(words) && ltr[j] {
				j++
			}
			out = append([]string{strings.Join(words[i:j], " ")}, out...)
		} else {
			out = append([]string{VisualRTLWord(words[i])}, out...)
		}
		i = j
	}
	return strings.Join(out, " ")
}

func isNeutralPunct(r rune) bool {
	p, _ := bidi.LookupRune(r)
	switch p.Class() {
	case bidi.ON, bidi.CS, bidi.ES, bidi.ET:
		return true
	}
	return false
}

// SplitLTREnds cuts the punctuation at the ends of the left-to-right words
// of a right-to-left paragraph into words of their own, glued to the word
// (no space, no line break between). WordDirections then resolves each
// between its neighbours: "`v-if`." before Arabic text shows its full
// stop on the left of v-if, and "v-else-if،" its comma (rules N1, N2); a
// comma between two Latin words stays in their run.
func SplitLTREnds(words []Word) []Word {
	out := make([]Word, 0, len(words))
	for _, w := range words {
		if StrongDir(w.Text) != LTR {
			out = append(out, w)
			continue
		}
		r := []rune(w.Text)
		start, end := 0, len(r)
		for start < end && isNeutralPunct(r[start]) {
			start++
		}
		for end > start && isNeutralPunct(r[end-1]) {
			end--
		}
		first := true
		for _, part := range []string{string(r[:start]), string(r[start:end]), string(r[end:])} {
			if part == "" {
				continue
			}
			p := Word{Text: part, Tag: w.Tag}
			if first {
				p.Space, p.Break = w.Space, w.Break
			}
			out = append(out, p)
			first = false
		}
	}
	return out
}
