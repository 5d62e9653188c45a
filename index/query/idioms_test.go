package query

import (
	"slices"
	"strings"
	"testing"

	"folio/index/analyze"
)

// plainTerms lists the query's plain one-word clauses, in order.
func plainTerms(q Query) []string {
	var out []string
	for _, c := range q.Clauses {
		if c.Optional() {
			out = append(out, c.Terms[0])
		}
	}
	return out
}

// A lay idiom is searched as the word reference text uses for it, in
// place of its words, which alone point elsewhere (burning: the Burns
// page); the clause keeps the idiom as typed, to be said.
func TestIdiomsAreSearchedAsTheWordTheyMean(t *testing.T) {
	for typed, want := range map[string]struct{ idiom, means string }{
		"my kid is burning up, what can I give her": {"burning up", "fever"},
		"toddler keeps throwing up":                 {"throwing up", "vomit"},
		"I Passed Out at work":                      {"Passed Out", "faint"},
		"pins and needles in my feet":               {"pins and needles", "tingling"},
	} {
		q := Parse(typed)
		var found *Clause
		for i, c := range q.Clauses {
			if c.Idiom {
				found = &q.Clauses[i]
			}
		}
		means := analyze.IndexText(want.means)
		if found == nil || found.Typed != want.idiom || len(found.Terms) != 1 || found.Terms[0] != means {
			t.Errorf("%q: idiom clause %+v, want %q searched as %q", typed, found, want.idiom, means)
			continue
		}
		for _, w := range strings.Fields(analyze.IndexText(want.idiom)) {
			for _, term := range plainTerms(q) {
				if term == w {
					t.Errorf("%q: the idiom's word %q is still searched alone: %q", typed, w, plainTerms(q))
				}
			}
		}
	}
}

// Only the idiom's words, together and in order, make it; a quoted idiom
// means what was typed; an idiom whose word was typed too is searched once.
func TestIdiomsNeedTheirWordsTogether(t *testing.T) {
	burn, up := analyze.IndexText("burning"), analyze.IndexText("up")
	for _, typed := range []string{"burning pain when I pee", "up all night burning the candle", "burning the toast up"} {
		for _, c := range Parse(typed).Clauses {
			if c.Idiom {
				t.Errorf("%q read as the idiom %q", typed, c.Typed)
			}
		}
	}
	q := Parse(`"burning up" cpu`)
	if len(q.Clauses) == 0 || q.Clauses[0].Idiom || strings.Join(q.Clauses[0].Terms, " ") != burn+" "+up {
		t.Errorf(`quoted idiom: %+v, want the phrase "burning up"`, q.Clauses)
	}
	fever := analyze.IndexText("fever")
	for _, typed := range []string{"fever burning up child", "my son is running a fever", "burning up, burning up"} {
		n := 0
		for _, term := range plainTerms(Parse(typed)) {
			if term == fever {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%q: fever searched %d times, want once", typed, n)
		}
	}
}

// Every idiom is read: typed alone, each entry is one clause of the word
// it means (a word the analyser splits in two, or drops, would leave the
// entry silently unused).
func TestEveryIdiomIsRead(t *testing.T) {
	for _, e := range idiomList {
		q := Parse(e.says)
		means := analyze.IndexText(e.means)
		if len(q.Clauses) != 1 || !q.Clauses[0].Idiom || len(q.Clauses[0].Terms) != 1 || q.Clauses[0].Terms[0] != means {
			t.Errorf("idiom %q → %q parses as %+v", e.says, e.means, q.Clauses)
		}
	}
}

// Two idioms that end in the same word are both read: the second "up" of
// "burning up and throwing up" has no clause of its own (a repeated word
// is kept once) and still completes its idiom.
func TestTwoIdiomsSharingAWordAreBothRead(t *testing.T) {
	for _, typed := range []string{"my toddler is burning up and throwing up", "burning up and throwing up", "throwing up, burning up and passed out"} {
		q := Parse(typed)
		var means []string
		for _, c := range q.Clauses {
			if c.Idiom {
				means = append(means, c.Terms[0])
			}
		}
		for _, want := range []string{"fever", "vomit"} {
			if !slices.Contains(means, analyze.IndexText(want)) {
				t.Errorf("%q: idioms read as %q, want %s among them", typed, means, want)
			}
		}
		for _, w := range []string{"burning", "throwing", "up"} {
			if slices.Contains(plainTerms(q), analyze.IndexText(w)) {
				t.Errorf("%q: %q is still searched alone: %q", typed, w, plainTerms(q))
			}
		}
	}
}
