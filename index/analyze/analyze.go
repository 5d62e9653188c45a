// Package analyze is folio's single text analyser: the same code turns chunk
// text into index terms and query text into query terms, so both sides always
// agree.
//
// The FTS5 table uses tokenize='ascii', which splits only on ASCII
// non-alphanumerics and keeps non-ASCII bytes, so the index stores the
// analysed text (IndexText: terms joined by one space) and every term is made
// only of lowercase letters/digits of any script and non-ASCII marks. Tokens
// keep byte offsets into the original text so highlights can be drawn by
// re-analysing the original and matching terms.
//
// Pipeline, per word (a maximal run of Unicode letters, digits and marks):
//
//   - Case folding (lower(upper(r)), so final sigma and friends fold too),
//     Latin diacritics folded to ASCII (crème → creme, Ærø → aero, ß → ss),
//     full-width ASCII → ASCII.
//   - Arabic normalisation: harakat and tatweel removed, أ إ آ ٱ → ا,
//     ى → ي, ة → ه, Arabic-Indic and Persian digits → 0-9, ک → ك, ی → ي.
//   - English clitics after an apostrophe ('s 't 'd 'll 're 've 'm) are
//     dropped: "child's" → child, "don't" → don.
//   - Stemming: Porter (1980) for ASCII-letter words of 3+ letters; a
//     conservative Light10-style stemmer for Arabic words.
//   - Han, Hiragana, Katakana and Hangul runs become overlapping character
//     bigrams (a lone character stays a unigram).
//
// Other scripts are only case-folded. Invalid UTF-8 bytes separate words.
package analyze

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Token is one index term and where its word stands in the original text.
type Token struct {
	Term       string // analysed form written to / matched in the index
	Start, End int    // byte offsets of the source word in the original text (End exclusive)
}

// maxTermBytes bounds a term (~128 bytes, cut at a rune boundary) so that a
// pasted blob cannot make a huge FTS term. Queries are cut the same way, so
// long words still match each other.
const maxTermBytes = 128

// Version names the analysis rules. The index stores it with every
// document, so a change of rules re-indexes on the next scan (old terms
// would no longer meet the queries' terms).
const Version = "7"

// Tokens returns the full analysis of text, in text order.
// Tokens of one call share one backing string for their terms.
func Tokens(text string) []Token {
	return AppendTokens(nil, text)
}

// AppendTokens appends the tokens of text to dst and returns the extended
// slice. Reusing dst across calls avoids slice growth; the terms of one call
// are carved out of a single string allocation.
func AppendTokens(dst []Token, text string) []Token {
	return appendTokens(dst, text, nil)
}

// AppendTokensMatching is AppendTokens for a reader that only looks for
// some terms: a word whose folded form keep rejects is not stemmed and
// gets an empty Term (it still counts as a word, for positions and
// lengths). Stemming is most of the analyser's work, so a ranker that
// knows its query's terms skips most of it. Stems keep the start of their
// word, so keep can test a word's first letters.
func AppendTokensMatching(dst []Token, text string, keep func(folded []byte) bool) []Token {
	return appendTokens(dst, text, keep)
}

func appendTokens(dst []Token, text string, keep func(folded []byte) bool) []Token {
	a := getAnalyzer(modeTokens, text)
	a.keep = keep
	a.out = dst
	base := len(dst)
	a.run()
	out := a.out
	if n := len(out) - base; n > 0 {
		s := string(a.terms)
		prev := 0
		for i, e := range a.ends {
			out[base+i].Term = s[prev:e]
			prev = e
		}
	}
	putAnalyzer(a)
	return out
}

// IndexText returns the analysed terms of text joined by single spaces: the
// string written into the FTS5 column. strings.Fields(IndexText(t)) has
// exactly one entry per element of Tokens(t).
func IndexText(text string) string {
	return joined(modeIndex, text)
}

