package schema

import (
	"reflect"
	"strings"
	"testing"

	"folio/chunker"
)

// Open applies Migrations[v] to bring user_version v to v+1, so there is
// one step per version.
func TestOneMigrationPerVersion(t *testing.T) {
	if len(Migrations) != Version {
		t.Fatalf("%d migrations for schema version %d", len(Migrations), Version)
	}
	if !strings.Contains(Migrations[1], "PRAGMA application_id = 1181707369;") {
		t.Errorf("migration 1 → 2 does not mark the file with ApplicationID")
	}
}

func TestHeadingPathsRoundTrip(t *testing.T) {
	for _, p := range [][]string{nil, {"Fever"}, {"Fever", "In children", "When to call"}} {
		if got := SplitPath(JoinPath(p)); !reflect.DeepEqual(got, p) {
			t.Errorf("SplitPath(JoinPath(%q)) = %q", p, got)
		}
	}
}

func TestChunkerTagRoundTrip(t *testing.T) {
	opt := chunker.Options{Max: 700, Min: 120, Overlap: 1}
	got, ok := ParseChunkerTag(ChunkerTag(opt))
	if !ok || got != opt {
		t.Errorf("ParseChunkerTag(ChunkerTag(%+v)) = %+v, %v", opt, got, ok)
	}
	if _, ok := ParseChunkerTag("chunker-0 max=700 min=120 overlap=1 analyzer=old"); ok {
		t.Error("a tag from other rules was accepted")
	}
}
