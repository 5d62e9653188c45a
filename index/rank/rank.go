// Package rank is the second stage of a search: it reranks the candidate
// passages the index found with features measured on each one, combined
// as a weighted sum. It is pure: query terms and candidate texts in,
// feature values and scores out, so every feature can be tested without a
// database and `folio search --explain` shows the very values that ranked.
//
// The features and what they measure (README, Ranking, has the tables that
// chose the weights):
//
//   - Coverage: the share of the query's weight (IDF: rare words weigh
//     more) that the passage holds, in its text, heading path or title.
//     What turns "how much paracetamol can a child take" from passages
//     about children into the one about paracetamol for children.
//   - BM25: term frequency saturated and normalised by passage length,
//     over the passage text, with the same IDF weights.
//   - Proximity: how close together the query words it holds stand (the
//     smallest window holding all of them).
//   - Adjacency: pairs of words typed side by side found side by side
//     (the CJK bigrams of one word, "blood pressure").
//   - Heading, Title: the share of the query's weight named by the
//     passage's heading path, and by its document's title.
//   - Document: the share of the query's weight the passage's document
//     holds among all candidates (its other passages and its title), so an
//     answer in a section whose heading says only "Prevention" still gains
//     from the document being about shingles.
//   - FTS: the first stage's bm25 over the terms it searched, scaled to
//     the best candidate.
//   - Language: the passage is in the question's language (or too short
//     to tell): tldr holds each page in forty languages with the same
//     commands, and a question in one should not be answered in another.
//     A keyword query takes its best candidates' language
//     (analyze.KeywordLanguage).
//   - Number: for a question that asks for an amount or a date ("how
//     many", "when", "what age", كم, 多少), a number (digits, or an English
//     number word: ten, twice) within a few words of the query words found.
//   - Unit: the number near the query words is in the unit asked for.
//     For a question of how long or how soon ("how long does it last",
//     "how much notice", 多久), a number of units of time ("72 hours", "1
//     to 3 months"), within a wider window; for one of how much is paid
//     ("how much will VA pay", 多少钱), a number in a passage that writes
//     an amount of money or a share ($817.48, 60%); for one of how common
//     or how often ("what share of crashes", "how common is CVID"), one in
//     a passage that writes a share or a frequency (1 in 2,000, 10%, more
//     than half, once every 2 weeks); for one of what age ("age limit",
//     "how old", 几岁), a passage that writes an age (before age 4, 26
//     years old, in your thirties, 70th birthday), with or without a
//     number. A question of time or money counts no other number; one of
//     how common or of age counts another as Number. A number in the unit
//     asked answers far more surely than any number answers a question of
//     amount, so it weighs more (3 against Number's 0.5, chosen on the
//     tune questions: 2, 3 and 4 measured).
//   - Ask: the passage's heading path holds a question that offers the
//     kind of answer the question asks for (ask.go): "CVID how common"
//     and "How many people are affected by CVID?".
//   - File: how far the best candidate passage of the same file scores
//     above this one (not a measure between 0 and 1, but a gap in score,
//     filled in by Scores once the other features are weighed). A passage
//     takes a fifth of that gap: it inherits evidence from the rest of its
//     file, so in a page clearly about the question the passage holding
//     the answer rises beside the page's best even when another page's
//     passage shares more of the question's words.
//   - All: for a query of two to four words, the passage holds every one
//     of them, or another form of it (in its text, heading path or
//     title). Such a query is typed as keywords, and the
//     passage that has them all is what its typist expects first, even
//     when it is long and a shorter passage has the rarer words more
//     often ("fax new evidence VA": the page's "Apply" section with the
//     fax number holds all four).
//   - Span: the share of the query's weight the passage's best run of
//     twenty words holds, each word once, its heading path read before its
//     first word (spanWeight): the answer stands in a sentence that says
//     several of the question's words, where a sibling of the same page
//     scatters them over a list or code.
package rank

import (
	"math"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"

	"folio/index/analyze"
)

// Term is one query word as the ranker sees it.
type Term struct {
	Terms  []string // the analysed term and its synonyms: any of them counts
	Forms  []string // other words of its family (absorb, absorption): each counts nearMatch
	Prefix bool     // a document term starting with Terms[0] counts
	IDF    float64  // inverse document frequency in the library, ≥ 0
	Word   int      // the typed word it came from: pieces of a word share it
	// Required marks a quoted or required word: a passage holding it alone
	// may still rank first (see Set.OneWord).
	Required bool
	// Weight scales the term's IDF: 1, or less for a word the search added
	// (a correction of a typo), so exact words rank first.
	Weight float64
}

// Candidate is one passage found by the first stage.
type Candidate struct {
	Heading []string // heading path
	Title   string   // document title
	Text    string   // original Markdown
	Doc     int64    // document key, for document evidence
	FTS     float64  // first-stage score, higher is better
	Lang    string   // analyze.Language of the text
	Front   bool     // prose of the front matter: a page's summary (FrontShare)
}