// Fold normalises word exactly like the analyser (case, diacritics, Arabic
// normalisation, CJK bigrams, clitics) but WITHOUT stemming, for prefix
// queries. Several words give several terms joined by one space.
// Note that Arabic articles are kept: Fold("الإجازة") is "الاجازه"; see
// PrefixFold for a form that matches stemmed index terms by prefix.
func Fold(word string) string {
	return joined(modeFold, word)
}

// PrefixFold is Fold plus removal of the Arabic proclitics the indexer strips
// (و and the article forms, same length guards), because index terms have
// them removed and a prefix like "الإجا" must become "اجا" to match "اجاز".
// English words are not stemmed, so a prefix such as "runn" will not match
// the stored stem "run"; callers may also OR in the fully analysed term.
func PrefixFold(word string) string {
	return joined(modePrefix, word)
}

func joined(m mode, text string) string {
	a := getAnalyzer(m, text)
	a.run()
	s := string(a.terms)
	putAnalyzer(a)
	return s
}

type mode uint8

const (
	modeTokens mode = iota // collect Tokens, stemmed
	modeIndex              // space-joined, stemmed
	modeFold               // space-joined, unstemmed
	modePrefix             // space-joined, unstemmed, Arabic proclitics removed
)

type span struct{ start, end int }

// analyzer holds the per-call state; pooled so steady-state analysis does
// not allocate besides the result.
type analyzer struct {
	text string
	mode mode

	word      []byte // folded form of the current word
	inWord    bool
	wordStart int
	wordEnd   int   // end of the last rune that belongs to the word
	class     uint8 // OR of cls* of the folded characters
	prevLatin bool  // last base character was Latin: drop following combining marks
	apoEnd    int   // offset right after an apostrophe that followed a word, else -1
	name      bool  // the word is a name a sign ends (C++, C#): not stemmed

	cjk []span // pending run of CJK characters

	terms []byte                   // term bytes (tokens mode) or the joined output
	ends  []int                    // tokens mode: end of each term in terms
	out   []Token                  // tokens mode: output
	keep  func(folded []byte) bool // AppendTokensMatching: words worth stemming
}

var pool = sync.Pool{New: func() any { return &analyzer{word: make([]byte, 0, maxTermBytes+8)} }}

func getAnalyzer(m mode, text string) *analyzer {
	a := pool.Get().(*analyzer)
	a.mode = m
	a.text = text
	a.apoEnd = -1
	return a
}

func putAnalyzer(a *analyzer) {
	a.text = ""
	a.out = nil
	a.keep = nil
	a.inWord = false
	a.word = a.word[:0]
	a.cjk = a.cjk[:0]
	// Do not let one huge document pin its buffers in the pool.
	if cap(a.terms) > 1<<20 {
		a.terms = nil
	} else {
		a.terms = a.terms[:0]
	}
	if cap(a.ends) > 1<<16 {
		a.ends = nil
	} else {
		a.ends = a.ends[:0]
	}
	pool.Put(a)
}

func (a *analyzer) run() {
	text := a.text
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if c == '[' {
				if n := a.mnemonic(i); n > 0 {
					i += n
					continue
				}
			}
			if asciiKind[c] == 0 {
				a.sep(i+1, c == '\'')
				i++
				continue
			}
			// ASCII fast path: consume the whole ASCII alphanumeric run.
			if len(a.cjk) > 0 {
				a.flushCJK()
			}
			if a.inWord && a.class&clsArabic != 0 && asciiKind[c] == clsLetter {
				// Arabic text writes the article onto a Latin word (الـCSS,
				// للـDOM): two words, or "css" would never be found there.
				a.endWord()
			}
			if !a.inWord {
				a.startWord(i)
			}
			j := i
			var k uint8
			for ; j < len(text) && text[j] < utf8.RuneSelf; j++ {
				k = asciiKind[text[j]]
				if k == 0 {
					break
				}
				a.class |= k
			}
			if room := maxTermBytes - len(a.word); room > 0 {
				end := j
				if end-i > room {
					end = i + room
				}
				for _, b := range []byte(text[i:end]) {
					a.word = append(a.word, asciiLower[b])
				}
			}
			a.prevLatin = asciiKind[text[j-1]] == clsLetter
			a.wordEnd = j
			if j < len(text) && (text[j] == '+' || text[j] == '#') {
				if n := a.signed(i, j); n > 0 {
					a.wordEnd = j + n
					a.endWord()
					j += n
				}
			}
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		a.rune(r, i, i+size)
		i += size
	}
	a.sep(len(text), false)
}

