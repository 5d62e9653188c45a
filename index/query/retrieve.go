package query

import "sort"

// How the first stage of a search picks what to look for, from how many
// passages hold each optional clause (the index counts them).

// retrievalBudget bounds the postings the first stage reads: words are
// taken rarest first while their passages add up to at most this many.
const retrievalBudget = 4000

// RankedCap is the most passages the first stage ranks: the rows FTS5
// scores and returns, of which the search reads the best.
const RankedCap = 800

// togetherWords is how many of a query's common words the first stage
// looks for together when each alone matches too many passages.
const togetherWords = 3

// pairBudget is how many postings the first stage scores before it asks
// for passages holding two of its words that are each in more than pairDF
// passages, instead of one.
//
// The pairs also take the next words past the budget, up to
// pairWordsMore words in pairs, each in at most pairMaxDF passages: a
// passage holding six of a question's eight words but not two of its
// three rarest ("bone death from poor blood flow" beside the osteonecrosis
// page's "reduced blood flow to bones") was no candidate at all. A pair
// holds few passages however common its words, so FTS5 reads their
// postings (0.1 µs each) and scores only what both hold.
const (
	pairBudget    = 1500
	pairDF        = 1000
	pairWords     = 4
	pairWordsMore = 5
	pairMaxDF     = 8000
)

// The budgets were measured on all of ../shared/corpus (measuredRows
// rows). In a larger library every word is in more rows and fixed budgets
// search fewer of a question's words (at a million passages "docker
// reclaim disk space" lost its answer), so past measuredRows they grow
// with the rows, up to maxScale times for a query of a few words and
// maxScaleLong for a question of longWords or more, whose answer is most
// often held by the words past a small budget: at a million passages (588,744
// rows, seven times) hit@5 was 0.632 with every query capped at three
// times, 0.680 with questions growing seven times, as at 84k (README,
// Ranking), questions p99 61 → 84 ms and 2–4 words unchanged. The caps
// bound the cost in a larger library still. In the measured library
// larger budgets only add distractors (hit@5 0.672 → 0.648 at twice).
const (
	measuredRows = 84000
	maxScale     = 3
	maxScaleLong = 8
	longWords    = 5
)

// budgetScale is what the budgets are multiplied by in a library of rows
// FTS rows, for a query of words optional clauses (a CJK run's bigrams
// and a word's corrections count as words).
func budgetScale(rows float64, words int) float64 {
	limit := float64(maxScale)
	if words >= longWords {
		limit = maxScaleLong
	}
	return min(max(rows/measuredRows, 1), limit)
}

// Candidate is an optional clause (its index in Query.Clauses) and how
// many passages hold it.
type Candidate struct {
	Clause int
	DF     float64
}

// Retrievals picks the clauses the first stage searches, in a library of
// rows FTS rows: the rarest, while their postings stay within
// retrievalBudget, and how it searches them.
func Retrievals(optional []Candidate, rows float64) []Retrieval {
	sort.SliceStable(optional, func(i, j int) bool { return optional[i].DF < optional[j].DF })
	scale := budgetScale(rows, len(optional))
	limit, pairFrom := retrievalBudget*scale, pairBudget*scale
	pairCommon, pairMost := pairDF*scale, pairMaxDF*scale
	budget := 0.0
	var known []Candidate
	for _, o := range optional {
		if o.DF > 0 { // a word not in the library finds nothing
			known = append(known, o)
		}
	}
	var chosen []int
	for _, o := range known {
		if len(chosen) > 0 && budget+o.DF > limit {
			break
		}
		budget += o.DF
		chosen = append(chosen, o.Clause)
	}
	switch {
	case budget > limit && len(known) > 1:
		// Even the rarest word is common (a short query of common words in
		// a large library): the passages holding the rarest words together,
		// up to togetherWords of them, are the candidates, which FTS5 finds
		// without scoring every passage of each.
		for _, o := range known[1:min(len(known), togetherWords)] {
			chosen = append(chosen, o.Clause)
		}
		return []Retrieval{{Alone: chosen, All: true}, {Paired: chosen}, {Alone: chosen}}
	case budget > pairFrom && len(chosen) > 1:
		// Scoring a passage costs FTS5 twenty times what finding it does,
		// and a passage with only one of a few common words is rarely
		// among the best: words in at most pairDF passages find passages
		// alone, the commoner ones two at a time, the pairWords rarest of
		// them and the next words up to pairWordsMore (each pair reads its
		// words' postings again).
		var r Retrieval
		for i, c := range chosen {
			if known[i].DF <= pairCommon {
				r.Alone = append(r.Alone, c)
			} else if len(r.Paired) < pairWords {
				r.Paired = append(r.Paired, c)
			}
		}
		r.Paired = pairNext(r.Paired, known[len(chosen):], pairMost)
		if len(r.Alone) == 0 && len(r.Paired) < 2 {
			r = Retrieval{Alone: chosen}
		}
		return []Retrieval{r, {Alone: chosen}}
	case budget < RankedCap && len(known) > len(chosen)+1:
		// The rare words fill less than the first stage ranks, and the
		// words past them are each too common to search alone: passages
		// holding two of those join ("mouth cancer peak age" at a million
		// passages searched "peak" alone, and its answer has no "peak").
		r := Retrieval{Alone: chosen}
		r.Paired = pairNext(r.Paired, known[len(chosen):], pairMost)
		if len(r.Paired) < 2 {
			return []Retrieval{{Alone: chosen}}
		}
		return []Retrieval{r, {Alone: chosen}}
	default:
		return []Retrieval{{Alone: chosen}}
	}
}

// pairNext adds to paired the words past the budget, rarest first, up to
// pairWordsMore words in all, each in at most most passages.
func pairNext(paired []int, next []Candidate, most float64) []int {
	for _, o := range next {
		if len(paired) >= pairWordsMore || o.DF > most {
			break
		}
		paired = append(paired, o.Clause)
	}
	return paired
}