// Features are one candidate's measures, each between 0 and 1 but File.
type Features struct {
	Coverage, BM25, Proximity, Adjacency, Heading, Title, Document, FTS, Number, Unit, Language, Ask, All, Span, File float64
}

// Weights combine features into a score. Every weight lives here, in
// Default; `folio eval --compare` sets others to measure them.
type Weights Features

// Default are the weights measured best on the development questions,
// Cranfield and the golden sets (README, Ranking). BM25 10 and Ask 1.5 (8
// and 2 before) were refitted on the tune sets once every word's weight
// was counted exactly (index/termstats).
var Default = Weights{
	Coverage:  4,
	BM25:      10,
	Proximity: 0.25,
	Adjacency: 0.25,
	Heading:   1,
	Title:     3,
	Document:  0.5,
	FTS:       0,
	Number:    0.5,
	Unit:      3,
	Language:  1,
	Ask:       1.5,
	All:       1,
	Span:      1,
	File:      0.2,
}

// FrontShare is what a passage of front-matter prose keeps of its score.
// A page's description or summary restates its topic in general words, so
// it matches a question as broadly as the passage holding the answer
// without holding it; at its full score it took the first five from
// answers on the check sets (even ids hit@5 0.738 → 0.713). 0.8 is the
// tune sets' pick among 1, 0.8, 0.6, 0.4 and 0; with it the check sets at
// 84k rank as they did before front matter was searched.
const FrontShare = 0.8

// BM25 parameters, the usual ones, and what a heading word counts.
const (
	k1        = 1.2
	b         = 0.75
	headingTF = 2
)

// Names lists the features in the order Values gives them.
var Names = []string{"coverage", "bm25", "proximity", "adjacency", "heading", "title", "document", "fts", "number", "unit", "language", "ask", "all", "span", "file"}

// Values are the features in the order of Names.
func (f Features) Values() []float64 {
	return []float64{f.Coverage, f.BM25, f.Proximity, f.Adjacency, f.Heading, f.Title, f.Document, f.FTS, f.Number, f.Unit, f.Language, f.Ask, f.All, f.Span, f.File}
}

// Set sets the named weight; it reports false for an unknown name.
func (w *Weights) Set(name string, v float64) bool {
	p := map[string]*float64{"coverage": &w.Coverage, "bm25": &w.BM25, "proximity": &w.Proximity, "adjacency": &w.Adjacency,
		"heading": &w.Heading, "title": &w.Title, "document": &w.Document, "fts": &w.FTS, "number": &w.Number, "unit": &w.Unit, "language": &w.Language, "ask": &w.Ask, "all": &w.All, "span": &w.Span, "file": &w.File}[name]
	if p == nil {
		return false
	}
	*p = v
	return true
}

// Score is the weighted sum of the features.
func (w Weights) Score(f Features) float64 {
	s := 0.0
	for i, v := range f.Values() {
		s += Features(w).Values()[i] * v
	}
	return s
}

// Scores weighs each candidate's features, File included: File is set in
// fs to the gap between the candidate's score without it and the best such
// score of its document among cands (Candidate.Doc), so a passage gains
// w.File of the way to its file's best passage. Interpolating a passage's
// score with its document's (here, the document's best passage) is the
// usual way to let a passage inherit its document's evidence; the tune half
// chose 0.2 of 0.05–0.5 (0.15 to 0.3 all within 0.0015 of its summed MRR), and
// it moves only passages of a file that has a better one.
func (w Weights) Scores(fs []Features, cands []Candidate) []float64 {
	scores := make([]float64, len(fs))
	best := make(map[int64]float64, len(fs))
	for i := range fs {
		fs[i].File = 0
		scores[i] = w.Score(fs[i])
		if cands[i].Front {
			scores[i] *= FrontShare
		}
		if b, ok := best[cands[i].Doc]; !ok || scores[i] > b {
			best[cands[i].Doc] = scores[i]
		}
	}
	for i := range fs {
		fs[i].File = best[cands[i].Doc] - scores[i]
		scores[i] += w.File * fs[i].File
	}
	return scores
}

// Contribution is one feature's part in a score.
type Contribution struct {
	Name   string
	Value  float64 // the feature, 0–1
	Weight float64
	Share  float64 // weight × value ÷ score
}

// Explain lists each feature's value and its share of the score.
func (w Weights) Explain(f Features) []Contribution {
	score := w.Score(f)
	ws := Features(w).Values()
	var out []Contribution
	for i, v := range f.Values() {
		c := Contribution{Name: Names[i], Value: v, Weight: ws[i]}
		if score > 0 {
			c.Share = ws[i] * v / score
		}
		out = append(out, c)
	}
	return out
}

