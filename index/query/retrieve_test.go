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
		if got := Retrievals(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Retrievals = %+v, want %+v", c.name, got, c.want)
		}
	}
}
