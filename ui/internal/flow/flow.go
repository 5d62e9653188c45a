// Package flow breaks a paragraph of styled runs into lines. The words of
// all runs (plain text, marked words, links, inline code) flow in one
// sequence, so a line breaks only where UAX #14 allows (at spaces, between
// CJK characters), never at a change of style: Fyne's RichText wraps each
// run on its own and strands letters of a run that starts near a line end.
package flow

import (
	"math"
	"unicode"

	"github.com/go-text/typesetting/segmenter"
)

// Run is text in one style; Tag is the caller's name for the style.
type Run struct {
	Text string
	Tag  int
}

// Word is what is drawn as one piece: a word, or the part of one in one
// run ("leave" marked, then "s").
type Word struct {
	Text  string
	Tag   int
	Space bool // a space shows before it
	Break bool // a line may start with it
}

// Words splits runs into words at spaces, at line break opportunities
// and where the run changes.
func Words(runs []Run) []Word {
	var text []rune
	var tags []int
	for _, r := range runs {
		for _, c := range r.Text {
			text = append(text, c)
			tags = append(tags, r.Tag)
		}
	}
	if len(text) == 0 {
		return nil
	}
	var seg segmenter.Segmenter
	seg.Init(text)
	breaks := make([]bool, len(text)+1)
	for it := seg.LineIterator(); it.Next(); {
		breaks[it.Line().Offset] = true
	}
	var out []Word
	start, space := -1, false
	flush := func(end int) {
		if start >= 0 {
			out[len(out)-1].Text = string(text[start:end])
			start = -1
		}
	}
	for i, c := range text {
		if unicode.IsSpace(c) {
			flush(i)
			space = true
			continue
		}
		if start >= 0 && (tags[i] == tags[i-1] && !breaks[i]) {
			continue // the same word goes on
		}
		flush(i)
		first := len(out) == 0
		out = append(out, Word{Tag: tags[i], Space: space && !first, Break: (space || breaks[i]) && !first})
		start, space = i, false
	}
	flush(len(text))
	return out
}

// Piece is a word placed on a line: all of it, or the part of a word too
// wide for any line that fits on this one.
type Piece struct {
	Word     int // index in the words
	Text     string
	Line     int
	X, Width float32
}

// Layout places words greedily on lines at most width wide, space apart
// where a space shows. A line breaks only before a word that allows it; a
// group of words glued together ("dose" and ",") moves as one, and is cut
// between its words only when it is wider than a line. A single word
// wider than a line is cut between characters. measure gives the width of
// text in the style of word w.
//
// Each piece that starts a text of its own (another style, or no space
// before it) starts on a whole unit, rounded up: Fyne's GL painter rounds
// a text's size by its position in its parent but its place on screen by
// the window's, so a text at a fraction is drawn up to two pixels off, and
// the space before a marked word or a link seems lost ("(26pay periods").
func Layout(words []Word, measure func(w int, text string) float32, space, width float32) []Piece {
	out := make([]Piece, 0, len(words))
	widths := make([]float32, len(words))
	for i, w := range words {
		widths[i] = measure(i, w.Text)
	}
	x, line := float32(0), 0
	for i := 0; i < len(words); {
		j, group := i+1, widths[i]
		for ; j < len(words) && !words[j].Break; j++ {
			group += widths[j]
			if words[j].Space {
				group += space
			}
		}
		lead := float32(0)
		if x > 0 && words[i].Space {
			lead = space
		}
		if x > 0 && x+lead+group > width {
			line, x, lead = line+1, 0, 0
		}
		x += lead
		for k := i; k < j; k++ {
			if k > i && words[k].Space {
				x += space
			}
			if k == 0 || words[k].Tag != words[k-1].Tag || !words[k].Space {
				x = ceil(x) // a text of its own (flowview draws a style's spaced words as one)
			}
			if x > 0 && x+widths[k] > width { // only inside a group wider than a line
				line, x = line+1, 0
			}
			if widths[k] <= width {
				out = append(out, Piece{Word: k, Text: words[k].Text, Line: line, X: x, Width: widths[k]})
				x += widths[k]
				continue
			}
			for rest := []rune(words[k].Text); len(rest) > 0; {
				n := fit(rest, func(s string) float32 { return measure(k, s) }, width-x)
				if n == 0 && x > 0 {
					line, x = line+1, 0
					continue
				}
				n = max(n, 1)
				w := measure(k, string(rest[:n]))
				out = append(out, Piece{Word: k, Text: string(rest[:n]), Line: line, X: x, Width: w})
				x = ceil(x + w)
				if rest = rest[n:]; len(rest) > 0 {
					line, x = line+1, 0
				}
			}
		}
		i = j
	}
	return out
}

func ceil(x float32) float32 { return float32(math.Ceil(float64(x))) }

// fit is how many of the runes fit in width.
func fit(r []rune, measure func(string) float32, width float32) int {
	lo, hi := 0, len(r)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if measure(string(r[:mid])) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}
