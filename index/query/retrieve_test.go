package query

import (
	"reflect"
	"testing"
)

func TestRetrievals(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []Candidate
		want []Retrieval
	}{
		{"rare words alone, rarest first; unknown words left out",
			[]Candidate{{0, 20}, {1, 0}, {2, 10}},
			[]Retrieval{{Alone: []int{2, 0}}}},
		{"a common word past the budget stays out",
			[]Candidate{{0, 300}, {1, 3900}},
			[]Retrieval{{Alone: []int{0}}}},
		{"rare words that fill little of what the first stage ranks: the common words past them two at a time",
			[]Candidate{{0, 30}, {1, 5000}, {2, 6000}, {3, 7000}, {4, 9000}},
			[]Retrieval{{Alone: []int{0}, Paired: []int{1, 2, 3}}, {Alone: []int{0}}}},
		{"rare words that fill what the first stage ranks: alone",
			[]Candidate{{0, 900}, {1, 5000}, {2, 6000}},
			[]Retrieval{{Alone: []int{0}}}},
		{"only common words: the rarest together first",
			[]Candidate{{0, 6000}, {1, 5000}},
			[]Retrieval{{Alone: []int{1, 0}, All: true}, {Paired: []int{1, 0}}, {Alone: []int{1, 0}}}},
		{"past the pair budget: common words two at a time",
			[]Candidate{{0, 100}, {1, 1200}, {2, 1300}},
			[]Retrieval{{Alone: []int{0}, Paired: []int{1, 2}}, {Alone: []int{0, 1, 2}}}},
		{"the next words past the budget join the pairs, up to five, none too common",
			[]Candidate{{0, 1200}, {1, 1300}, {2, 1400}, {3, 3000}, {4, 3500}, {5, 3600}, {6, 9000}},
			[]Retrieval{{Paired: []int{0, 1, 2, 3, 4}}, {Alone: []int{0, 1, 2}}}},
		{"a word in too many passages stays out of the pairs",
			[]Candidate{{0, 1200}, {1, 1300}, {2, 1400}, {3, 9000}},
			[]Retrieval{{Paired: []int{0, 1, 2}}, {Alone: []int{0, 1, 2}}}},
	} {
		if got := Retrievals(c.in, 50000); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Retrievals = %+v, want %+v", c.name, got, c.want)
		}
	}
}

// A library grown by copies of its pages (or just grown) holds each word in
// more passages; the first stage still searches the words of a question it
// searched before, with budgets grown as the library, up to maxScaleLong
// times for a question of longWords or more (maxScale for fewer words), so
// that its cost stays bounded.
func TestRetrievalsKeepTheirWordsInALargerLibrary(t *testing.T) {
	question := []Candidate{{0, 20}, {1, 700}, {2, 1200}, {3, 1300}, {4, 3000}, {5, 9000}}
	grown := func(k float64) []Candidate {
		out := make([]Candidate, len(question))
		for i, c := range question {
			out[i] = Candidate{c.Clause, c.DF * k}
		}
		return out
	}
	small := Retrievals(grown(1), 84000)
	if want := []Retrieval{{Alone: []int{0, 1}, Paired: []int{2, 3, 4}}, {Alone: []int{0, 1, 2, 3}}}; !reflect.DeepEqual(small, want) {
		t.Fatalf("in the measured library: %+v, want %+v", small, want)
	}
	for _, k := range []float64{2, 3, 7} {
		if got := Retrievals(grown(k), 84000*k); !reflect.DeepEqual(got, small) {
			t.Errorf("a library %g times as large searches %+v, not the words it searched before (%+v)", k, got, small)
		}
	}
	// Budgets held fixed, the same question three times as common loses
	// its third and fourth words from the first stage.
	if got := Retrievals(grown(3), 84000); reflect.DeepEqual(got, small) {
		t.Errorf("without growing the budgets the larger library still searches %+v: the test shows nothing", got)
	}
	// Past maxScaleLong the budgets stop growing: a library twenty times as
	// large does not score twenty times the postings.
	if got := Retrievals(grown(20), 84000*20); reflect.DeepEqual(got, small) {
		t.Errorf("a library twenty times as large searches as the small one (%+v): its budgets grew past %d times", got, maxScaleLong)
	}
	// A query of fewer words stops at maxScale: seven times as large, its
	// budgets have grown three times.
	short := question[:4]
	shortGrown := func(k float64) []Candidate { return grown(k)[:4] }
	base := Retrievals(append([]Candidate(nil), short...), 84000)
	if got := Retrievals(shortGrown(3), 84000*3); !reflect.DeepEqual(got, base) {
		t.Errorf("a four-word query three times as common searches %+v, want %+v", got, base)
	}
	if got := Retrievals(shortGrown(7), 84000*7); reflect.DeepEqual(got, base) {
		t.Errorf("a four-word query in a library seven times as large searches as before (%+v): its budgets grew past %d times", got, maxScale)
	}
	// A library smaller than the measured one keeps the measured budgets.
	if got := Retrievals(grown(1), 5000); !reflect.DeepEqual(got, small) {
		t.Errorf("a small library searches %+v, want %+v", got, small)
	}
}
