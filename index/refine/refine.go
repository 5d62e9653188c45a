// Package refine offers the words a search's best passages use that its
// query does not: "Your notes say: annual leave · carry over · 240 hours".
// A person asks in their own words and the notes use others; no ranking
// recovers much of that, but the right word is usually among those the
// top passages share, and a person recognises it at a glance.
//
// It is pure: passages and a document-frequency lookup in, refinements
// out, so it is tested without a library.
package refine

import (
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"folio/index/analyze"
)

// Refinement is one word or two-word phrase to add to the query.
type Refinement struct {
	Text     string `json:"text"`     // as the passages write it (lower case unless an acronym)
	Passages int    `json:"passages"` // how many of the passages read hold it
}

// Passage is one of the search's best passages, as readable text (the
// snippet cleaning: no markup).
type Passage struct {
	Text string
	Lang string // analyze.Language of the passage
}

// Max is how many refinements a search offers.
const Max = 8

// Suggest ranks the words and adjacent pairs of words in the passages by
// how strongly they mark them: the passages that hold them (repeats count
// a little more) times their inverse document frequency in the library
// (df: passages holding a term, of n). Left out: the query's own terms,
// stopwords, numbers and one-letter words on their own, markup leftovers,
// and passages in another language than the question's (lang).
func Suggest(query map[string]bool, lang string, passages []Passage, df func(terms []string) map[string]float64, n float64, limit int) []Refinement {
	c := newCollector(query)
	for _, p := range passages {
		if analyze.Compatible(lang, p.Lang) {
			c.passage(p.Text)
		}
	}
	if c.read == 0 {
		return nil
	}
	cands := c.candidates()
	// Document frequencies are looked up for the likeliest only: a lookup
	// is a read of the index, and a word most passages repeat is worth
	// more than one a single passage holds.
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].weight != cands[j].weight {
			return cands[i].weight > cands[j].weight
		}
		return cands[i].key < cands[j].key // the same offer every time
	})
	cands = cands[:min(len(cands), lookups)]
	var terms []string
	for _, k := range cands {
		terms = append(terms, k.terms...)
	}
	dfs := df(terms)
	idf := func(t string) float64 { return math.Log(1 + (n-dfs[t]+0.5)/(dfs[t]+0.5)) }
	for i := range cands {
		k := &cands[i]
		s := 0.0
		for _, t := range k.terms {
			s += idf(t)
		}
		k.score = k.weight * s / float64(len(k.terms))
	}
	// A phrase inherits the strength of a word it holds, in the share of
	// that word's passages it is found in: when "leave" is nearly always
	// "annual leave", the phrase is what the notes say.
	words := map[string]float64{}
	held := map[string]int{}
	for _, k := range cands {
		if len(k.terms) == 1 {
			words[k.key], held[k.key] = k.score, k.passages
		}
	}
	for i := range cands {
		k := &cands[i]
		if len(k.terms) != 2 {
			continue
		}
		for _, t := range k.terms {
			if held[t] > 0 {
				k.score = max(k.score, words[t]*float64(k.passages)/float64(held[t]))
			}
		}
		k.score *= phraseBonus
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].key < cands[j].key
	})
	var out []Refinement
	used := map[string]bool{}
	for t := range query {
		if r, _ := utf8.DecodeRuneInString(t); r >= 0x2E80 {
			for _, k := range overlapKeys([]string{t}) {
				used[k] = true // a bigram cut from the typed words is no new word
			}
		}
	}
	for _, k := range cands {
		if len(out) == limit {
			break
		}
		keys := overlapKeys(k.terms)
		if overlaps(keys, used) {
			continue // a phrase and one of its words say the same
		}
		for _, t := range keys {
			used[t] = true
		}
		out = append(out, Refinement{Text: k.surface(), Passages: k.passages})
	}
	return out
}

// lookups bounds the document-frequency lookups of one search;
// phraseBonus prefers "annual leave" to "annual" when both are as strong.
const (
	lookups     = 24
	phraseBonus = 1.2
)

// overlapKeys are what two refinements must not share: their terms, and
// for Chinese and Japanese bigrams their characters (信息 and 多信 are
// two cuts of one "更多信息").
func overlapKeys(terms []string) []string {
	var keys []string
	for _, t := range terms {
		if r, _ := utf8.DecodeRuneInString(t); r >= 0x2E80 && !unicode.Is(unicode.Hangul, r) {
			for _, c := range t {
				keys = append(keys, string(c))
			}
			continue
		}
		keys = append(keys, t)
	}
	return keys
}

func overlaps(terms []string, used map[string]bool) bool {
	for _, t := range terms {
		if used[t] {
			return true
		}
	}
	return false
}

