package index

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"folio/index/analyze"
	"folio/index/query"
	"folio/index/rank"
)

// Term statistics for ranking come from the FTS index itself. An exact
// document frequency costs a read of the term's whole posting list (a
// common word at a million chunks: tens of milliseconds), so it is counted
// only up to dfCap; past that it is estimated from how far into the
// library the dfCap-th posting lies (chunk ids grow through the library).
// Rare words, the ones that decide a ranking, are exact.
const dfCap = 500

// togetherWords is how many of a query's common words the first stage
// looks for together when each alone matches too many passages.
const togetherWords = 3

// pairBudget is how many postings the first stage scores before it asks
// for passages holding two of its words that are each in more than pairDF
// passages, instead of one.
const (
	pairBudget = 1500
	pairDF     = 1000
	pairWords  = 4
)

// dfCache keeps document frequencies between searches while the library
// does not change (a window searching as the user types asks for the same
// words again and again). SQLite's data_version, read on a connection of
// its own that never writes, moves with every change by this program's
// other connections and by other programs alike.
type dfCache struct {
	mu      sync.Mutex
	version int64
	df      map[string]float64
}

// libraryStats are the library's size and the highest chunk id.
func (ix *Index) libraryStats(ctx context.Context) (n, lastRow int64, err error) {
	err = ix.db.QueryRowContext(ctx, `SELECT (SELECT coalesce(sum(n_chunks), 0) FROM folders), (SELECT coalesce(max(id), 0) FROM chunks)`).Scan(&n, &lastRow)
	return n, lastRow, classify(err)
}

// docFreq estimates how many chunks match an FTS5 expression.
func (ix *Index) docFreq(ctx context.Context, expr string, lastRow int64) (float64, error) {
	ix.dfs.mu.Lock()
	if v, ok := ix.dfs.df[expr]; ok {
		ix.dfs.mu.Unlock()
		return v, nil
	}
	ix.dfs.mu.Unlock()
	var count, maxRow int64
	err := ix.db.QueryRowContext(ctx, `SELECT count(*), coalesce(max(rowid), 0) FROM
		(SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)`, expr, dfCap).Scan(&count, &maxRow)
	if err != nil {
		return 0, classify(err)
	}
	df := float64(count)
	if count >= dfCap && maxRow > 0 {
		df = float64(count) * float64(lastRow) / float64(maxRow)
	}
	ix.dfs.mu.Lock()
	ix.dfs.df[expr] = df
	ix.dfs.mu.Unlock()
	return df, nil
}

// stats is what the two stages need to know about a query's words.
type stats struct {
	terms       []rank.Term            // every positive word, for the second stage
	retrieve    []query.Retrieval      // what the first stage looks for: the first, or the next while too few are found
	corrections []Correction           // unknown words searched as close ones
	matches     func(term string) bool // highlights
}

