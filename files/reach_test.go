package files

import "testing"

func TestScansReach(t *testing.T) {
	for _, c := range []struct {
		rel  string
		dir  bool
		want bool
	}{
		{".", true, true},
		{"notes/fever.md", false, true},
		{"notes/.draft.md", false, true}, // reached, then skipped with its reason
		{".git/notes.md", false, false},
		{"app/node_modules/pkg", true, false},
		{"notes/.obsidian", true, false}, // the folder itself is left out
	} {
		if got := ScansReach(c.rel, c.dir); got != c.want {
			t.Errorf("ScansReach(%q, %v) = %v, want %v", c.rel, c.dir, got, c.want)
		}
	}
}
