package spelling

import "testing"

// The table is the package's, not an empty or truncated file, and the rows
// left out on purpose stay out.
func TestTheTableFoldsBritishSpellings(t *testing.T) {
	if len(American) < 1500 {
		t.Fatalf("only %d spellings: british.txt is not the package's (make spelling)", len(American))
	}
	for gb, us := range map[string]string{"colour": "color", "paediatric": "pediatric", "organisation": "organization", "haemorrhage": "hemorrhage", "programme": "program"} {
		if American[gb] != us {
			t.Errorf("%s → %q, want %s", gb, American[gb], us)
		}
	}
	for _, w := range []string{"gases", "disc", "philtre", "analyses"} {
		if us, ok := American[w]; ok {
			t.Errorf("%s → %s: an American word folded onto another", w, us)
		}
	}
	for gb, us := range American {
		if _, chained := American[us]; chained {
			t.Errorf("%s → %s is itself folded: the fold would depend on order", gb, us)
		}
	}
}