// mnemonic reads a bracketed letter inside a word, as command cheat sheets
// mark mnemonics ("E[x]tract", "[c]reate", "g[z]ipped"): the letters belong
// to the word, so "extract" finds it. It returns the bytes consumed, 0 when
// text[i:] is not such a bracket (a link, a task box "[x] ", "[1]").
func (a *analyzer) mnemonic(i int) int {
	text := a.text
	j := i + 1
	for j < len(text) && j-i <= 3 && text[j] < utf8.RuneSelf && asciiKind[text[j]] == clsLetter {
		j++
	}
	if j == i+1 || j >= len(text) || text[j] != ']' {
		return 0
	}
	before := a.inWord && a.wordEnd == i && a.prevLatin
	after := j+1 < len(text) && text[j+1] < utf8.RuneSelf && asciiKind[text[j+1]] == clsLetter
	if !before && !after {
		return 0
	}
	if len(a.cjk) > 0 {
		a.flushCJK()
	}
	if !a.inWord {
		a.startWord(i)
	}
	for _, b := range []byte(text[i+1 : j]) {
		if len(a.word) < maxTermBytes {
			a.word = append(a.word, asciiLower[b])
		}
	}
	a.class |= clsLetter
	a.prevLatin = true
	a.wordEnd = j + 1
	return j + 1 - i
}

// signed reads the sign that ends a name: C++, g++, clang++ (letters, then
// "++") and C#, F# (one letter, then "#"). Dropping the sign left "c", so
// "c++ compiler" met every page about C and "C#" met nothing. The name
// becomes one word, spelt out as URLs and code fences spell it (cplusplus,
// csharp), and is not stemmed. start and end bound the ASCII letters just
// read; signed returns the bytes of the sign it took, 0 when there is none
// (i++ in code is read the same way; a++b and page#part are not names).
func (a *analyzer) signed(start, end int) int {
	text := a.text
	if a.wordStart != start || a.class != clsLetter || end >= len(text) {
		return 0
	}
	ends := func(k int, digit bool) bool { // nothing but a separator (or a version) follows
		if k >= len(text) || text[k] >= utf8.RuneSelf {
			return true
		}
		kind := asciiKind[text[k]]
		return kind == 0 && text[k] != '+' && text[k] != '#' || digit && kind == clsDigit
	}
	switch {
	case text[end] == '+' && end+1 < len(text) && text[end+1] == '+' && ends(end+2, true):
		a.word = append(a.word, "plusplus"...)
		a.name = true
		return 2
	case text[end] == '#' && end-start == 1 && ends(end+1, false):
		a.word = append(a.word, "sharp"...)
		a.name = true
		return 1
	}
	return 0
}

// sep handles a separator ending at byte offset next.
func (a *analyzer) sep(next int, apostrophe bool) {
	if len(a.cjk) > 0 {
		a.flushCJK()
	}
	if a.inWord {
		if apostrophe && a.negation(next) {
			return
		}
		a.endWord()
		if apostrophe {
			a.apoEnd = next
			return
		}
	}
	a.apoEnd = -1
}