// Typed is what a word typed n times weighs (Term.Weight): BM25's query
// term factor, (k3+1)·n/(k3+n) with k3 = 1, so twice is 4/3 and it never
// reaches 2. A word typed again is what the question is about ("the
// kettle went off, is the kettle gone or is it the fuse"), and
// Cranfield's long queries repeat theirs (54 of 225). The tune half could
// not tell k3 of 0.5, 1 and 1.5 apart and lost at 2 and above, as
// Cranfield did.
func Typed(n int) float64 {
	const k3 = 1
	return (k3 + 1) * float64(n) / (k3 + float64(n))
}

// IDF is BM25's inverse document frequency of a term found in df of n
// passages; never negative.
func IDF(df, n float64) float64 {
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// passage is what Compute measures of one candidate. A word found only in
// another form of the same stem (expiry, expiration), or as another word
// of its family (Term.Forms), counts as nearMatch of one found as typed.
type passage struct {
	present []float64 // per term: anywhere in text, heading or title
	tf      []float64 // per term: occurrences in the text
	heading []float64
	title   []float64
	length  int   // tokens in the text
	hits    []hit // matched tokens of the text, in order
	adjPair int   // adjacent pairs of one word's pieces, or of typed words, found
	number  bool  // a number stands near a query word
}

// nearMatch is what a word counts when found in another form: one stem a
// prefix of the other, both at least nearMin characters (Porter stems
// "expiry" and "expiration" to expiri and expir).
const (
	nearMatch = 0.5
	nearMin   = 5
)

type hit struct{ pos, term int }

// matcher finds the query term of an analysed document term.
type matcher struct {
	exact    map[string]int
	prefixes []int            // indexes of prefix terms
	near     map[string][]int // first nearMin bytes of a term → terms
	forms    map[string]int   // another word of a term's family → the term
	terms    []Term
}

func newMatcher(terms []Term) *matcher {
	m := &matcher{exact: map[string]int{}, near: map[string][]int{}, forms: map[string]int{}, terms: terms}
	for i, t := range terms {
		if t.Prefix {
			m.prefixes = append(m.prefixes, i)
			continue
		}
		for _, s := range t.Terms {
			if _, ok := m.exact[s]; !ok {
				m.exact[s] = i
			}
		}
		for _, f := range t.Forms {
			if _, ok := m.forms[f]; !ok {
				m.forms[f] = i
			}
		}
		// Stems of one Latin word share a prefix (not so in Arabic, whose
		// forms change inside the word).
		if s := t.Terms[0]; len(s) >= nearMin && analyze.IsLatinTerm(s) {
			m.near[s[:nearMin]] = append(m.near[s[:nearMin]], i)
		}
	}
	return m
}

// find returns the query term a document term matches and how much it
// counts (1, or nearMatch), or -1.
func (m *matcher) find(term string) (int, float64) {
	if i, ok := m.exact[term]; ok {
		return i, 1
	}
	for _, i := range m.prefixes {
		if strings.HasPrefix(term, m.terms[i].Terms[0]) {
			return i, 1
		}
	}
	if i, ok := m.forms[term]; ok {
		return i, nearMatch
	}
	if len(term) >= nearMin {
		for _, i := range m.near[term[:nearMin]] {
			q := m.terms[i].Terms[0]
			if strings.HasPrefix(term, q) || strings.HasPrefix(q, term) {
				return i, nearMatch
			}
		}
	}
	return -1, 0
}

// Query is what the ranker knows of a query: its words, and whether it
// asks for an amount or a time.
type Query struct {
	Terms    []Term
	Quantity bool
	Duration bool   // the amount asked is a span of time (query.Query.Duration)
	Money    bool   // the amount asked is paid or costs (query.Query.Money)
	Rate     bool   // the amount asked is a share or a frequency (query.Query.Rate)
	Age      bool   // the amount asked is an age (query.Query.Age)
	Lang     string // analyze.Language of what was typed
	Asks     Asks   // QuestionAsks of what was typed
}

// numberWindow is how near (in words) to a query word a number must stand
// to answer a question of quantity.
const numberWindow = 12

// durationWindow is numberWindow for a span of time, which is rarer than
// a number and so may stand further off, past a link's address or a list
// item's lead ("Fill out the [form](https://…) at least 72 hours
// before"); 12, 24 and 40 measured on the tune questions.
const durationWindow = 24

// Set is a first stage's candidates analysed once, so they can be
// measured against a query and again against the query widened by
// feedback.
type Set struct {
	cands                []Candidate
	text, heading, title [][]string // analysed terms of each candidate
	oneWord              []bool     // set by Features: see OneWord
}

// Analyse prepares candidates for measuring against q's terms: words that
// cannot be one of them are not stemmed (a stem keeps its word's first
// letters), which is most of the work saved.
func Analyse(q Query, cands []Candidate) *Set {
	s := &Set{cands: cands, text: make([][]string, len(cands)), heading: make([][]string, len(cands)), title: make([][]string, len(cands))}
	keep := WordFilter(q)
	// Reading 300 candidates is most of the second stage's cost (about
	// 35 µs each): the machine's cores share it.
	parallel(len(cands), func() func(i int) {
		var toks []analyze.Token // each worker's buffer
		var arena []string       // the terms' slices are cut from it: one allocation for many candidates
		terms := func(text string) []string {
			toks = analyze.AppendTokensMatching(toks[:0], text, keep)
			if cap(arena)-len(arena) < len(toks) {
				arena = make([]string, 0, max(len(toks), 1024))
			}
			start := len(arena)
			for _, t := range toks {
				arena = append(arena, t.Term)
			}
			return arena[start:len(arena):len(arena)]
		}
		return func(i int) {
			c := cands[i]
			s.text[i] = terms(c.Text)
			s.heading[i] = terms(strings.Join(c.Heading, " "))
			s.title[i] = terms(c.Title)
		}
	})
	return s
}

// analyseBatch is the fewest candidates worth another goroutine.
const analyseBatch = 32

// parallel calls, for each i in [0, n), a function worker made: the
// machine's cores share the work when n is large enough to be worth it,
// each with its own worker (and so its own buffers).
func parallel(n int, worker func() func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), max(n/analyseBatch, 1))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			each := worker()
			for i := w; i < n; i += workers {
				each(i)
			}
		}()
	}
	wg.Wait()
}