type candidate struct {
	key      string
	terms    []string
	passages int
	weight   float64        // Σ over passages of 1 + log(repeats)
	forms    map[string]int // surface forms seen
	score    float64
}

// surface is the form the passages use most, in lower case unless it is
// written in capitals (VA, FMLA).
func (k *candidate) surface() string {
	best, n := "", 0
	for f, c := range k.forms {
		if c > n || c == n && f < best {
			best, n = f, c
		}
	}
	words := strings.Fields(best)
	for i, w := range words {
		if !acronym(w) {
			words[i] = strings.ToLower(w)
		}
	}
	return strings.Join(words, " ")
}

func acronym(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsUpper(r) {
			letters++
		}
	}
	return letters >= 2
}

type collector struct {
	query map[string]bool
	cands map[string]*candidate
	read  int
	toks  []analyze.Token
}

func newCollector(query map[string]bool) *collector {
	return &collector{query: query, cands: map[string]*candidate{}}
}

// passage counts one passage's words and pairs of adjacent words.
func (c *collector) passage(text string) {
	c.read++
	c.toks = analyze.AppendTokens(c.toks[:0], text)
	seen := map[string]int{}
	forms := map[string]string{}
	prevOK, prevEnd := false, 0
	for i, t := range c.toks {
		word := text[t.Start:t.End]
		ok := c.usable(t.Term, word)
		if ok && !number(word) {
			seen[t.Term]++
			forms[t.Term] = word
		}
		// A pair: two usable words with only a space between, at least
		// one of them not a number ("240 hours", not "2024 12").
		// (CJK bigrams overlap: they are words already, never paired.)
		if ok && prevOK && i > 0 && t.Start >= prevEnd && t.Start-prevEnd <= 2 && strings.TrimSpace(text[prevEnd:t.Start]) == "" {
			p := c.toks[i-1]
			pw := text[p.Start:p.End]
			if (!number(pw) || !number(word)) && p.Term != t.Term {
				key := p.Term + " " + t.Term
				seen[key]++
				forms[key] = pw + " " + word
			}
		}
		prevOK, prevEnd = ok, t.End
	}
	for key, reps := range seen {
		k := c.cands[key]
		if k == nil {
			k = &candidate{key: key, terms: strings.Split(key, " "), forms: map[string]int{}}
			c.cands[key] = k
		}
		k.passages++
		k.weight += 1 + math.Log(float64(reps))
		k.forms[forms[key]]++
	}
}

// usable reports a word a refinement may hold: not the query's, not a
// stopword or a negation (the search keeps "not" for its meaning; as a
// refinement, "n't" says nothing of a topic), not "may" written in lower
// case (the modal, in most medical passages; the stopword lists keep the
// word for the month), not a single letter, not what markup leaves behind.
func (c *collector) usable(term, word string) bool {
	if term == "" || c.query[term] || analyze.IsStopword(term) || negations[term] || word == "may" || leftovers[strings.ToLower(word)] {
		return false
	}
	return utf8.RuneCountInString(word) > 1 || !isLatinLetter(word)
}

// candidates are the words and pairs worth offering: held by two of the
// passages at least when there are several (one passage's oddity is not
// what the notes say), pairs always by two.
func (c *collector) candidates() []candidate {
	need := 1
	if c.read >= 4 {
		need = 2
	}
	var out []candidate
	for _, k := range c.cands {
		// Two words side by side once are an accident, not a phrase.
		if k.passages >= need && (len(k.terms) == 1 || k.passages >= min(2, c.read)) {
			out = append(out, *k)
		}
	}
	return out
}

func number(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) && r != '.' && r != ',' {
			return false
		}
	}
	return true
}

func isLatinLetter(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return r < 0x250 && unicode.IsLetter(r)
}

// negations are the analysed terms of the negation words the stopword
// lists leave out on purpose (analyze/stopwords.go).
var negations = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("no not never n't لا لم لن ليس") {
		for _, t := range analyze.Tokens(w) {
			m[t.Term] = true
		}
	}
	return m
}()

// leftovers are words HTML and Markdown leave in readable text.
var leftovers = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("td tr th tbody thead table class col colspan rowspan div span href src img br hr nbsp amp quot " +
		"style width height align px http https www com org html md png jpg svg id itemprop itemscope itemtype aria role nofollow noopener") {
		m[w] = true
	}
	return m
}()

// Add is q with a refinement added after a space, a phrase in quotes: what
// a click on it types, so the query always shows what was searched.
func Add(q, text string) string {
	if strings.ContainsAny(text, " \t") {
		text = `"` + text + `"`
	}
	q = strings.TrimRight(q, " \t")
	if q == "" {
		return text
	}
	return q + " " + text
}
