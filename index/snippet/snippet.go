// Package snippet makes the short extracts a result list shows: a window
// around the best cluster of matched words, in readable text, with the
// matched words' ranges for highlighting.
package snippet

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"folio/index/analyze"
	"folio/index/query"
)

// Snippet is a short extract of a chunk's original text for a result list.
type Snippet struct {
	Text       string   // what is shown
	Highlights [][2]int // [start, end) byte ranges into Text of matched words, in order, non-overlapping
}

const ellipsis = "…"

// scratch holds the per-call buffers; pooled because Make runs for every
// hit shown and would otherwise allocate a handful of slices each.
type scratch struct {
	toks     []analyze.Token
	hits     []int     // indexes into toks of matched tokens
	numeric  []int     // those of hits that are numbers weighed as NumberTerm, in order
	pos      [][2]int  // display position (start, end) of each hit
	ids      []int     // distinct-term id of each hit
	cnt      []int     // hits per id inside the current window
	weights  []float64 // weight of each distinct term
	distinct []string
	idmap    map[string]int
	hl       [][2]int // highlight ranges in the original text
	out      []byte
}

var pool = sync.Pool{New: func() any { return new(scratch) }}

// Make picks a window of about width characters (runes) of text around
// the best cluster of matched words (the window holding the most
// distinct matched terms, ties → more matches, then earlier), starting and
// ending at word boundaries (preferring a line or sentence start near the
// window start), with "…" prefixed/suffixed when cut. match decides whether
// an analysed term is highlighted; nil matches nothing.
//
// The shown text is lightly simplified for reading: runs of whitespace and
// control characters become one space; heading (#) and blockquote (>)
// markers at line starts, lines that only draw (table separator rows,
// horizontal rules) and emphasis/code markers (* _ ` ~) touching a word on
// one side only are dropped; table pipes stay. Only separator characters
// are ever removed, never word characters, so every highlight is exactly
// the text of a matched word. Width counts shown characters: a whitespace
// run counts as one, combining marks (harakat) as none. If nothing matches
// (e.g. the hit was in the heading only), the snippet is the start of the
// text.
func Make(text string, match func(term string) bool, width int) Snippet {
	return MakeFiltered(text, match, nil, width)
}

// MakeFiltered is Make for a search that knows which words can match
// (keep, see rank.WordFilter): the others are not stemmed.
func MakeFiltered(text string, match func(term string) bool, keep func(folded []byte) bool, width int) Snippet {
	return MakeWeighted(text, match, nil, nil, keep, width)
}

// NumberTerm is the term a weight function gives the weight of a number
// by (MakeWeighted): for a question of how many or how long, the window
// with the amount asked for in it is where the answer most likely is. An
// amount counts as one term, whatever its digits, and is not highlighted.
const NumberTerm = "\x00number"

// An Amount reads a passage's text and words for the amounts of the kind
// a question asks for, and reports whether the word toks[i] is one:
// MakeWeighted weighs it as NumberTerm.
type Amount func(text string, toks []analyze.Token) func(i int) bool

// Digits is the Amount of a question that asks for none in particular:
// any number written in digits.
func Digits(text string, toks []analyze.Token) func(i int) bool {
	return func(i int) bool { return digitAt(text, toks[i].Start) }
}

// digitAt reports that text's word at p starts with a digit.
func digitAt(text string, p int) bool {
	r, _ := utf8.DecodeRuneInString(text[p:])
	return '0' <= r && r <= '9' || '٠' <= r && r <= '٩'
}

