package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"folio/internal/testutil"
)

func TestCitationsAreCheckedAgainstTheFileAsItIsNow(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	note := "# Fever\n\n## Dosing\n\nParacetamol every four to six hours,\nat most four doses a day.\n\n## Other\n\nRest and fluids.\n"
	testutil.WriteFiles(t, dir, map[string]string{"fever.md": note})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	hit := func() Hit {
		t.Helper()
		r := search(t, ix, "paracetamol")
		if len(r.Hits) != 1 {
			t.Fatalf("hits %+v", r.Hits)
		}
		return r.Hits[0]
	}
	h := hit()
	if h.Stale {
		t.Error("an unchanged file is marked stale")
	}
	if c := Cite(h); c.Changed || c.StartLine != h.StartLine || c.EndLine != h.EndLine {
		t.Errorf("unchanged: %+v, hit lines %d-%d", c, h.StartLine, h.EndLine)
	}
	path := filepath.Join(dir, "fever.md")

	// Touched, not changed (a checkout, a copy, a restore): the same bytes
	// under a new time are the passage where it was.
	touched := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, touched, touched); err != nil {
		t.Fatal(err)
	}
	if h := hit(); h.Stale {
		t.Error("a file only touched is marked stale")
	} else if c := Cite(h); c.Changed || c.StartLine != h.StartLine {
		t.Errorf("touched: %+v, hit lines %d-%d", c, h.StartLine, h.EndLine)
	}
	// The same size and a new time, one letter different: changed.
	if err := os.WriteFile(path, []byte(strings.Replace(note, "four doses", "five doses", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(path, touched.Add(time.Hour), touched.Add(time.Hour))
	if h := hit(); !h.Stale {
		t.Error("a file edited to the same size is not marked stale")
	}
	if err := os.WriteFile(path, []byte(note), 0o644); err != nil {
		t.Fatal(err)
	}

	edit := func(text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		later := time.Now().Add(time.Second)
		os.Chtimes(path, later, later)
	}

	// Six lines inserted above: the passage moved down six lines.
	edit("Added on top.\n\n\n\n\n\n" + note)
	h = hit()
	if !h.Stale {
		t.Error("an edited file is not marked stale")
	}
	c := Cite(h)
	if !c.Changed || c.Gone || c.StartLine != h.StartLine+6 || c.EndLine != h.EndLine+6 {
		t.Errorf("lines inserted above: %+v, indexed %d-%d", c, h.StartLine, h.EndLine)
	}

	// Re-wrapped by an editor: still found, by its words.
	edit(strings.Replace(note, "hours,\nat most", "hours,   at most", 1))
	if c := Cite(hit()); c.Gone || c.StartLine != h.StartLine || c.EndLine != h.EndLine-1 {
		t.Errorf("re-wrapped: %+v, indexed %d-%d", c, h.StartLine, h.EndLine)
	}

	// The passage rewritten: gone, said so, the indexed lines kept.
	edit(strings.Replace(note, "Paracetamol every", "Ibuprofen every", 1))
	if c := Cite(hit()); !c.Changed || !c.Gone || c.StartLine != h.StartLine {
		t.Errorf("passage rewritten: %+v", c)
	}
	// The file deleted.
	h = hit()
	os.Remove(path)
	if c := Cite(h); !c.Gone || !c.Missing {
		t.Errorf("file deleted: %+v", c)
	}
}