// WordFilter tells, from a word's folded form, whether its stem may be one
// of q's terms. The analyser's stems keep their word's first letters, so a
// reader looking only for q's terms can skip stemming the rest
// (analyze.AppendTokensMatching).
func WordFilter(q Query) func(folded []byte) bool {
	// The starts are a bit per pair of first bytes, not a map: the filter
	// runs on every word of up to 300 candidates (BenchmarkAnalyse: a map
	// of strings took 1.45 ms, the bits 1.15).
	var starts [1 << 16 / 64]uint64
	var short []string // terms shorter than a start: a word must begin with one
	for _, t := range q.Terms {
		// A family's other words are stemmed too (die for death share
		// only a first letter).
		for _, term := range append(t.Terms[:len(t.Terms):len(t.Terms)], t.Forms...) {
			if len(term) < startLen {
				short = append(short, term)
			} else {
				k := startKey(term[0], term[1])
				starts[k/64] |= 1 << (k % 64)
			}
		}
	}
	numbers, units := q.Quantity, q.Duration
	return func(w []byte) bool {
		if len(w) >= startLen {
			if k := startKey(w[0], w[1]); starts[k/64]&(1<<(k%64)) != 0 {
				return true
			}
		}
		if numbers && len(w) <= maxSurface && numberSurfaces[string(w)] {
			return true
		}
		if units && (len(w) <= maxSurface && unitSurfaces[string(w)] || len(w) > 0 && w[0] >= utf8.RuneSelf && cjkUnit(string(w))) {
			return true
		}
		for _, t := range short {
			if len(w) >= len(t) && string(w[:len(t)]) == t {
				return true
			}
		}
		return false
	}
}

// startKey is the bit of WordFilter's starts for a word's first two bytes.
func startKey(a, b byte) uint { return uint(a)<<8 | uint(b) }

// maxSurface is the longest number or unit word in bytes: a longer word
// is none (a CJK unit is a prefix of a run, tested apart).
var maxSurface = func() int {
	n := 0
	for _, m := range []map[string]bool{numberSurfaces, unitSurfaces} {
		for w := range m {
			n = max(n, len(w))
		}
	}
	return n
}()

// startLen is how many first letters of a word Analyse compares with the
// query's terms to tell the words worth stemming (ASCII words only: the
// analyser stems those at their ends; two letters, since a short stem may
// change its third: days → dai).
const startLen = 2

// Compute measures every candidate against the query.
func Compute(q Query, cands []Candidate) []Features { return Analyse(q, cands).Features(q) }