// MakeWeighted is MakeFiltered with each matched term's weight (its IDF
// in the search): the window holds the most weight of distinct terms, so
// the sentence with the question's rare words is shown rather than one
// that repeats its common ones (for "a cap on how many extra voluntary
// hours", "…voluntarily work additional hours … • You can have up to 24
// credit hours accrued, at any given time.", not "…earn and use credit
// hours. There is no salary maximum for earning and using credit
// hours…"). A nil weight counts every term 1. The words amount reports
// weigh as NumberTerm; a nil amount counts none.
func MakeWeighted(text string, match func(term string) bool, weight func(term string) float64, amount Amount, keep func(folded []byte) bool, width int) Snippet {
	if width < 1 {
		width = 1
	}
	if text == "" {
		return Snippet{}
	}
	sc := pool.Get().(*scratch)
	defer sc.release()

	sc.toks = analyze.AppendTokensMatching(sc.toks[:0], text, keep)
	toks := sc.toks
	if match != nil {
		var isAmount func(int) bool
		if amount != nil {
			isAmount = amount(text, toks)
		}
		for i := range toks {
			if match(toks[i].Term) {
				sc.hits = append(sc.hits, i)
			} else if isAmount != nil && isAmount(i) {
				sc.hits = append(sc.hits, i)
				sc.numeric = append(sc.numeric, i)
			}
		}
		if len(sc.numeric) == len(sc.hits) { // numbers alone: the text's start, as when nothing matches
			sc.hits, sc.numeric = sc.hits[:0], sc.numeric[:0]
		}
	}

	start, cs := 0, -1 // window start, at a word start or 0; the matched cluster's start
	ce := 0            // end of the matched cluster: the window reaches at least this far
	budget := width    // display characters left for the window from start on
	if len(sc.hits) > 0 {
		bi, bj := sc.bestCluster(text, width, weight)
		cs = toks[sc.hits[bi]].Start
		ce = toks[sc.hits[bj]].End
		slack := max(width-(sc.pos[bj][1]-sc.pos[bi][0]), 0)
		// Context goes mostly after the cluster (a third before), unless the
		// text ends early: then the unused part goes before.
		_, after := forward(text, ce, slack)
		before := slack / 3
		if after < slack-before {
			before = slack - after
		}
		ws := back(text, cs, before)
		first := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= ws })
		for t := first; t <= sc.hits[bi]; t++ {
			if sentenceStart(text, toks[t].Start) {
				first = t
				break
			}
		}
		if ws > 0 { // else all of the text before the cluster fits
			start = toks[first].Start
		}
		budget = width - count(text, start, ce)
	}
	we, _ := forward(text, max(start, ce), max(budget, 0))
	end, more := snapEnd(text, toks, max(we, ce))
	if more {
		end, more = sentenceEnd(text, toks, end, width)
	}

	if more && cs >= 0 {
		start, end, more = lineAfterColon(text, toks, start, end, cs, width+width/4)
	}
	if start > 0 && !sentenceStart(text, start) {
		room := width + width/4 - count(text, start, end)
		start = sentenceBefore(text, toks, start, min(room, width/4))
	}

	// Highlights in original offsets; overlapping CJK bigrams merge into
	// one range.
	for _, h := range sc.hits {
		t := toks[h]
		if _, numeric := slices.BinarySearch(sc.numeric, h); numeric || t.Start < start || t.End > end {
			continue
		}
		if n := len(sc.hl); n > 0 && t.Start < sc.hl[n-1][1] {
			sc.hl[n-1][1] = max(sc.hl[n-1][1], t.End)
			continue
		}
		sc.hl = append(sc.hl, [2]int{t.Start, t.End})
	}
	// Only words before the window are cut off: a quote's or a list's
	// marker alone (tldr's "> " opening its summary) is not.
	return sc.render(text, start, end, strings.ContainsFunc(text[:start], wordRune), more)
}

func (sc *scratch) release() {
	if cap(sc.toks) > 1<<12 { // do not pin the buffers of a huge text
		*sc = scratch{}
	} else {
		// The tokens' terms share one small string per call; leaving it
		// referenced until the next call is cheaper than clearing.
		sc.toks = sc.toks[:0]
		sc.hits, sc.pos, sc.ids, sc.cnt, sc.weights = sc.hits[:0], sc.pos[:0], sc.ids[:0], sc.cnt[:0], sc.weights[:0]
		sc.numeric = sc.numeric[:0]
		sc.distinct, sc.hl, sc.out = sc.distinct[:0], sc.hl[:0], sc.out[:0]
		clear(sc.idmap)
	}
	pool.Put(sc)
}

