package index

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"folio/chunker"
	"folio/internal/testutil"
)

func TestExampleQueriesComeFromTheLibrarysHeadings(t *testing.T) {
	ix := openTemp(t)
	if got, err := ix.ExampleQueries(context.Background(), 3); err != nil || len(got) != 0 {
		t.Fatalf("empty library: %q %v", got, err)
	}
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"fever.md": "# Fever in children\n\n## Antipyretic dosing {#dosing}\n\ntext\n\n## When to see a doctor\n\ntext\n",
		"leave.md": "# Leave\n\n## Annual leave\n\ntext\n\n## `code` heading (x)\n\ntext\n",
	})
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{Chunking: chunker.Options{Max: 1200, Min: 0}}); err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"Fever in children": true, "Antipyretic dosing": true, "When to see a doctor": true, "Annual leave": true}
	got, err := ix.ExampleQueries(context.Background(), 3)
	if err != nil || len(got) == 0 || len(got) > 3 {
		t.Fatalf("examples %q %v", got, err)
	}
	for _, q := range got {
		if !allowed[q] {
			t.Errorf("example %q is not a short heading of the library", q)
		}
		if r := search(t, ix, q); len(r.Hits) == 0 {
			t.Errorf("example %q finds nothing", q)
		}
	}
}

// The start panel's examples are the same at every launch, come from the
// user's notes rather than the sample, and from each of their folders.
func TestExampleQueriesAreStableAndSpread(t *testing.T) {
	ix := openTemp(t)
	parent := t.TempDir()
	sample := addNamed(t, ix, parent, "sample", map[string]string{"s.md": "# Sample note\n\n## Sample heading here\n\ntext\n"})
	if err := ix.SetSample(context.Background(), sample, true); err != nil {
		t.Fatal(err)
	}
	notes := map[string]string{}
	for i, h := range []string{"Annual leave", "Sick leave rules", "Parental leave", "Travel visas", "Expense claims", "Remote work"} {
		notes[fmt.Sprintf("a%d.md", i)] = fmt.Sprintf("# %s\n\ntext %d\n", h, i)
	}
	addNamed(t, ix, parent, "policies", notes)
	addNamed(t, ix, parent, "clinic", map[string]string{"f.md": "# Fever in children\n\ntext\n", "g.md": "# Ear infections\n\ntext\n"})
	first, err := ix.ExampleQueries(context.Background(), 4)
	if err != nil || len(first) != 4 {
		t.Fatalf("examples %q %v", first, err)
	}
	for i := 0; i < 5; i++ {
		again, _ := ix.ExampleQueries(context.Background(), 4)
		if !slices.Equal(again, first) {
			t.Fatalf("examples changed between calls: %q then %q", first, again)
		}
	}
	clinic := 0
	for _, q := range first {
		if strings.HasPrefix(q, "Sample") {
			t.Errorf("the sample's heading %q offered beside the user's own notes", q)
		}
		if q == "Fever in children" || q == "Ear infections" {
			clinic++
		}
	}
	if clinic == 0 {
		t.Errorf("examples %q: none from the second folder", first)
	}
}