// Features measures every candidate against the query.
func (s *Set) Features(q Query) []Features {
	terms, cands := q.Terms, s.cands
	out := make([]Features, len(cands))
	if len(terms) == 0 || len(cands) == 0 {
		return out
	}
	m := newMatcher(terms)
	var total float64 // the query's weight
	for _, t := range terms {
		total += t.IDF * weight(t)
	}
	if total == 0 {
		total = 1
	}
	ps := make([]passage, len(cands))
	parallel(len(cands), func() func(i int) {
		return func(i int) {
			ps[i] = measure(m, terms, s.text[i], s.heading[i], s.title[i])
			if q.Quantity {
				ps[i].number = numberNear(s.text[i], ps[i].hits, q.Duration)
			}
		}
	})
	var lengths float64
	for i := range ps {
		lengths += float64(ps[i].length)
	}
	avgdl := max(lengths/float64(len(cands)), 1)
	// Document evidence: the query weight each document holds among all
	// its candidates, and the best first-stage score to scale by.
	docs := map[int64][]float64{}
	bestFTS := 0.0
	for i, c := range cands {
		d := docs[c.Doc]
		if d == nil {
			d = make([]float64, len(terms))
			docs[c.Doc] = d
		}
		for t := range terms {
			d[t] = max(d[t], ps[i].present[t])
		}
		bestFTS = max(bestFTS, c.FTS)
	}
	qlang := q.Lang
	if qlang == "latin" { // a keyword query: its best candidates' language
		langs := make([]string, len(cands))
		for i, c := range cands {
			langs[i] = c.Lang
		}
		qlang = analyze.KeywordLanguage(langs)
	}
	offers := map[string]Asks{} // HeadingAsks of each heading met: passages share them
	for i, c := range cands {
		p := &ps[i]
		f := &out[i]
		var bm, bmMax, inText float64
		for t, term := range terms {
			idf := term.IDF * weight(term)
			bmMax += idf * (k1 + 1)
			// BM25F: a word of the heading path counts as headingTF words
			// of the text.
			if tf := p.tf[t] + headingTF*p.heading[t]; tf > 0 {
				bm += idf * tf * (k1 + 1) / (tf + k1*(1-b+b*float64(p.length)/avgdl))
			}
			if p.tf[t] > 0 {
				inText += idf
			}
			f.Coverage += idf * p.present[t]
			f.Heading += idf * p.heading[t]
			f.Title += idf * p.title[t]
			f.Document += idf * docs[c.Doc][t]
		}
		f.Coverage /= total
		f.Heading /= total
		f.Title /= total
		f.Document /= total
		if bmMax > 0 {
			f.BM25 = bm / bmMax
		}
		f.Proximity = proximity(p.hits, len(terms)) * inText / total
		f.Span = spanWeight(p, terms, spanWords) / total
		if pairs := adjacentPairs(terms); pairs > 0 {
			f.Adjacency = float64(p.adjPair) / float64(pairs)
		}
		if bestFTS > 0 {
			f.FTS = c.FTS / bestFTS
		}
		f.Unit, f.Number = answersAmount(q, p.number, c.Text)
		if analyze.Compatible(qlang, c.Lang) {
			f.Language = 1
		}
		if q.Asks != 0 {
			for _, h := range c.Heading {
				a, ok := offers[h]
				if !ok {
					a = HeadingAsks(h)
					offers[h] = a
				}
				if a&q.Asks != 0 {
					f.Ask = 1
					break
				}
			}
		}
	}
	s.oneWord = oneWordMatches(terms, ps)
	allWords(terms, ps, out)
	return out
}

// answersAmount is a passage's Unit and Number for q: the unit a question
// of time, money, a share or an age asks for, written in text (number: a
// number stands near the question's words), or else any number near them.
func answersAmount(q Query, number bool, text string) (unit, num float64) {
	switch {
	case q.Rate && number && rate.MatchString(text):
		return 1, 0
	case q.Age && age.MatchString(text):
		return 1, 0
	case q.Duration:
		if number || vagueSpan.MatchString(text) {
			return 1, 0
		}
	case q.Money:
		if number && money.MatchString(text) {
			return 1, 0
		}
	case number:
		return 0, 1
	}
	return 0, 0
}

// allWords sets All for the passages that hold every word of a query of
// two to four words (fewer than breadthWords): a word is held when one of
// its terms (itself, a synonym, a correction) or another form of it is.
func allWords(terms []Term, ps []passage, out []Features) {
	words := map[int]bool{}
	for _, t := range terms {
		words[t.Word] = true
	}
	if len(words) < 2 || len(words) >= breadthWords {
		return
	}
	held := map[int]bool{}
	for i := range ps {
		clear(held)
		for t, v := range ps[i].present {
			if v > 0 {
				held[terms[t].Word] = true
			}
		}
		if len(held) == len(words) {
			out[i].All = 1
		}
	}
}

// breadthWords is how many different words a question needs before a
// passage holding only one of them is ranked after those holding several.
const breadthWords = 5

// OneWord reports that candidate i holds just one of the five or more
// words of the question, and not a required one: it ranks after every
// passage that holds several, however rare its one word (a title that
// happens to say "rolls" should not beat a passage about the rest of a
// question about leave). Valid after Features.
func (s *Set) OneWord(i int) bool { return i < len(s.oneWord) && s.oneWord[i] }