// bestCluster returns the first and last hit (indexes into sc.hits) of the
// window of at most width display characters holding the most weight of
// distinct matched terms (weight, else 1 each), then the most hits, then
// the earliest.
func (sc *scratch) bestCluster(text string, width int, weight func(string) float64) (int, int) {
	toks, hits := sc.toks, sc.hits
	// Display positions of the hits, in one pass up to the last one. Token
	// starts and ends both increase (CJK bigrams overlap but stay ordered),
	// so the two sequences are merged.
	sc.pos = append(sc.pos[:0], make([][2]int, len(hits))...)
	cnt, space, p := 0, true, 0
	for hs, he := 0, 0; he < len(hits); {
		if hs < len(hits) && toks[hits[hs]].Start <= toks[hits[he]].End {
			q := toks[hits[hs]].Start
			cnt, space = advance(text, p, q, cnt, space)
			p = q
			sc.pos[hs][0] = cnt
			hs++
		} else {
			q := toks[hits[he]].End
			cnt, space = advance(text, p, q, cnt, space)
			p = q
			sc.pos[he][1] = cnt
			he++
		}
	}

	// Distinct-term ids: a linear scan while few (the usual case), a map
	// once a prefix query matches many different words.
	const linear = 16
	for _, h := range hits {
		term := toks[h].Term
		if _, found := slices.BinarySearch(sc.numeric, h); found {
			term = NumberTerm
		}
		id, ok := -1, false
		if len(sc.distinct) > linear {
			id, ok = sc.idmap[term]
		} else {
			for k, d := range sc.distinct {
				if d == term {
					id, ok = k, true
					break
				}
			}
		}
		if !ok {
			id = len(sc.distinct)
			sc.distinct = append(sc.distinct, term)
			switch {
			case len(sc.distinct) == linear+1:
				if sc.idmap == nil {
					sc.idmap = make(map[string]int)
				}
				for k, d := range sc.distinct {
					sc.idmap[d] = k
				}
			case len(sc.distinct) > linear+1:
				sc.idmap[term] = id
			}
		}
		sc.ids = append(sc.ids, id)
	}
	sc.cnt = append(sc.cnt[:0], make([]int, len(sc.distinct))...)
	sc.weights = sc.weights[:0]
	for _, t := range sc.distinct {
		w := 1.0
		if weight != nil {
			w = weight(t)
		}
		sc.weights = append(sc.weights, w)
	}

	// Two pointers: for each first hit i, the window extends to the last
	// hit j that still fits.
	var bi, bj, bestN int
	var d, bestD float64
	j := -1
	for i := range hits {
		if j < i {
			j = i
			if sc.cnt[sc.ids[i]]++; sc.cnt[sc.ids[i]] == 1 {
				d += sc.weights[sc.ids[i]]
			}
		}
		for j+1 < len(hits) && sc.pos[j+1][1]-sc.pos[i][0] <= width {
			j++
			if sc.cnt[sc.ids[j]]++; sc.cnt[sc.ids[j]] == 1 {
				d += sc.weights[sc.ids[j]]
			}
		}
		// A small tolerance: sums of the same weights in another order.
		if n := j - i + 1; d > bestD+1e-9 || (d > bestD-1e-9 && n > bestN) {
			bi, bj, bestD, bestN = i, j, d, n
		}
		if sc.cnt[sc.ids[i]]--; sc.cnt[sc.ids[i]] == 0 {
			d -= sc.weights[sc.ids[i]]
		}
	}
	return bi, bj
}

// blank: characters shown as (part of) a single space.
func blank(r rune) bool { return kind(r) == blankKind }

// Display width classes: a run of blanks shows as one space; combining
// marks (Arabic harakat, decomposed accents) and invisible format
// characters take no room of their own.
const (
	zeroKind = iota
	charKind
	blankKind
)

func kind(r rune) int {
	if r < utf8.RuneSelf {
		if r <= ' ' || r == 0x7F {
			return blankKind
		}
		return charKind
	}
	switch {
	case unicode.IsSpace(r) || unicode.IsControl(r):
		return blankKind
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return zeroKind
	}
	return charKind
}

// forward advances from byte offset p over at most n display characters
// and returns the offset reached and the characters used. Zero-width runes
// after the last character are taken along with it.
func forward(text string, p, n int) (int, int) {
	used, space := 0, false
	for p < len(text) {
		r, size := utf8.DecodeRuneInString(text[p:])
		switch kind(r) {
		case blankKind:
			if !space {
				if used == n {
					return p, used
				}
				used++
			}
			space = true
		case charKind:
			if used == n {
				return p, used
			}
			used++
			space = false
		}
		p += size
	}
	return p, used
}

// back moves back from byte offset p over at most n display
// characters. It may stop between a base and its marks; callers snap to a
// word start.
func back(text string, p, n int) int {
	used, space := 0, false
	for p > 0 {
		r, size := utf8.DecodeLastRuneInString(text[:p])
		switch kind(r) {
		case blankKind:
			if !space {
				if used == n {
					return p
				}
				used++
			}
			space = true
		case charKind:
			if used == n {
				return p
			}
			used++
			space = false
		}
		p -= size
	}
	return p
}

