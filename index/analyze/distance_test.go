package analyze

import "testing"

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"fever", "fever", 2, 0},
		{"fever", "fevre", 2, 1},  // neighbours swapped: one edit
		{"fever", "feverr", 2, 1}, // an insertion
		{"fever", "fver", 2, 1},   // a deletion
		{"fever", "lever", 2, 1},  // a substitution
		{"shingles", "shinglse", 1, 1},
		{"fever", "river", 1, 2}, // past the limit: limit+1
		{"ibuprofen", "paracetamol", 2, 3},
	} {
		if got := EditDistance([]rune(c.a), []rune(c.b), c.limit); got != c.want {
			t.Errorf("EditDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}