// negation reads a word ending in n before an apostrophe and a final t
// (don't, isn't, doesn't, can't, won't) as the verb and "not", so "don't"
// meets "do not" and "not", instead of a term "don" (or "won", win's past)
// that only other contractions hold. It reports whether it did.
func (a *analyzer) negation(next int) bool {
	w := a.word
	if a.class != clsLetter || len(w) < 3 || w[len(w)-1] != 'n' || next >= len(a.text) || a.text[next] >= utf8.RuneSelf || asciiLower[a.text[next]] != 't' {
		return false
	}
	if next+1 < len(a.text) && (a.text[next+1] >= utf8.RuneSelf || asciiKind[a.text[next+1]] != 0) {
		return false
	}
	var base string
	switch string(w) {
	case "can":
		base = "can"
	case "won":
		base = "will"
	case "shan":
		base = "shall"
	case "ain":
		return false
	default:
		base = string(w[:len(w)-1])
	}
	nStart := a.wordEnd - 1
	a.word = append(a.word[:0], base...)
	a.wordEnd = nStart
	a.endWord()
	a.startWord(nStart)
	a.word = append(a.word, "not"...)
	a.class = clsLetter
	a.wordEnd = next + 1
	a.endWord()
	a.apoEnd = next // the t that follows is the clitic of the word just read
	return true
}

func (a *analyzer) startWord(i int) {
	a.inWord = true
	a.wordStart = i
	a.word = a.word[:0]
	a.class = 0
	a.prevLatin = false
	a.name = false
}

func (a *analyzer) rune(r rune, start, end int) {
	if r >= 0x600 && r <= 0x6FF { // Arabic block: table-driven fast path
		if arabicTab[r-0x600].kind == 0 {
			a.sep(end, false)
			return
		}
		if a.inWord && a.class&clsLetter != 0 && arabicTab[r-0x600].kind == clsArabic {
			a.endWord() // and a suffix onto one (APIات): two words too
		}
		a.wordChar(start)
		a.foldArabic(r)
		a.wordEnd = end
		return
	}
	switch {
	case r == utf8.RuneError && end-start == 1: // invalid byte
		a.sep(end, false)
		return
	case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
		c := byte(r - 0xFEE0)
		k := asciiKind[c]
		if k == 0 {
			a.sep(end, c == '\'')
			return
		}
		a.wordChar(start)
		a.appendASCII(asciiLower[c], k)
		a.wordEnd = end
		return
	case isCJK(r):
		if a.inWord {
			a.endWord()
		}
		a.apoEnd = -1
		a.cjk = append(a.cjk, span{start, end})
		return
	case isApostrophe(r):
		a.sep(end, true)
		return
	case isIgnorable(r):
		if !a.inWord {
			a.sep(end, false)
		}
		return
	case !isWordRune(r):
		a.sep(end, false)
		return
	}
	if len(a.cjk) > 0 && !a.inWord && unicode.IsMark(r) {
		// A combining mark after a CJK character belongs to it.
		a.cjk[len(a.cjk)-1].end = end
		return
	}
	a.wordChar(start)
	a.foldRune(r)
	a.wordEnd = end
}

// wordChar prepares for a word character at offset start.
func (a *analyzer) wordChar(start int) {
	if len(a.cjk) > 0 {
		a.flushCJK()
	}
	if !a.inWord {
		a.startWord(start)
	}
}

func (a *analyzer) appendASCII(c byte, k uint8) {
	a.class |= k
	a.prevLatin = k == clsLetter
	if len(a.word) < maxTermBytes {
		a.word = append(a.word, c)
	}
}

func (a *analyzer) appendRune(r rune, k uint8) {
	a.class |= k
	if len(a.word) < maxTermBytes {
		a.word = utf8.AppendRune(a.word, r)
	}
}

// foldArabic appends the normalised form of a word rune of the Arabic block.
func (a *analyzer) foldArabic(r rune) {
	a.prevLatin = false
	e := arabicTab[r-0x600]
	switch e.kind {
	case clsDigit:
		a.appendASCII(byte(e.r), clsDigit)
	case clsArabic, clsOther:
		a.appendRune(e.r, e.kind)
	}
}

