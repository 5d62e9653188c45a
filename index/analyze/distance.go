package analyze

import (
	"strings"
	"unicode"
)

// EditDistance is the optimal string alignment distance (insertions,
// deletions, substitutions and swaps of neighbours), or limit+1 once it
// is sure to exceed limit.
func EditDistance(a, b []rune, limit int) int {
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

// OneEditStems is the stems of the English words one edit (a letter left
// out, added, changed or two swapped) from typed, a word of 5 or more
// lower-case ASCII letters; nil for any other word.
func OneEditStems(typed string) map[string]bool {
	w := strings.ToLower(strings.TrimFunc(typed, func(r rune) bool { return !unicode.IsLetter(r) }))
	if len(w) < 5 || len(w) > 20 {
		return nil
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return nil
		}
	}
	out := map[string]bool{}
	add := func(v string) {
		if t := IndexText(v); t != "" && !strings.Contains(t, " ") {
			out[t] = true
		}
	}
	for i := 0; i <= len(w); i++ {
		for c := byte('a'); c <= 'z'; c++ {
			add(w[:i] + string(c) + w[i:])
			if i < len(w) && c != w[i] {
				add(w[:i] + string(c) + w[i+1:])
			}
		}
		if i < len(w) {
			add(w[:i] + w[i+1:])
		}
		if i+1 < len(w) {
			add(w[:i] + string(w[i+1]) + string(w[i]) + w[i+2:])
		}
	}
	return out
}
