package query

import "strings"

// A long question's typed word pairs ("take ownership", "command prompt",
// "litter box") name its topic more closely than either word: the first
// stage, searching a question's rarer words and pairs of common ones,
// ranked tldr's takeown page 350th for "… How do I take ownership of the
// folder … from the command prompt?", below the Rust book's hundreds of
// passages on ownership, and "take" is too common to be searched. Pairs
// finds the passages holding such a pair as typed, for the second stage to
// weigh beside the first stage's (Index.Search). A question of longWords
// or more plain words is searched so; a query of two to four searches
// them all already.

// PairMinIDF is the least IDF of a pair's rarer word: pairs of common
// words ("get out", "right away") say little and cost the most to find
// (their postings are long). 0, 5 and 5.5 measured on the tune half; 5
// best.
const PairMinIDF = 5.0

// Pairs is the FTS5 expression of the question's pairs of plain words
// typed side by side ("take ownership" OR "command prompt"), or "", and
// the pairs as typed, for --explain. idf gives a term's IDF. Only words of
// Latin letters pair (a CJK run's bigrams pair already; Arabic words are
// searched with their variants), and not numbers ("2 mb").
func (q Query) Pairs(idf func(term string) float64) (string, []string) {
	plain := 0
	for _, c := range q.Clauses {
		if c.Optional() {
			plain++
		}
	}
	if plain < longWords {
		return "", nil
	}
	var out, said []string
	for i := 0; i+1 < len(q.Clauses); i++ {
		a, b := &q.Clauses[i], &q.Clauses[i+1]
		if !pairable(a) || !pairable(b) || b.Word != a.Word+1 {
			continue
		}
		if max(idf(a.Terms[0]), idf(b.Terms[0])) < PairMinIDF {
			continue
		}
		out = append(out, Clause{Terms: []string{a.Terms[0], b.Terms[0]}}.Expr())
		said = append(said, q.typed(a)+" "+q.typed(b))
	}
	if len(out) == 0 {
		return "", nil
	}
	// The pairs' passages join the candidates, so what the query leaves
	// out stays out of them too: a long question's -word had come back
	// through them.
	expr := strings.Join(out, " OR ")
	var not strings.Builder
	q.writeExclusions(&not)
	if not.Len() > 0 && len(out) > 1 {
		expr = "(" + expr + ")" // NOT binds tighter than OR
	}
	return expr + not.String(), said
}

// pairable reports a plain word of Latin letters, searched as itself.
func pairable(c *Clause) bool {
	if !c.Optional() || len(c.Alts) > 0 || c.FormsInPlace || c.Idiom || c.Implicit {
		return false
	}
	t := c.Terms[0]
	return t != "" && t[0] < 0x80 && (t[0] < '0' || t[0] > '9')
}