func oneWordMatches(terms []Term, ps []passage) []bool {
	words := map[int]bool{}
	for _, t := range terms {
		words[t.Word] = true
	}
	out := make([]bool, len(ps))
	if len(words) < breadthWords {
		return out
	}
	for i := range ps {
		held := map[int]bool{}
		required := false
		for t, v := range ps[i].present {
			if v > 0 {
				held[terms[t].Word] = true
				required = required || terms[t].Required
			}
		}
		out[i] = len(held) <= 1 && !required
	}
	return out
}

func weight(t Term) float64 {
	if t.Weight <= 0 {
		return 1
	}
	return t.Weight
}

// measure finds the query terms in one candidate's text, heading path and
// title (analysed terms).
func measure(m *matcher, terms []Term, text, heading, title []string) passage {
	p := passage{
		present: make([]float64, len(terms)),
		tf:      make([]float64, len(terms)),
		heading: make([]float64, len(terms)),
		title:   make([]float64, len(terms)),
		length:  len(text),
	}
	adjacent := map[[2]int]bool{}
	mark := func(words []string, where []float64, inText bool) {
		prev := -1
		for pos, w := range words {
			t, v := m.find(w)
			if t < 0 {
				prev = -1
				continue
			}
			where[t] = max(where[t], v)
			p.present[t] = max(p.present[t], v)
			if inText {
				p.tf[t] += v
				p.hits = append(p.hits, hit{pos, t})
			}
			if prev >= 0 && prev != t && follows(terms, prev, t) {
				adjacent[[2]int{prev, t}] = true
			}
			prev = t
		}
	}
	mark(text, p.present, true)
	mark(heading, p.heading, false)
	mark(title, p.title, false)
	p.adjPair = len(adjacent)
	return p
}

// numberNear reports a number (digits or a number word), not itself a query word,
// within numberWindow tokens of a query word found in the text; for a
// question of duration, a number of units of time ("72 hours", "1 to 3
// months", "three business days").
func numberNear(text []string, hits []hit, duration bool) bool {
	if len(hits) == 0 {
		return false
	}
	win := numberWindow
	if duration {
		win = durationWindow
	}
	h := 0 // hits are in text order: hits[h] is the last at or before pos
	for pos, t := range text {
		for h+1 < len(hits) && hits[h+1].pos <= pos {
			h++
		}
		if hits[h].pos == pos || !number(t) || duration && !unitAfter(text, pos) {
			continue
		}
		if abs(pos-hits[h].pos) <= win || h+1 < len(hits) && hits[h+1].pos-pos <= win {
			return true
		}
	}
	return false
}

// numberWords are the English words for an amount a page spells out
// ("ten times the CPU", "four pea-sized glands", "three business days");
// not "one", which is as often a pronoun (no one, one of). Their analysed
// terms, for numberNear, and their folded words, for WordFilter.
var numberWords, numberSurfaces = func() (map[string]bool, map[string]bool) {
	terms, surfaces := map[string]bool{}, map[string]bool{}
	for _, w := range strings.Fields("two three four five six seven eight nine ten eleven twelve fifteen " +
		"twenty thirty forty fifty sixty hundred hundreds thousand thousands million millions billion " +
		"dozen dozens half twice") {
		surfaces[w] = true
		terms[analyze.IndexText(w)] = true
	}
	return terms, surfaces
}()

// unitAfter reports a unit of time within unitReach tokens after pos.
func unitAfter(text []string, pos int) bool {
	for _, t := range text[pos+1 : min(pos+1+unitReach, len(text))] {
		if unitWords[t] || cjkUnit(t) {
			return true
		}
	}
	return false
}

// SpanOfTime is the snippet.Amount of a question of how long or how
// soon: the span of time the Unit feature looks for, a number (in digits
// or in words) with a unit of time at most unitReach words after it
// ("7-10 business days", "five business days", "3天"), or a span said in
// words ("weeks to months", vagueSpan). Another number of the passage
// ("3. Set your deadline", "children age 12 and older") is not what was
// asked: counted as one, it drew the snippet away from the span ("…age 2
// and older. - Tenofovir (Viread) is given to children age 12…" for how
// long a child takes to get over hepatitis B, whose answer is "after 6
// months"). BenchmarkSnippetAnswers: the tune questions' numbers shown
// 0.770 → 0.805, their whole answers 0.647 → 0.663; the check the same.
// The same for a share, an age or money (rate, age, money) showed four
// more tune answers but lost a check answer and a check number: not kept.
func SpanOfTime(text string, toks []analyze.Token) func(i int) bool {
	spans := vagueSpan.Spans(text)
	return func(i int) bool {
		start := toks[i].Start
		for _, s := range spans {
			if s[0] <= start && start < s[1] {
				return true
			}
		}
		return numberWithUnit(text, toks, i)
	}
}