// queryStats weighs the query's words by their rarity, adds corrections
// for words the library does not know, and picks the words the first
// stage searches: the rarest, while their postings stay within
// retrievalBudget.
func (ix *Index) queryStats(ctx context.Context, q *query.Query) (*stats, error) {
	n, lastRow, err := ix.libraryStats(ctx)
	if err != nil {
		return nil, err
	}
	version, err := ix.DataVersion(ctx)
	if err != nil {
		return nil, err
	}
	ix.dfs.mu.Lock()
	if ix.dfs.df == nil || ix.dfs.version != version {
		ix.dfs.df, ix.dfs.version = map[string]float64{}, version
	}
	ix.dfs.mu.Unlock()
	st := &stats{}
	df := func(c query.Clause) (float64, error) {
		var b strings.Builder
		c.Exclude, c.HeadingOnly = false, false
		c.WriteExpr(&b)
		return ix.docFreq(ctx, b.String(), lastRow)
	}
	type opt struct {
		clause int
		df     float64
	}
	var optional []opt
	nClauses := len(q.Clauses)
	for i := 0; i < nClauses; i++ {
		c := q.Clauses[i]
		if c.Exclude {
			continue
		}
		if len(c.Terms) > 1 {
			// A phrase: each of its words weighs on its own.
			for j, t := range c.Terms {
				d, err := df(query.Clause{Terms: []string{t}, Prefix: c.Prefix && j == len(c.Terms)-1})
				if err != nil {
					return nil, err
				}
				st.terms = append(st.terms, rank.Term{Terms: []string{t}, Prefix: c.Prefix && j == len(c.Terms)-1,
					IDF: rank.IDF(d, float64(n)), Word: c.Word})
			}
			continue
		}
		d, err := df(c)
		if err != nil {
			return nil, err
		}
		term := rank.Term{Terms: append([]string{c.Terms[0]}, c.Alts...), Prefix: c.Prefix, Word: c.Word}
		if d > 0 {
			term.IDF = rank.IDF(d, float64(n))
		}
		st.terms = append(st.terms, term)
		if c.Optional() {
			optional = append(optional, opt{i, d})
		}
		if c.Optional() && !c.Prefix && !isCJKTerm(c.Terms[0]) && d <= typoRare {
			fixes, err := ix.corrections(ctx, c.Terms[0], d)
			if err != nil {
				return nil, err
			}
			for _, f := range fixes {
				q.Clauses = append(q.Clauses, query.Clause{Terms: []string{f.term}, Word: c.Word})
				st.terms = append(st.terms, rank.Term{Terms: []string{f.term}, IDF: rank.IDF(f.df, float64(n)), Word: c.Word, Weight: correctionWeight})
				optional = append(optional, opt{len(q.Clauses) - 1, f.df})
				st.corrections = append(st.corrections, Correction{Typed: c.Typed, Searched: f.term})
			}
		}
		if c.Optional() && !c.Prefix {
			// Other forms of an Arabic word that the library holds count
			// as the word, a little less (see analyze.ArabicVariants).
			for _, v := range analyze.ArabicVariants(c.Typed) {
				d, err := df(query.Clause{Terms: []string{v}})
				if err != nil {
					return nil, err
				}
				if d == 0 {
					continue
				}
				q.Clauses = append(q.Clauses, query.Clause{Terms: []string{v}, Word: c.Word})
				st.terms = append(st.terms, rank.Term{Terms: []string{v}, IDF: rank.IDF(d, float64(n)), Word: c.Word, Weight: correctionWeight})
				optional = append(optional, opt{len(q.Clauses) - 1, d})
			}
		}
	}
	sort.SliceStable(optional, func(i, j int) bool { return optional[i].df < optional[j].df })
	budget := 0.0
	var known []opt
	for _, o := range optional {
		if o.df > 0 { // a word not in the library finds nothing
			known = append(known, o)
		}
	}
	var chosen []int
	for _, o := range known {
		if len(chosen) > 0 && budget+o.df > retrievalBudget {
			break
		}
		budget += o.df
		chosen = append(chosen, o.clause)
	}
	switch {
	case budget > retrievalBudget && len(known) > 1:
		// Even the rarest word is common (a short query of common words in
		// a large library): the passages holding the rarest words together,
		// up to togetherWords of them, are the candidates, which FTS5 finds
		// without scoring every passage of each.
		for _, o := range known[1:min(len(known), togetherWords)] {
			chosen = append(chosen, o.clause)
		}
		st.retrieve = []query.Retrieval{{Alone: chosen, All: true}, {Paired: chosen}, {Alone: chosen}}
	case budget > pairBudget && len(chosen) > 1:
		// Scoring a passage costs FTS5 twenty times what finding it does,
		// and a passage with only one of a few common words is rarely
		// among the best: words in at most pairDF passages find passages
		// alone, the commoner ones two at a time, the pairWords rarest of
		// them (each pair reads its words' postings again).
		var r query.Retrieval
		for i, c := range chosen {
			if known[i].df <= pairDF {
				r.Alone = append(r.Alone, c)
			} else if len(r.Paired) < pairWords {
				r.Paired = append(r.Paired, c)
			}
		}
		if len(r.Alone) == 0 && len(r.Paired) < 2 {
			r = query.Retrieval{Alone: chosen}
		}
		st.retrieve = []query.Retrieval{r, {Alone: chosen}}
	default:
		st.retrieve = []query.Retrieval{{Alone: chosen}}
	}
	st.matches = q.Matches
	return st, nil
}

