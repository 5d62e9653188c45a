package index

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

// addNamed adds a folder at parent/name holding files.
func addNamed(t *testing.T, ix *Index, parent, name string, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(parent, name)
	testutil.WriteFiles(t, dir, files)
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A search narrowed to a folder takes the name the sidebar and citations
// show as well as its path; a name two folders share is an error naming
// both, and an unknown one lists the folders.
func TestSearchFolderByShownName(t *testing.T) {
	ix := openTemp(t)
	ctx := context.Background()
	a, b := t.TempDir(), t.TempDir()
	hand := addNamed(t, ix, a, "18f-handbook", map[string]string{"leave.md": "# Leave\n\nannual leave policy\n"})
	addNamed(t, ix, a, "notes", map[string]string{"x.md": "# X\n\nannual leave of mine\n"})
	notes2 := addNamed(t, ix, b, "notes", map[string]string{"y.md": "# Y\n\nannual leave elsewhere\n"})
	for _, name := range []string{"18f-handbook", hand, "18f-handbook/"} {
		res, err := ix.Search(ctx, "annual leave", SearchOptions{Folder: name})
		if err != nil {
			t.Fatalf("folder %q: %v", name, err)
		}
		if len(res.Hits) != 1 || res.Hits[0].Folder != hand {
			t.Errorf("folder %q: %d hits, want the handbook's one", name, len(res.Hits))
		}
	}
	_, err := ix.Search(ctx, "annual", SearchOptions{Folder: "notes"})
	if !errors.Is(err, ErrAmbiguousFolder) || !strings.Contains(err.Error(), notes2) {
		t.Errorf("two folders called notes: %v, want ErrAmbiguousFolder listing both paths", err)
	}
	if res, err := ix.Search(ctx, "annual", SearchOptions{Folder: notes2}); err != nil || len(res.Hits) != 1 {
		t.Errorf("by path, a shared name is no problem: %v", err)
	}
	_, err = ix.Search(ctx, "annual", SearchOptions{Folder: "nowhere"})
	if !errors.Is(err, ErrUnknownFolder) || !strings.Contains(err.Error(), "18f-handbook") {
		t.Errorf("unknown folder: %v, want ErrUnknownFolder listing the folders", err)
	}
}

// Once the user has a folder of their own, the bundled sample does not
// outrank it, however well its note matches.
func TestSampleRanksAfterTheUsersNotes(t *testing.T) {
	ix := openTemp(t)
	ctx := context.Background()
	d := t.TempDir()
	sample := addNamed(t, ix, d, "sample", map[string]string{"dose.md": "# Ibuprofen dose for a child\n\nHow much ibuprofen can a child take: the child ibuprofen dose.\n"})
	if err := ix.SetSample(ctx, sample, true); err != nil {
		t.Fatal(err)
	}
	if res := search(t, ix, "how much ibuprofen can a child take"); len(res.Hits) != 1 || !res.Hits[0].Sample {
		t.Fatalf("the sample alone: %+v, want its hit, marked Sample", res.Hits)
	}
	mine := addNamed(t, ix, d, "medical", map[string]string{"notes.md": "# Pharmacy\n\nAsk about ibuprofen at the pharmacy.\n"})
	res := search(t, ix, "how much ibuprofen can a child take")
	if len(res.Hits) != 2 || res.Hits[0].Folder != mine || res.Hits[0].Sample || !res.Hits[1].Sample {
		for _, h := range res.Hits {
			t.Logf("%s %s sample=%v", h.Folder, h.Path, h.Sample)
		}
		t.Errorf("the user's hit must rank first and the sample's be marked")
	}
}
