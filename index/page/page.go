// Package page lays a ranked list of passages out as a page of results:
// two neighbouring passages of one section that both rank near the top
// are joined into one (Join), and a file's passages past a few are
// folded under a better one (Fold). It knows a passage only by where it
// stands (Span), so it holds no type of the index's.
package page

import "slices"

// Span is where a passage stands: its file, its section (its heading
// path, joined), and its first and last lines.
type Span struct {
	File, Section string
	Start, End    int
}

// JoinReach is how far down the ranking two neighbours are joined: the
// first page. Passages of a section are cut at the chunker's size, and
// the cut often falls between the sentence a question's words point to
// and the answer after it ("Catch-All Patterns" ranked its first half,
// whose words the question shares, over the half that says what `_`
// does): when both halves rank this high, both are the answer's place.
const JoinReach = 10

// Join joins each of the first JoinReach passages, in ranked order, to a
// passage of the same section among them that starts on the line after
// it ends, or after one blank line, or ends just before it: join makes
// the better one (into) cite first and second, in the file's order, gap
// the lines from first's end to second's start. A passage takes at most
// one neighbour, so a hit cites at most two passages; the one joined
// leaves the list, and the rest keep their order.
func Join[H any](ranked []H, span func(H) Span, join func(into *H, first, second H, gap int)) []H {
	top := slices.Clone(ranked[:min(len(ranked), JoinReach)]) // ranked is not changed
	gone := make([]bool, len(top))
	for i := range top {
		if gone[i] {
			continue
		}
		a := span(top[i])
		for j := i + 1; j < len(top); j++ {
			b := span(top[j])
			if gone[j] || b.File != a.File || b.Section != a.Section {
				continue
			}
			first, second, gap := top[i], top[j], b.Start-a.End
			if b.Start < a.Start {
				first, second, gap = top[j], top[i], a.Start-b.End
			}
			if gap < 1 || gap > 2 {
				continue
			}
			join(&top[i], first, second, gap)
			gone[j] = true
			break
		}
	}
	out := make([]H, 0, len(ranked))
	for i, h := range top {
		if !gone[i] {
			out = append(out, h)
		}
	}
	return append(out, ranked[len(top):]...)
}

// Fold shows at most perFile passages of a file (below 0: all): a file's
// further passages go under its best one (under). A passage sharing a
// line with a better one goes under the hit that lists it: a paragraph on
// one long line is split into passages that each cited the same line
// ("0001935.md:32" two or three times a page, or "24" and "24-27"). What
// stays keeps the ranking's order, so pages cut from it neither repeat
// nor skip.
func Fold[H any](ranked []H, perFile int, span func(H) Span, under func(into *H, h H)) []H {
	type at struct{ from, to, hit int } // hit: the one in out that lists those lines
	out := make([]H, 0, len(ranked))
	firstOfFile := map[string]int{} // file → index in out of its best passage
	shown := map[string]int{}
	cited := map[string][]at{} // the lines the file's better passages cite
	for _, h := range ranked {
		s := span(h)
		// A passage sharing a line with a better one folds under that
		// one's hit: within its lines, or the end of the same long line
		// with what follows it ("24" then "24-27").
		to := -1
		for _, c := range cited[s.File] {
			if s.Start <= c.to && c.from <= s.End {
				to = c.hit
				break
			}
		}
		if next := len(out); to < 0 {
			if perFile > 0 && shown[s.File] >= perFile {
				to, next = firstOfFile[s.File], firstOfFile[s.File]
			}
			cited[s.File] = append(cited[s.File], at{s.Start, s.End, next})
		}
		if to >= 0 {
			under(&out[to], h)
			continue
		}
		if _, ok := firstOfFile[s.File]; !ok {
			firstOfFile[s.File] = len(out)
		}
		shown[s.File]++
		out = append(out, h)
	}
	return out
}