// Typo tolerance: a word the library does not know, or knows only in a
// few passages while a close word is common, is also searched as its
// nearest words: one edit for words of 5–8 characters, two from 9, none
// under 5. Quoted words are never corrected.
const (
	typoRare         = 2   // a word this rare may be a typo of a common one…
	typoCommonFactor = 100 // …one edit away and this much more common
	correctionWeight = 0.7 // a correction counts less than what was typed
	maxCorrections   = 2
)

type fix struct {
	term string
	df   float64
}

// corrections finds the library's words within the allowed edits of term,
// best first (fewest edits, then the most common). Candidates share the
// term's first two characters (three for long words): typos rarely start
// a word, and it keeps the look-up to a narrow slice of the vocabulary.
func (ix *Index) corrections(ctx context.Context, term string, df float64) ([]fix, error) {
	runes := []rune(term)
	edits := 0
	switch {
	case len(runes) >= 9 && df == 0:
		edits = 2
	case len(runes) >= 5:
		edits = 1
	default:
		return nil, nil
	}
	prefix := string(runes[:2])
	if len(runes) >= 8 {
		prefix = string(runes[:3])
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT term, doc FROM chunks_fts_v WHERE term >= ? AND term < ?`, prefix, prefix+"\U0010FFFF")
	if err != nil {
		return nil, fmt.Errorf("look up close words: %w", classify(err))
	}
	defer rows.Close()
	type cand struct {
		fix
		dist int
	}
	var cands []cand
	for rows.Next() {
		var t string
		var d float64
		if err := rows.Scan(&t, &d); err != nil {
			return nil, classify(err)
		}
		if t == term || abs(utf8.RuneCountInString(t)-len(runes)) > edits {
			continue
		}
		if df > 0 && d < typoCommonFactor*df {
			continue
		}
		if dist := editDistance(runes, []rune(t), edits); dist <= edits {
			cands = append(cands, cand{fix{t, d}, dist})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err)
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].df > cands[j].df
	})
	var out []fix
	for _, c := range cands {
		if len(out) == maxCorrections || c.dist > cands[0].dist {
			break
		}
		out = append(out, c.fix)
	}
	return out, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// editDistance is the optimal string alignment distance (insertions,
// deletions, substitutions and swaps of neighbours), or limit+1 once it
// is sure to exceed limit.
func editDistance(a, b []rune, limit int) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// isCJKTerm reports a bigram of a script written without spaces: its
// "typos" are other words.
func isCJKTerm(term string) bool {
	r, _ := utf8.DecodeRuneInString(term)
	return r > 0x1100 && query.IsLoneCJK(string(r))
}

// surfaceForms shows each correction as a word of the text found, not
// its analysed stem ("shingles", not "shingl").
func surfaceForms(cs []Correction, hits []Hit) []Correction {
	out := append([]Correction(nil), cs...)
	for i, c := range out {
		for _, h := range hits {
			if w := surface(h.Text, c.Searched); w != "" {
				out[i].Searched = w
				break
			}
		}
	}
	return out
}

// surface returns the first word of text whose analysed form is term,
// lower-cased.
func surface(text, term string) string {
	for _, t := range analyze.Tokens(text) {
		if t.Term == term {
			return strings.ToLower(text[t.Start:t.End])
		}
	}
	return ""
}
