package index

import (
	"context"
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
