package chunker

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// abbreviations end with a full stop that does not end a sentence even when
// a capital letter or a number follows ("Dr. Smith", "Fig. 3", "e.g. Paris").
var abbreviations = map[string]bool{
	"mr": true, "mrs": true, "ms": true, "dr": true, "prof": true, "sr": true, "jr": true,
	"st": true, "mt": true, "vs": true, "cf": true, "al": true, "fig": true, "figs": true,
	"no": true, "nos": true, "vol": true, "vols": true, "p": true, "pp": true, "ch": true,
	"sec": true, "approx": true, "dept": true, "est": true, "inc": true, "ltd": true,
	"co": true, "corp": true, "e.g": true, "i.e": true, "eg": true, "ie": true, "viz": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true, "u.s": true, "u.k": true,
	"a.m": true, "p.m": true, "ph.d": true, "m.d": true, "gen": true, "gov": true, "rev": true,
	"eq": true, "eqs": true, "ref": true, "refs": true, "ed": true, "eds": true, "op": true,
}

// isTerminator reports characters that can end a sentence. Latin ones need
// whitespace after them; CJK and Arabic ones do not (CJK has no spaces).
func isTerminator(r rune) (ok, needsSpace bool) {
	switch r {
	case '.', '!', '?', '…':
		return true, true
	case '؟', '۔', '。', '！', '？', '｡':
		return true, false
	}
	return false, false
}

// isCloser reports characters that belong to the sentence they follow:
// closing quotes and brackets, and Markdown emphasis markers.
func isCloser(r rune) bool {
	switch r {
	case '"', '\'', '”', '’', ')', ']', '»', '*', '_', '`', '」', '』', '）', '】', '〕', '》':
		return true
	}
	return false
}

// sentenceEnds returns the offsets in [start, end) just past each sentence
// end that is followed by more text: the places where prose may be split.
// It gives up early, with what it has, when Split is cancelled.
func (s *source) sentenceEnds(start, end int) []int {
	text := s.text
	var out []int
	counted := start
	for i := start; i < end; {
		if i-counted >= checkEvery {
			if !s.prog.add(i - counted) {
				return out
			}
			counted = i
		}
		r, size := utf8.DecodeRuneInString(text[i:end])
		ok, needsSpace := isTerminator(r)
		if !ok {
			i += size
			continue
		}
		j := i + size
		for j < end { // runs like "?!" or "..."
			r2, s2 := utf8.DecodeRuneInString(text[j:end])
			if t, _ := isTerminator(r2); !t {
				break
			}
			j += s2
		}
		for j < end {
			r2, s2 := utf8.DecodeRuneInString(text[j:end])
			if !isCloser(r2) {
				break
			}
			j += s2
		}
		if j >= end {
			break // the end of the block is a boundary anyway
		}
		if isSentenceEnd(text, i, j, end, r, needsSpace) {
			out = append(out, j)
		}
		i = j
	}
	s.prog.add(end - counted)
	return out
}

func isSentenceEnd(text string, term, after, end int, r rune, needsSpace bool) bool {
	next, _ := utf8.DecodeRuneInString(text[after:end])
	if !needsSpace {
		return true
	}
	if !unicode.IsSpace(next) {
		return false // 0.5, v1.2.3, example.com, "end."quoted
	}
	k := after
	for k < end && isSpace(text[k]) {
		k++
	}
	if k >= end {
		return false
	}
	following, _ := utf8.DecodeRuneInString(text[k:end])
	if unicode.IsLower(following) {
		return false // "approx. five", "e.g. the", "... and then"
	}
	if r == '.' {
		// The word before the full stop: an abbreviation or an initial?
		w := term
		for w > 0 {
			p, s := utf8.DecodeLastRuneInString(text[:w])
			if !(unicode.IsLetter(p) || p == '.') {
				break
			}
			w -= s
		}
		word := strings.ToLower(text[w:term])
		if abbreviations[word] {
			return false
		}
		if initial, _ := utf8.DecodeRuneInString(text[w:term]); term-w == utf8.RuneLen(initial) && unicode.IsUpper(initial) {
			// "J. Smith" is an initial; "39 C. Above" is a unit after a number.
			before := strings.TrimRight(text[:w], " ")
			if last, _ := utf8.DecodeLastRuneInString(before); !unicode.IsDigit(last) {
				return false
			}
		}
	}
	return true
}

