package rank

import "strings"

// TermWeights is what each analysed term of a passage weighs for a query
// of terms, as the ranker weighs it: its IDF, scaled by the term's weight
// (a correction less, a word typed twice more), another form of a word at
// nearMatch, a prefix's completions as the prefix. A term none of them
// names (matched some other way) weighs the least of them. The snippet
// shows the window of a passage with the most of this weight. For a
// question of an amount (numbers), a number (snippet.NumberTerm) weighs
// as much as all its words together: the answer is a number, so a window
// holding one is shown before any without, and among those the one with
// the most of the question's words (a number at 0.5 or 1 times the
// heaviest word showed the answer's number less often on the tune
// questions; 2, 4 or 1000 times the same as this).
func TermWeights(terms []Term, numbers bool) func(term string) float64 {
	exact := map[string]float64{}
	least, all := 1.0, 0.0
	for i, t := range terms {
		w := t.IDF * weight(t)
		if i == 0 || w < least {
			least = w
		}
		all += w
		for _, s := range t.Terms {
			exact[s] = max(exact[s], w)
		}
		for _, f := range t.Forms {
			exact[f] = max(exact[f], w*nearMatch)
		}
	}
	if numbers {
		exact[numberTerm] = all
	}
	return func(s string) float64 {
		if w, ok := exact[s]; ok {
			return w
		}
		best := least
		for _, t := range terms {
			if t.Prefix && len(t.Terms) > 0 && strings.HasPrefix(s, t.Terms[0]) {
				best = max(best, t.IDF*weight(t))
			}
		}
		return best
	}
}

// numberTerm is snippet.NumberTerm (rank does not import snippet).
const numberTerm = "\x00number"