// foldRune appends the folded form of a non-ASCII, non-Arabic word rune.
func (a *analyzer) foldRune(r rune) {
	if unicode.IsMark(r) {
		// Diacritics on Latin letters are folded away (decomposed "é");
		// other scripts keep their marks.
		if !a.prevLatin {
			a.appendRune(r, clsOther)
		}
		return
	}
	f := unicode.ToLower(unicode.ToUpper(r)) // simple case folding: ς→σ, ſ→s, K→k
	if f < utf8.RuneSelf {
		a.appendASCII(asciiLower[f], asciiKind[f])
		return
	}
	if s, ok := latinFold(f); ok {
		for i := 0; i < len(s); i++ {
			a.appendASCII(s[i], asciiKind[s[i]])
		}
		return
	}
	a.prevLatin = unicode.Is(unicode.Latin, f)
	a.appendRune(f, clsOther)
}

// clitic reports whether w is an English contraction tail that follows an
// apostrophe: 's 't 'd 'll 're 've 'm. Those carry no search value.
func clitic(w []byte) bool {
	switch string(w) {
	case "s", "t", "d", "ll", "re", "ve", "m":
		return true
	}
	return false
}

func (a *analyzer) endWord() {
	a.inWord = false
	w := a.word
	if len(w) == 0 {
		return
	}
	if a.wordStart == a.apoEnd && clitic(w) {
		return
	}
	if a.keep != nil && a.class == clsLetter && !a.keep(w) {
		emit(a, w[:0], a.wordStart, a.wordEnd)
		return
	}
	switch a.mode {
	case modeTokens, modeIndex:
		switch a.class {
		case clsLetter:
			if len(w) >= 3 && !a.name {
				w = englishStem(w)
			}
		case clsArabic:
			w = arabicStem(w)
		}
	case modePrefix:
		if a.class == clsArabic {
			w = arabicStripPrefix(w)
		}
	}
	emit(a, w, a.wordStart, a.wordEnd)
}

// flushCJK emits the pending CJK run as overlapping bigrams.
func (a *analyzer) flushCJK() {
	u := a.cjk
	if len(u) == 1 {
		emit(a, a.text[u[0].start:u[0].end], u[0].start, u[0].end)
	}
	for i := 0; i+1 < len(u); i++ {
		emit(a, a.text[u[i].start:u[i+1].end], u[i].start, u[i+1].end)
	}
	a.cjk = a.cjk[:0]
}

func emit[S string | []byte](a *analyzer, term S, start, end int) {
	if a.mode != modeTokens {
		if len(a.terms) > 0 {
			a.terms = append(a.terms, ' ')
		}
		a.terms = append(a.terms, term...)
		return
	}
	a.terms = append(a.terms, term...)
	a.ends = append(a.ends, len(a.terms))
	a.out = append(a.out, Token{Start: start, End: end})
}

// Surfaces returns, for each term, the first word of texts whose analysed
// form it is, lower-cased ("" when none is): a word the search added shown
// as the library writes it ("shingles", not "shingl"). Each text is read
// once, however many terms; keep, when not nil, tells the words that may
// be one of them (as for AppendTokensMatching), so the rest are not
// stemmed.
func Surfaces(texts, terms []string, keep func(folded []byte) bool) []string {
	out := make([]string, len(terms))
	want := map[string][]int{}
	for i, t := range terms {
		want[t] = append(want[t], i)
	}
	left := len(terms)
	var toks []Token
	for _, text := range texts {
		toks = appendTokens(toks[:0], text, keep)
		for _, tok := range toks {
			for _, i := range want[tok.Term] {
				if out[i] == "" {
					out[i] = strings.ToLower(text[tok.Start:tok.End])
					left--
				}
			}
		}
		if left == 0 {
			break
		}
	}
	return out
}
