package hanzi

import "testing"

func TestVariantTellsTheScriptsApart(t *testing.T) {
	for _, c := range []struct {
		r    rune
		want int8
	}{
		{'这', Simplified}, {'發', Traditional}, {'发', Simplified}, {'後', Traditional},
		// Written by both: 后 is also a Traditional word (a queen), 干 and
		// 的 never changed, Taiwan writes 群 (OpenCC's Traditional has 羣),
		// and a Latin letter is no Han character.
		{'后', Both}, {'干', Both}, {'的', Both}, {'群', Both}, {'a', Both},
	} {
		if got := Variant(c.r); got != c.want {
			t.Errorf("Variant(%q) = %d, want %d", c.r, got, c.want)
		}
	}
	if n := len(variants()); n < 6000 {
		t.Errorf("%d characters read from variants.txt, want the OpenCC tables' 7,000", n)
	}
}