// count counts the display characters of text[a:b].
func count(text string, a, b int) int {
	n, _ := advance(text, a, b, 0, false)
	return n
}

// advance adds the display characters of text[from:to] to cnt; space
// tells whether the text before from ended in a blank. ASCII, the common
// case, stays on a branch-light path: this runs over the whole chunk.
func advance(text string, from, to, cnt int, space bool) (int, bool) {
	for i := from; i < to; {
		c := text[i]
		if c < utf8.RuneSelf {
			if c <= ' ' || c == 0x7F {
				if !space {
					cnt++
				}
				space = true
			} else {
				cnt++
				space = false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		switch kind(r) {
		case blankKind:
			if !space {
				cnt++
			}
			space = true
		case charKind:
			cnt++
			space = false
		}
		i += n
	}
	return cnt, space
}

// A snippet that would end inside a sentence goes on to the sentence's end
// when that is at most a quarter of its width further: an answer is
// often the end of the sentence the question's words open ("…we recommend
// using KeePassXC", "…up to 180 days before you leave the service").
// A list item ends its sentence too. BenchmarkSnippetAnswers: the whole
// answer shown for 0.655 of the tune questions and 0.667 of the check,
// against 0.542 and 0.618 without this; a wider window instead (235
// characters, about the same mean length) showed 0.619 and 0.618.
func sentenceEnd(text string, toks []analyze.Token, end, width int) (int, bool) {
	reach := width / 4
	k := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= end })
	for ; k < len(toks) && count(text, end, toks[k].Start) <= reach; k++ {
		if sentenceStart(text, toks[k].Start) {
			return snapEnd(text, toks, toks[k].Start-1)
		}
	}
	if k == len(toks) && count(text, end, len(text)) <= reach {
		return len(text), false
	}
	return end, true
}

// lineAfterColon is the window [start, end) widened to the line after it
// when it ends on a colon that introduces that line: a cheat sheet's
// "Repair a table:" and its command, "Set the default paper size for all
// TeX Live programs to A4:" and its `tlmgr paper a4`. The line is what the
// matched words describe, and sentenceEnd's reach rarely covers a whole
// command line (the thirty-ninth session measured that). The start
// moves forward for it when the whole would pass limit, never past the
// matched cluster's first word (cs); when even that is too long, the
// window stays as it was. BenchmarkSnippetAnswers: the whole answer shown
// for 0.688 of the tune questions and 0.734 of the check, against 0.663
// and 0.718 without this (10 and 2 more answers; one tune answer fewer,
// an Arabic item whose start the window now cuts to show a command).
func lineAfterColon(text string, toks []analyze.Token, start, end, cs, limit int) (int, int, bool) {
	before := strings.TrimRight(text[:end], " \t")
	if !strings.HasSuffix(before, ":") && !strings.HasSuffix(before, "：") {
		return start, end, true
	}
	next := end
	for next < len(text) && strings.IndexByte(" \t\r\n", text[next]) >= 0 {
		next++
	}
	if next == len(text) || !strings.Contains(text[end:next], "\n") {
		return start, end, true
	}
	lineEnd := len(text)
	if n := strings.IndexByte(text[next:], '\n'); n >= 0 {
		lineEnd = next + n
	}
	more := strings.TrimSpace(text[lineEnd:]) != ""
	if count(text, start, lineEnd) <= limit {
		return start, lineEnd, more
	}
	k := sort.Search(len(toks), func(i int) bool { return toks[i].Start > start })
	for ; k < len(toks) && toks[k].Start <= cs; k++ {
		if count(text, toks[k].Start, lineEnd) <= limit {
			return toks[k].Start, lineEnd, more
		}
	}
	return start, end, true
}

