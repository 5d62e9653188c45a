package spell

import (
	"context"
	"slices"
	"strings"

	"folio/assets/wordforms"
	"folio/index/analyze"
)

// A word of 3 or 4 letters is too short for one edit of any kind: most
// strings one letter from "eror" or "hwo" are words of some library. Only
// the two typos of a hurried hand are tried, a letter left out (eror,
// oftn) and two neighbouring letters swapped (hwo, wiht, teh), and only
// to a common English word or a function word.
const (
	shortMin = 3
	shortMax = 4
)

// shortEdits are the lower-case strings typed becomes with one letter put
// back or two neighbouring ones swapped; nil unless typed is a word of
// shortMin–shortMax ASCII letters.
func shortEdits(typed string) []string {
	w := strings.ToLower(typed)
	if len(w) < shortMin || len(w) > shortMax {
		return nil
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return nil
		}
	}
	var out []string
	add := func(s string) {
		if s != w && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for i := 0; i+1 < len(w); i++ {
		add(w[:i] + string(w[i+1]) + string(w[i]) + w[i+2:])
	}
	for i := 0; i <= len(w); i++ {
		for c := byte('a'); c <= 'z'; c++ {
			add(w[:i] + string(c) + w[i:])
		}
	}
	return out
}

// StopwordTypo reports a short word that is a function word mistyped
// ("hwo", "wiht", "adn", "teh"), held in rows FTS rows: a caller reads it
// as that word, which a search leaves out, instead of naming it as a word
// no passage holds. A typo that a row or two holds is one too ("wich":
// searched, it weighed as much as a name), but not a common English word
// (hat is not that, ant not and) nor one typed in capitals (IST).
func StopwordTypo(typed string, rows float64) bool {
	if rows > 0 && (wordforms.Common(analyze.IndexText(typed)) || strings.ToUpper(typed) == typed) {
		return false
	}
	for _, e := range shortEdits(typed) {
		if analyze.IsStopword(e) {
			return true
		}
	}
	return false
}

// short corrects a short word the library holds in df passages to the
// common English words of shortEdits the library holds, most common
// first, as Corrections does (CommonFactor, Max, RivalFactor).
func short(ctx context.Context, db Querier, typed string, df float64) ([]Fix, error) {
	var terms []any
	for _, e := range shortEdits(typed) {
		t := analyze.IndexText(e)
		if t != "" && !strings.ContainsRune(t, ' ') && wordforms.Common(t) && !slices.Contains(terms, any(t)) {
			terms = append(terms, t)
		}
	}
	if len(terms) == 0 {
		return nil, nil
	}
	return exact(ctx, db, terms, df)
}