// numberWithUnit reports a number, in digits or in words, at toks[i] with
// a unit of time at most unitReach words after it.
func numberWithUnit(text string, toks []analyze.Token, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[toks[i].Start:])
	if !('0' <= r && r <= '9' || '٠' <= r && r <= '٩') && !numberWords[toks[i].Term] {
		return false
	}
	for _, t := range toks[i+1 : min(i+1+unitReach, len(toks))] {
		if unitWords[t.Term] || cjkUnit(t.Term) {
			return true
		}
	}
	return false
}

// cjkUnit reports a Chinese or Japanese pair that starts with a unit of
// time: the unit is written onto what follows it (3天后 reads as 3, 天后).
// 个 alone is any counter (3个人, three people): only 个月 is a month.
func cjkUnit(t string) bool {
	for _, u := range cjkUnits {
		if strings.HasPrefix(t, u) {
			return true
		}
	}
	return false
}

var cjkUnits = []string{"秒", "分钟", "分鐘", "小时", "小時", "天", "日", "周", "週", "星期", "个月", "個月", "月", "年"}

// age is an age written in a passage; a life's stage or decade counts,
// since pages say "in childhood" or "in your thirties" as often as a
// number.
var age = unitPattern{
	re:      regexp.MustCompile(`(?i)\bage[sd]?\s+(of\s+)?\d|\d+\s*(-\s*)?(years?|yrs?)[\s-]*(old|of age)|\b\d+(st|nd|rd|th)\s+birthday|\b(childhood|infancy|adolescen\w*|teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|middle age)\b|\baged\s+\w+`),
	anchors: []string{`\bage`, "year", "yr", "birthday", "childhood", "infancy", "adolescen", "teens", "twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties"},
}

// rate is a share or a frequency written in a passage (1 in 2,000, 10%,
// 12 to 20 percent, more than half, once every 2 weeks). "Once" counts
// only as a count (once a day, at least once): most pages write it for
// formerly or as soon as ("were once classified", "once you apply").
var rate = unitPattern{
	re:      regexp.MustCompile(`(?i)\d[\d,]*\s+(in|out of)\s+\d|\d\s?%|\bpercent|\bper\s+(\d|cent)|\bonce\s+(a|an|every|per|or|daily|weekly|monthly|yearly|annually|in\s+a)\b|\b(at\s+least|more\s+than|only|just)\s+once\b|\b(twice|\d+ times)\b|\bevery\s+(\d|few|other|year|month|week|day)|\b(half|thirds?|quarters?)\b`),
	anchors: []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", `\bper`, `\bonce`, `\btwice`, `\bevery`, `\bhalf`, `\bthird`, `\bquarter`},
}

// vagueSpan is a span of time written without a number: "weeks to
// months", "a few days", "several hours", عدة أيام, 几个月. Pages on
// recovery and outlook say how long in these words as often as in digits.
var vagueSpan = unitPattern{
	re: regexp.MustCompile(`(?i)\b(few|several|many|couple of)\s+(more\s+)?(seconds|minutes|hours|days|weeks|months|years)\b|` +
		`\b(seconds|minutes|hours|days|weeks|months|years)\s+(to|or)\s+(a\s+)?(minutes?|hours?|days?|weeks?|months?|years?)\b|` +
		`\ba\s+(day|week|month|year)\s+or\s+two\b|` +
		`(عدة|بضعة|بضع)\s+(ثوان|دقائق|ساعات|أيام|أسابيع|أشهر|شهور|سنوات)|(几|数)(秒|分钟|分鐘|小时|小時|天|周|週|个月|個月|年)`),
	anchors: []string{`\bsecond`, `\bminute`, `\bhour`, `\bday`, `\bweek`, `\bmonth`, `\byear`, "عدة", "بضع", "几", "数"},
}

// money is an amount of money or a share written in a passage: the
// analyser drops the signs, so the Markdown is read.
var money = unitPattern{
	re:      regexp.MustCompile(`[$€£¥]\s?\d|\d\s?%|\d (percent|dollars|euros|pounds)\b`),
	anchors: []string{"$", "€", "£", "¥", "%", "percent", "dollars", "euros", "pounds"},
}

// unitReach covers a range and a qualifier between a number and its unit:
// "7-10 business days", "1 to 3 months".
const unitReach = 3

// unitWords are the units of time, as analysed terms (for unitAfter) and
// folded words (for WordFilter); Chinese units are cjkUnits.
var unitWords, unitSurfaces = func() (map[string]bool, map[string]bool) {
	terms, surfaces := map[string]bool{}, map[string]bool{}
	for _, w := range strings.Fields("second seconds minute minutes min mins hour hours hr hrs day days " +
		"week weeks month months year years yr yrs decade decades " +
		"ثانية ثوان دقيقة دقائق ساعة ساعات يوم أيام يوما يومًا أسبوع أسابيع شهر أشهر شهور سنة سنوات عام أعوام") {
		surfaces[analyze.Fold(w)] = true
		if t := analyze.IndexText(w); t != "" { // a stopword is no unit
			terms[t] = true
		}
	}
	return terms, surfaces
}()