// sentenceBefore is where a window starting at start (a word's start,
// inside a sentence) begins instead: the start of its sentence, when that
// is at most reach display characters before it, else the start of its
// clause (after a comma, a semicolon or a dash) when that is. A window cut
// a few words into a sentence hides how it begins, and an answer often
// does begin there ("…every 33 babies" for "One out of every 33 babies",
// "…plugins are okay" for "Figma plugins are okay", "…10% of stomach
// cancer" for "however, approximately 10% of stomach cancer"). The
// caller's reach keeps the whole window within the width and a quarter
// that sentenceEnd allows, so a result row still shows all of it
// (flowview.SnippetChars). BenchmarkSnippetAnswers: the whole answer shown
// for 0.647 of the tune questions and 0.718 of the check, against 0.628
// and 0.694 without this (7 and 3 more answers, none fewer); the clause,
// 2 more tune answers, none fewer.
func sentenceBefore(text string, toks []analyze.Token, start, reach int) int {
	k := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= start })
	clause, found := start, false
	for t := k - 1; t >= 0 && count(text, toks[t].Start, start) <= reach; t-- {
		if sentenceStart(text, toks[t].Start) {
			return toks[t].Start
		}
		if !found && t+1 < len(toks) && toks[t].End < toks[t+1].Start && strings.ContainsAny(text[toks[t].End:toks[t+1].Start], ",;—–،，；、") {
			clause, found = toks[t+1].Start, true // the nearest: start itself, when a clause begins there
		}
	}
	return clause
}

// sentenceStart reports whether the word at off begins a line or follows
// sentence-ending punctuation, skipping spaces and Markdown line markers.
func sentenceStart(text string, off int) bool {
	p := off
	for p > 0 {
		switch text[p-1] {
		case '\n':
			return true
		case ' ', '\t', '\r', '#', '>', '*', '_', '-', '+', '`', '|':
			p--
			continue
		}
		break
	}
	if p == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(text[:p])
	switch r {
	case '。', '！', '？', '．': // CJK stops need no space after them
		return true
	case '.', '!', '?', ':', '؟', '…':
		return p < off // "e.g" or "3.5" glued to the word: not a sentence end
	case '•': // a list item, as Readable writes it
		return true
	}
	return false
}

// snapEnd moves the window end we back to the end of the last whole
// word that fits (plus up to 4 closing punctuation characters right after
// it) and reports whether words are cut off. Where no word fits (a long
// rule line), the window ends at we.
func snapEnd(text string, toks []analyze.Token, we int) (int, bool) {
	if we >= len(text) {
		return len(text), false
	}
	k := sort.Search(len(toks), func(i int) bool { return toks[i].End > we }) - 1
	if k < 0 {
		return we, true
	}
	end := toks[k].End
	for i := 0; i < 4 && end < len(text); i++ {
		r, n := utf8.DecodeRuneInString(text[end:])
		if !unicode.IsPunct(r) || unicode.In(r, unicode.Ps, unicode.Pi) || r == '-' || r == '#' {
			break
		}
		end += n
	}
	return end, k+1 < len(toks)
}

