package wordforms

import (
	"slices"
	"strings"
	"testing"
)

// The table links both ways and never a stem to itself: a family is the
// same family read from any of its words.
func TestFamiliesAreSymmetric(t *testing.T) {
	if !slices.Contains(Of("absorpt"), "absorb") || !slices.Contains(Of("absorb"), "absorpt") {
		t.Errorf("absorb and absorption (stems absorb, absorpt) not one family: %v, %v", Of("absorb"), Of("absorpt"))
	}
	lines := strings.Split(strings.TrimSpace(data), "\n")
	if len(lines) < 10000 {
		t.Fatalf("only %d stems: forms.txt is not WordNet's (make wordforms)", len(lines))
	}
	for _, line := range lines {
		fs := strings.Fields(line)
		for _, o := range fs[1:] {
			if o == fs[0] || !slices.Contains(Of(o), fs[0]) {
				t.Fatalf("%s → %s is not linked back", fs[0], o)
			}
		}
	}
}

func TestAStemWithoutAFamilyHasNone(t *testing.T) {
	if got := Of("zzzz"); got != nil {
		t.Errorf("Of(zzzz) = %v", got)
	}
}

// A link made by a word's rare sense is left out: a reader who types
// "stands" or "letters" means neither a standard nor a lessor (stand's
// tenth sense, let's sixth), while die and death, work and worker, absorb
// and absorption are linked by their first senses.
func TestRareSensesLinkNothing(t *testing.T) {
	for stem, other := range map[string]string{"stand": "standard", "let": "letter", "letter": "let"} {
		if slices.Contains(Of(stem), other) {
			t.Errorf("%s is linked to %s: %v", stem, other, Of(stem))
		}
	}
	for stem, other := range map[string]string{"die": "death", "work": "worker", "absorb": "absorpt", "pregnant": "pregnanc"} {
		if !slices.Contains(Of(stem), other) {
			t.Errorf("%s is not linked to %s: %v", stem, other, Of(stem))
		}
	}
}

// The common words are English words a library may lack without their
// being typos; a typo is not one of them.
func TestCommonWordsAreNotTypos(t *testing.T) {
	for _, stem := range []string{"garbl", "machinist", "vision", "interpret"} {
		if !Common(stem) {
			t.Errorf("%s is not common", stem)
		}
	}
	for _, stem := range []string{"progam", "interpretor", "somth", "databs"} {
		if Common(stem) {
			t.Errorf("%s is common", stem)
		}
	}
}
