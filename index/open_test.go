package index

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

// A file opened by its path (`folio FILE.md`, a drop) is shown from its
// first passage, found by the folder and path the library stores.
func TestFirstChunkOfAFileByItsPath(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"notes/guide.md": "# Guide\n\nStart with the kettle.\n\n## Tea\n\nSteep four minutes.\n",
		"other.md":       "# Other\n\nSomething else.\n",
		".obsidian/x.md": "# Hidden\n\nnever indexed\n",
	})
	ctx := context.Background()
	must(t, errOnly(ix.AddFolder(ctx, dir, ImportOptions{})))

	h, err := ix.FirstChunk(ctx, filepath.Join(dir, "notes", "guide.md"))
	if err != nil {
		t.Fatal(err)
	}
	if h.Folder != dir || h.Path != "notes/guide.md" || strings.Join(h.HeadingPath, " > ") != "Guide" ||
		h.StartLine != 3 || h.EndLine != 3 || h.Text != "Start with the kettle." || strings.Contains(h.Text, "Steep") {
		t.Errorf("first chunk %+v", h)
	}
	if h.File() != filepath.Join(dir, "notes", "guide.md") || h.Stale {
		t.Errorf("file %s, stale %v", h.File(), h.Stale)
	}
	// Its section is the one the preview shows.
	section, err := ix.Section(ctx, h.ChunkRowID)
	if err != nil || len(section) == 0 || section[0].ChunkRowID != h.ChunkRowID {
		t.Errorf("section %+v (%v)", section, err)
	}

	// Not in the library: a new file, a file outside every folder, a file
	// in a hidden folder the scans leave out, the folder itself.
	must(t, os.WriteFile(filepath.Join(dir, "new.md"), []byte("# New\n\ntext\n"), 0o644))
	outside := filepath.Join(t.TempDir(), "away.md")
	must(t, os.WriteFile(outside, []byte("# Away\n\ntext\n"), 0o644))
	for _, p := range []string{filepath.Join(dir, "new.md"), outside, filepath.Join(dir, ".obsidian", "x.md"), dir, filepath.Join(dir, "gone.md")} {
		if _, err := ix.FirstChunk(ctx, p); !errors.Is(err, ErrNotIndexed) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want ErrNotIndexed naming the file", p, err)
		}
	}
}

// An empty file is indexed with no passage: it is not shown, and says why.
func TestFirstChunkOfAnEmptyFile(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{"empty.md": ""})
	ctx := context.Background()
	must(t, errOnly(ix.AddFolder(ctx, dir, ImportOptions{})))
	if _, err := ix.FirstChunk(ctx, filepath.Join(dir, "empty.md")); !errors.Is(err, ErrNotIndexed) || !strings.Contains(err.Error(), "no text") {
		t.Errorf("empty file: %v", err)
	}
}

// FolderOf picks the deepest library folder whose scans reach the path,
// also through a symbolic link to the folder.
func TestFolderOfPicksTheDeepestFolderThatHoldsThePath(t *testing.T) {
	ix := openTemp(t)
	root := t.TempDir()
	testutil.WriteFiles(t, root, map[string]string{"a.md": "# A\n\na\n", "inner/b.md": "# B\n\nb\n", "inner/.hidden/c.md": "# C\n\nc\n"})
	ctx := context.Background()
	must(t, errOnly(ix.AddFolder(ctx, root, ImportOptions{})))
	inner := filepath.Join(root, "inner")
	must(t, errOnly(ix.AddFolder(ctx, inner, ImportOptions{})))
	for _, c := range []struct{ path, folder, rel string }{
		{filepath.Join(root, "a.md"), root, "a.md"},
		{filepath.Join(inner, "b.md"), inner, "b.md"},
		{inner, inner, ""},
		{root, root, ""},
	} {
		f, rel, err := ix.FolderOf(ctx, c.path)
		if err != nil || f.Path != c.folder || rel != c.rel {
			t.Errorf("%s: folder %q rel %q (%v), want %q %q", c.path, f.Path, rel, err, c.folder, c.rel)
		}
	}
	for _, p := range []string{filepath.Join(inner, ".hidden"), filepath.Join(inner, ".hidden", "c.md"), t.TempDir(), root + "x"} {
		if f, _, err := ix.FolderOf(ctx, p); !errors.Is(err, ErrUnknownFolder) {
			t.Errorf("%s: folder %q (%v), want ErrUnknownFolder", p, f.Path, err)
		}
	}

	// A folder added through a link, a file given by its real path.
	real := t.TempDir()
	testutil.WriteFiles(t, real, map[string]string{"d.md": "# D\n\nd\n"})
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	must(t, errOnly(ix.AddFolder(ctx, link, ImportOptions{})))
	h, err := ix.FirstChunk(ctx, filepath.Join(real, "d.md"))
	if err != nil || h.Folder != link || h.Path != "d.md" {
		t.Errorf("through the link: %+v (%v)", h, err)
	}
}

// Opening a file is one indexed lookup, whatever the library's size.
func TestFirstChunkUsesTheIndexes(t *testing.T) {
	ix := openTemp(t)
	rows, err := ix.db.Query(`EXPLAIN QUERY PLAN `+firstChunkSQL, 1, "a.md")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		must(t, rows.Scan(&id, &parent, &unused, &detail))
		plan = append(plan, detail)
	}
	must(t, rows.Err())
	for _, step := range plan {
		if strings.HasPrefix(step, "SCAN") || strings.Contains(step, "TEMP B-TREE") {
			t.Errorf("plan step %q (plan %q)", step, plan)
		}
	}
	if len(plan) == 0 {
		t.Error("no plan")
	}
}

func errOnly(_ Summary, err error) error { return err }