// number reports a token that is an amount: digits, or a number word.
func number(s string) bool {
	if numberWords[s] {
		return true
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// follows reports whether term j was typed right after term i: the next
// piece of the same word, or the next word.
func follows(terms []Term, i, j int) bool {
	return j == i+1 && terms[j].Word-terms[i].Word <= 1
}

// adjacentPairs counts the pairs of terms typed side by side.
func adjacentPairs(terms []Term) int {
	n := 0
	for i := 0; i+1 < len(terms); i++ {
		if follows(terms, i, i+1) {
			n++
		}
	}
	return n
}

// proximity is 1 when the distinct query terms found in the text stand
// side by side, falling as the smallest window holding them all widens;
// 0 when fewer than two are found.
func proximity(hits []hit, nterms int) float64 {
	count := make([]int, nterms)
	distinct := 0
	for _, h := range hits {
		if count[h.term] == 0 {
			distinct++
		}
		count[h.term]++
	}
	if distinct < 2 {
		return 0
	}
	for i := range count {
		count[i] = 0
	}
	best, have, lo := math.MaxInt, 0, 0
	for hi, h := range hits {
		if count[h.term] == 0 {
			have++
		}
		count[h.term]++
		for have == distinct {
			if w := hits[hi].pos - hits[lo].pos + 1; w < best {
				best = w
			}
			count[hits[lo].term]--
			if count[hits[lo].term] == 0 {
				have--
			}
			lo++
		}
	}
	return float64(distinct-1) / float64(best-1)
}

// spanWords is how many consecutive words of a passage spanWeight reads:
// about a sentence. 10, 20 and 30 measured on the tune sets.
const spanWords = 20

// spanWeight is the most question weight any n consecutive words of a
// passage hold, each question word counted once, its heading path read
// just before its first word (the Span feature). An answer usually stands
// in one sentence that says several of the question's words, or in the
// first sentence under a heading that names them, where a sibling passage
// of the same page scatters the same words over a list, a table or code:
// coverage and BM25 count a word wherever it stands, proximity only the
// window holding every word, which a long question's passages rarely
// have.
func spanWeight(p *passage, terms []Term, n int) float64 {
	var hits []hit
	for t := range terms {
		if p.heading[t] > 0 {
			hits = append(hits, hit{pos: -1, term: t})
		}
	}
	hits = append(hits, p.hits...)
	count := make([]int, len(terms))
	best, sum, lo := 0.0, 0.0, 0
	for _, h := range hits {
		if count[h.term] == 0 {
			sum += terms[h.term].IDF * weight(terms[h.term])
		}
		count[h.term]++
		for h.pos-hits[lo].pos >= n {
			count[hits[lo].term]--
			if count[hits[lo].term] == 0 {
				sum -= terms[hits[lo].term].IDF * weight(terms[hits[lo].term])
			}
			lo++
		}
		best = max(best, sum)
	}
	return best
}

// WeighScripts weighs a question's words by the script they are written
// in, for a question in lang (analyze.Language).
//
// The overlapping bigrams of one CJK run (文件输出到: 文件 件输 输出 出到)
// weigh as the words they hold: every character stands in two bigrams,
// so a run of n characters, about n/2 words, gives n-1 bigrams, and
// unweighted it outweighed a Latin word typed beside it ("编译java的时候…
// class…") several times over. cjk tells a bigram of such a run.
//
// And in a question written in another script than Latin, a word typed
// in Latin letters weighs latinName times a word of its own: it is a name
// the writer did not translate (a command, an API, a file: v-if,
// Dockerfile, yaml), which the page that answers names too. 1.5 of 1.5,
// 2, 3 and 4 on the tune half; 3 and 4 let a common name (mac, rust)
// bring other pages.
func WeighScripts(terms []Term, cjk func(term string) bool, lang string) {
	pieces := map[int]int{}
	for _, t := range terms {
		if cjk(t.Terms[0]) && !t.Prefix {
			pieces[t.Word]++
		}
	}
	for i := range terms {
		t := &terms[i]
		if n := pieces[t.Word]; n > 1 && cjk(t.Terms[0]) && !t.Prefix {
			t.Weight = max(t.Weight, 1) * float64(n+1) / float64(2*n)
		}
		if c := t.Terms[0]; !analyze.Compatible("latin", lang) && c != "" && c[0] >= 'a' && c[0] <= 'z' {
			t.Weight = weight(*t) * latinName
		}
	}
}

// latinName is what a Latin word weighs in a question of another script
// (WeighScripts).
const latinName = 1.5
