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
// out, added, changed or two swapped) from typed, a word of 5 to 20
// lower-case ASCII letters; nil for any other word.
func OneEditStems(typed string) map[string]bool {
	w := strings.ToLower(strings.TrimFunc(typed, func(r rune) bool { return !unicode.IsLetter(r) }))
	if len(w) < 5 || len(w) > 20 || strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
		return nil
	}
	out := map[string]bool{}
	eachEdit([]rune(w), latin[:26], func(v string) {
		if t := IndexText(v); t != "" && !strings.Contains(t, " ") {
			out[t] = true
		}
	})
	return out
}

// OneEdits is every string one edit from term that starts with prefix,
// over term's alphabet (a–z and digits, or the Arabic letters as
// normalised), and the words of also with that prefix; nil for a term of
// another script, or of both, or of more than 24 letters (thousands of
// strings: a range of the vocabulary costs less).
func OneEdits(term, prefix string, also map[string]bool) []string {
	w := []rune(term)
	if len(w) > 24 {
		return nil
	}
	alphabet := latin
	if strings.IndexFunc(term, func(r rune) bool { return (r < 'a' || r > 'z') && (r < '0' || r > '9') }) >= 0 {
		if strings.IndexFunc(term, func(r rune) bool { return r < 0x621 || r > 0x64a }) >= 0 {
			return nil
		}
		alphabet = arabicLetters
	}
	seen := map[string]bool{term: true}
	var out []string
	add := func(v string) {
		if !seen[v] && strings.HasPrefix(v, prefix) {
			seen[v] = true
			out = append(out, v)
		}
	}
	eachEdit(w, alphabet, add)
	for v := range also {
		add(v)
	}
	return out
}

var (
	latin         = []rune("abcdefghijklmnopqrstuvwxyz0123456789")
	arabicLetters = func() []rune {
		var rs []rune
		for r := rune(0x621); r <= 0x64a; r++ {
			rs = append(rs, r)
		}
		return rs
	}()
)

// eachEdit calls fn with each string one edit from w (repeats included).
func eachEdit(w, alphabet []rune, fn func(string)) {
	for i := 0; i <= len(w); i++ {
		for _, c := range alphabet {
			fn(string(w[:i]) + string(c) + string(w[i:]))
			if i < len(w) && c != w[i] {
				fn(string(w[:i]) + string(c) + string(w[i+1:]))
			}
		}
		if i < len(w) {
			fn(string(w[:i]) + string(w[i+1:]))
		}
		if i+1 < len(w) {
			fn(string(w[:i]) + string(w[i+1]) + string(w[i]) + string(w[i+2:]))
		}
	}
}
