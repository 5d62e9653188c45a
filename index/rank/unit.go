package rank

import (
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// A unitPattern finds a unit of answer (an age, a share, an amount of
// money) in a passage by reading only around the words every match of it
// holds. Go's regexp tries an alternation with no literal prefix at every
// position of the text, about 0.1 ms a passage: the age pattern took 18 of
// the 28 ms of "age limit for my son to use my transferred GI Bill", one
// of the development set's slowest questions (README, Ranking, the
// twenty-first session). The
// anchors are found with strings.Index, and the pattern runs on the
// stretches of text around them only; a passage with none is not read.
type unitPattern struct {
	re *regexp.Regexp
	// anchors are lower-case ASCII (or a sign): every match of re holds
	// one of them, in any case. An anchor written `\b…` counts only at a
	// word's start, where every match holding it has it: "age" is in
	// page, stage and dosage, each a stretch the pattern read for nothing
	// (6 of the 17 ms of "is my 91 year old grandma too old for the
	// shingels shot").
	anchors []string
}

// unitSpan is how far a match may reach from its anchor (a number, the
// spaces and "of" between a number and its unit): the stretch read is the
// anchor and unitSpan bytes either side, widened to whole words so that
// \b sees what it sees in the whole text.
const unitSpan = 48

// MatchString reports whether the pattern matches in text, as re would on
// all of it (for text whose spaces between an anchor and the rest of its
// match are fewer than unitSpan bytes).
func (u unitPattern) MatchString(text string) bool {
	for _, s := range u.stretches(text) {
		if u.re.MatchString(text[s[0]:s[1]]) {
			return true
		}
	}
	return false
}

// Spans are the byte ranges of text the pattern matches, as re would
// find them in all of it (with MatchString's proviso), in order.
func (u unitPattern) Spans(text string) [][2]int {
	var out [][2]int
	for _, s := range u.stretches(text) {
		for _, m := range u.re.FindAllStringIndex(text[s[0]:s[1]], -1) {
			out = append(out, [2]int{s[0] + m[0], s[0] + m[1]})
		}
	}
	return out
}

// stretches are the parts of text the pattern is run on: each anchor and
// unitSpan bytes either side, overlapping ones merged, in order, each
// widened to whole words (bounds).
func (u unitPattern) stretches(text string) [][2]int {
	lower := asciiLower(text)
	var spans [][2]int
	for _, a := range u.anchors {
		a, start := strings.CutPrefix(a, `\b`)
		for from := 0; ; {
			i := strings.Index(lower[from:], a)
			if i < 0 {
				break
			}
			i += from
			from = i + len(a)
			if start && i > 0 && isWordByte(lower[i-1]) {
				continue
			}
			spans = append(spans, [2]int{i - unitSpan, i + len(a) + unitSpan})
		}
	}
	if len(spans) == 0 {
		return nil
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	out := spans[:0] // merged in place: a merged stretch never passes the next unread one
	lo, hi := spans[0][0], spans[0][1]
	for _, s := range spans[1:] {
		if s[0] <= hi {
			hi = max(hi, s[1])
			continue
		}
		out = append(out, [2]int{lo, hi})
		lo, hi = s[0], s[1]
	}
	out = append(out, [2]int{lo, hi})
	for k, s := range out {
		out[k][0], out[k][1] = bounds(text, s[0], s[1])
	}
	return out
}

// bounds are lo and hi clamped to the text and widened to whole words
// (and whole UTF-8 characters), so that \b sees in the stretch what it
// sees in the whole text.
func bounds(text string, lo, hi int) (int, int) {
	lo, hi = max(lo, 0), min(hi, len(text))
	for lo > 0 && (!utf8.RuneStart(text[lo]) || isWordByte(text[lo-1]) && isWordByte(text[lo])) {
		lo--
	}
	for hi < len(text) && (!utf8.RuneStart(text[hi]) || isWordByte(text[hi-1]) && isWordByte(text[hi])) {
		hi++
	}
	return lo, hi
}

// isWordByte is regexp's \w, which \b reads.
func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// asciiLower lower-cases ASCII letters only, so that positions in it are
// positions in s.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
