package dedup

import (
	"strings"
	"testing"
)

func TestCopiesAreTheSamePassage(t *testing.T) {
	page := "Adults over fifty should get the shingles vaccine, two doses some months apart. " +
		"It lowers the risk of shingles by about nine in ten, and of the long nerve pain that can follow it. " +
		"Ask at the pharmacy or the clinic; most plans pay for it, and a doctor's note is not needed. " +
		"People with a weak immune system should ask their doctor first, since the timing may differ."
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{page, page, true},
		{page, page + "\n\nCopy 03 of this page.", true},         // a line added to a copy
		{page, strings.Replace(page, "fifty", "sixty", 1), true}, // a word changed
		{page, "The leave form goes to your manager before the leave starts. Annual leave is twenty-one days a year, " +
			"and requests go in two weeks ahead. Up to ten days may be carried over to the next year with approval.", false},
		{page, page[:len(page)/2], false}, // half of it is another passage
		{"short text", "short text", true},
		{"short text", "short text.", false}, // short passages must be identical
	} {
		if got := Of(c.a).Same(Of(c.b)); got != c.same {
			t.Errorf("same(%.40q…, %.40q…) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}