// ruleLine reports whether the line starting at p (up to end) only
// draws lines: a table separator row (|---|:-:|), a horizontal rule or a
// setext underline. Such rows carry nothing to read.
func ruleLine(text string, p, end int) bool {
	n := 0
	for ; p < end && text[p] != '\n'; p++ {
		switch text[p] {
		case '-', '=', '*', '_', '|', ':', '+':
			n++
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return n >= 3
}

// render copies text[start:end] with the reading simplifications and maps
// the highlight ranges (sc.hl, original offsets) onto the result. Ranges
// begin and end on word characters, which are always copied one rune at a
// time, so their boundaries always fall between copying steps.
func (sc *scratch) render(text string, start, end int, cutBefore, cutAfter bool) Snippet {
	out := sc.out[:0]
	if cutBefore {
		out = append(out, ellipsis...)
	}
	base := len(out)
	var hl [][2]int
	if len(sc.hl) > 0 {
		hl = make([][2]int, 0, len(sc.hl))
	}
	k, open, hs := 0, false, 0
	lineStart := start == 0 || atLineStart(text, start)
	for p := start; p < end; {
		if k < len(sc.hl) && !open && p >= sc.hl[k][0] {
			hs, open = len(out), true
		}
		c := text[p]
		switch {
		case c < utf8.RuneSelf && blank(rune(c)) || c >= utf8.RuneSelf && blankAt(text, p):
			for p < end {
				r, n := utf8.DecodeRuneInString(text[p:])
				if !blank(r) {
					break
				}
				if r == '\n' {
					lineStart = true
				}
				p += n
			}
			if len(out) > base && out[len(out)-1] != ' ' {
				out = append(out, ' ')
			}
		case lineStart && ruleLine(text, p, end):
			for p < end && text[p] != '\n' {
				p++
			}
			if len(out) > base && out[len(out)-1] != ' ' {
				out = append(out, ' ')
			}
		case lineStart && c == '#':
			q := p
			for q < end && text[q] == '#' {
				q++
			}
			if q < end && text[q] != ' ' && text[q] != '\t' {
				out = append(out, text[p:q]...) // "#tag", not a heading
				lineStart = false
			}
			p = q
		case lineStart && c == '>':
			p++ // blockquote marker; a nested "> >" stays at line start
		case c == '*' || c == '_' || c == '`' || c == '~':
			q := p
			for q < end && text[q] == c {
				q++
			}
			// Keep "snake_case", "2 * 3" and "***" rules; drop markers that
			// open or close emphasis or code (word on one side only).
			prevWord := len(out) > base && wordBefore(out[base:])
			prevSpace := len(out) == base || out[len(out)-1] == ' '
			nextWord, nextSpace := q < end && wordAt(text, q), q >= end || blankAt(text, q)
			// A '*' touching a '/' is a comment delimiter in code (/**, */),
			// never emphasis.
			comment := c == '*' && (p > 0 && text[p-1] == '/' || q < end && text[q] == '/')
			if (prevWord && nextWord) || (prevSpace && nextSpace) || comment {
				out = append(out, text[p:q]...)
			}
			lineStart = false
			p = q
		case c >= utf8.RuneSelf:
			_, n := utf8.DecodeRuneInString(text[p:])
			out = append(out, text[p:p+n]...)
			lineStart = false
			p += n
		default:
			// A run of plain ASCII is copied at once, up to the next
			// highlight boundary.
			stop := end
			if k < len(sc.hl) {
				if open {
					stop = min(stop, sc.hl[k][1])
				} else if sc.hl[k][0] > p {
					stop = min(stop, sc.hl[k][0])
				}
			}
			q := p + 1
			for q < stop && plainASCII[text[q]] {
				q++
			}
			out = append(out, text[p:q]...)
			lineStart = false
			p = q
		}
		if open && p >= sc.hl[k][1] {
			hl = append(hl, [2]int{hs, len(out)})
			open = false
			k++
		}
	}
	for len(out) > base && out[len(out)-1] == ' ' {
		out = out[:len(out)-1]
	}
	if cutAfter && len(out) > base {
		out = append(out, ellipsis...)
	}
	sc.out = out
	return Snippet{Text: string(out), Highlights: hl}
}

// plainASCII marks the ASCII bytes that render copies unchanged.
var plainASCII = func() (t [256]bool) {
	for c := '!'; c < 0x7F; c++ {
		switch c {
		case '#', '>', '*', '_', '`', '~':
		default:
			t[c] = true
		}
	}
	return
}()

// atLineStart reports whether only blanks separate off from a line start.
func atLineStart(text string, off int) bool {
	for p := off; p > 0; p-- {
		switch text[p-1] {
		case '\n':
			return true
		case ' ', '\t', '\r':
			continue
		}
		return false
	}
	return true
}

func blankAt(text string, p int) bool {
	r, _ := utf8.DecodeRuneInString(text[p:])
	return blank(r)
}

func wordAt(text string, p int) bool {
	r, _ := utf8.DecodeRuneInString(text[p:])
	return wordRune(r)
}

func wordBefore(b []byte) bool {
	r, _ := utf8.DecodeLastRune(b)
	return wordRune(r)
}

func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r)
}

// MatchRanges returns the byte ranges of the words of text that input
// looks for, as a snippet highlights them: for showing the matches in a
// whole section (the preview).
func MatchRanges(input, text string) [][2]int {
	q := query.Parse(input)
	if q.Empty() {
		return nil
	}
	var out [][2]int
	for _, t := range analyze.Tokens(text) {
		if !q.Matches(t.Term) {
			continue
		}
		if n := len(out); n > 0 && t.Start < out[n-1][1] { // overlapping CJK bigrams
			out[n-1][1] = max(out[n-1][1], t.End)
			continue
		}
		out = append(out, [2]int{t.Start, t.End})
	}
	return out
}

// Matcher tells whether an analysed term is one the query input looks
// for, as Make wants it.
func Matcher(input string) func(term string) bool {
	q := query.Parse(input)
	return q.Matches
}
