package analyze

import (
	"strings"
	"testing"
)

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

// The strings one edit from a term are what the index looks up to correct
// it: the word meant must be among them, in its own alphabet, and only
// those sharing the prefix (typos rarely start a word).
func TestOneEditsHoldTheWordMeant(t *testing.T) {
	has := func(vs []string, w string) bool {
		for _, v := range vs {
			if v == w {
				return true
			}
		}
		return false
	}
	for term, want := range map[string]string{"progam": "program", "ibuprofin": "ibuprofen", "utf": "utf8", "shignl": "shingl", "اجازت": "اجازه"} {
		prefix := string([]rune(term)[:2])
		vs := OneEdits(term, prefix, nil)
		if !has(vs, want) {
			t.Errorf("OneEdits(%q) lacks %q", term, want)
		}
		for _, v := range vs {
			if v == term || !strings.HasPrefix(v, prefix) {
				t.Fatalf("OneEdits(%q) holds %q", term, v)
			}
		}
	}
	if vs := OneEdits("progam", "pr", map[string]bool{"program": true, "other": true}); has(vs, "other") {
		t.Errorf("a word of also outside the prefix is listed")
	}
	if vs := OneEdits("привет", "пр", nil); vs != nil {
		t.Errorf("a Cyrillic term gave %d strings: another script is read as a range", len(vs))
	}
	if vs := OneEdits(strings.Repeat("ab", 13), "ab", nil); vs != nil {
		t.Errorf("a 26-letter term gave %d strings to look up", len(vs))
	}
	if !OneEditStems("interpretor")["interpret"] {
		t.Errorf("interpretor's one-edit stems lack interpret (interpreter)")
	}
}