// sentences splits [start, end) into sentence ranges, trimmed.
func (s *source) sentences(start, end int) [][2]int {
	var out [][2]int
	prev := start
	for _, e := range s.sentenceEnds(start, end) {
		a, b := s.trimRange(prev, e)
		if a < b {
			out = append(out, [2]int{a, b})
		}
		prev = e
	}
	if a, b := s.trimRange(prev, end); a < b {
		out = append(out, [2]int{a, b})
	}
	return out
}

// cutLong splits one sentence too long to keep whole (more than twice max
// characters: a run-on list, a paragraph without stops, unbroken CJK) into
// near-equal parts of at most max characters, each cut at a clause mark or
// space near its target. These are the only chunks that end mid-sentence.
//
// The size of what is left is kept as parts are cut off rather than counted
// again each time: counting the rest on every cut made a long line cost the
// square of its length.
func (s *source) cutLong(start, end, max int) [][2]int {
	var out [][2]int
	size := s.runes(start, end)
	for size > max {
		parts := (size + max - 1) / max
		target := size / parts
		limit, targetOff := start, start
		for n := 0; n < max && limit < end; n++ {
			if n == target {
				targetOff = limit
			}
			_, w := utf8.DecodeRuneInString(s.text[limit:end])
			limit += w
		}
		// The clause mark, else the space, nearest to the target.
		cut, clause := -1, -1
		for k := start; k < limit; {
			r, w := utf8.DecodeRuneInString(s.text[k:limit])
			k += w
			switch {
			case r == ',' || r == ';' || r == ':' || r == '،' || r == '؛' || r == '，' || r == '、' || r == '；' || r == '：':
				if clause < 0 || abs(k-targetOff) < abs(clause-targetOff) {
					clause = k
				}
			case unicode.IsSpace(r) && k-w > start:
				if cut < 0 || abs(k-w-targetOff) < abs(cut-targetOff) {
					cut = k - w
				}
			}
		}
		if !s.prog.add(2 * (limit - start)) {
			return out
		}
		switch {
		case clause > start && abs(clause-targetOff) <= (limit-start)/4:
			cut = clause
		case cut > start:
		case clause > start:
			cut = clause
		default:
			cut = s.nextBreak(limit, end)
		}
		a, b := s.trimRange(start, cut)
		if a < b {
			out = append(out, [2]int{a, b})
		}
		next, _ := s.trimRange(cut, end)
		size -= s.runes(start, next)
		start = next
	}
	if a, b := s.trimRange(start, end); a < b {
		out = append(out, [2]int{a, b})
	}
	return out
}

// runes counts the characters of [start, end), as work done.
func (s *source) runes(start, end int) int {
	s.prog.add(end - start)
	return utf8.RuneCountInString(s.text[start:end])
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// nextBreak finds the first place at or after off where a cut keeps words
// whole: whitespace, a clause mark, or a boundary next to a CJK character
// (CJK is written without spaces, so any character boundary will do).
func (s *source) nextBreak(off, end int) int {
	for k := off; k < end; {
		r, w := utf8.DecodeRuneInString(s.text[k:end])
		if isCJK(r) {
			s.prog.add(k - off)
			return k
		}
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r)) {
			s.prog.add(k - off)
			return k + w
		}
		k += w
	}
	s.prog.add(end - off)
	return end
}

// isCJK reports characters of scripts written without spaces between words.
func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r)
}
