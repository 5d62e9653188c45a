package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/chunker"
	"folio/internal/testutil"
)

func TestHealthReportsSizesDefectsSkipsAndFolders(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	long := strings.Repeat("word ", 600) // one 3,000-character sentence: cut, so it ends mid-sentence
	testutil.WriteFiles(t, dir, map[string]string{
		"ok.md":     "# Fine\n\nA short paragraph.\n\n## Table\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
		"long.md":   "# Long\n\n" + long + "\n",
		"binary.md": "a\x00b",
	})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{Chunking: chunker.Options{Max: 1200, Min: 0}}); err != nil {
		t.Fatal(err)
	}
	if err := ix.SetChunkOptions(ctx, chunker.Options{Max: 1200, Min: 0}); err != nil {
		t.Fatal(err)
	}
	h, err := ix.Health(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if h.Sizes.N != 5 || h.Stale != 0 {
		t.Errorf("sizes %+v stale %d", h.Sizes, h.Stale)
	}
	if h.Counts[chunker.DefectMidSentence] == 0 || h.Counts[chunker.DefectSplitTable] != 0 {
		t.Errorf("counts %v", h.Counts)
	}
	for _, d := range h.Defects {
		if d.Path != "long.md" || d.StartLine != 3 || !strings.Contains(d.Citation(), "long.md:3 · Long") {
			t.Errorf("defect %+v", d)
		}
	}
	if len(h.Skipped) != 1 || h.Skipped[0].Path != "binary.md" {
		t.Errorf("skipped %+v", h.Skipped)
	}
	if len(h.Folders) != 1 || h.Folders[0].Documents != 2 || h.Folders[0].Chunks != 5 || h.Folders[0].IndexBytes <= 0 {
		t.Errorf("folders %+v", h.Folders)
	}
	total := 0
	for _, b := range h.Histogram {
		total += b.Count
	}
	if total != h.Sizes.N {
		t.Errorf("histogram holds %d of %d chunks: %+v", total, h.Sizes.N, h.Histogram)
	}
	// A file edited since the scan is reported as stale, not measured wrongly.
	must(t, os.WriteFile(filepath.Join(dir, "ok.md"), []byte("# Changed\n\nNew text.\n"), 0o644))
	if h, err = ix.Health(ctx); err != nil || h.Stale != 1 {
		t.Errorf("stale %d, want 1 (%v)", h.Stale, err)
	}
}

// A file indexed with a reservation (invalid UTF-8 replaced) says so in the
// import's summary and, later, in Health.
func TestInvalidUTF8IsReportedAtImportAndInHealth(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{"latin1.md": "# Caf\xe9\n\nau lait cr\xe8me\n", "ok.md": "# OK\n\nfine\n"})
	ctx := context.Background()
	s, err := ix.AddFolder(ctx, dir, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || s.Warnings[0].Path != "latin1.md" || s.Warnings[0].Reason != "2 invalid UTF-8 bytes replaced" {
		t.Errorf("import warnings %+v", s.Warnings)
	}
	h, err := ix.Health(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Warnings) != 1 || h.Warnings[0].Path != "latin1.md" || h.Warnings[0].Folder != dir || !strings.Contains(h.Warnings[0].Reason, "2 invalid UTF-8 bytes") {
		t.Errorf("health warnings %+v", h.Warnings)
	}
}

// After the chunk settings change, Health judges each chunk by the
// settings its document was indexed with, until a scan re-chunks it.
func TestHealthJudgesChunksByTheSettingsTheyWereIndexedWith(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("# Notes\n\n")
	for i := 0; i < 30; i++ {
		b.WriteString("A sentence of some length to fill the paragraph with words. ")
	}
	testutil.WriteFiles(t, dir, map[string]string{"a.md": b.String() + "\n"})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	before, err := ix.Health(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.SetChunkOptions(ctx, chunker.Options{Max: 100, Min: 10}); err != nil {
		t.Fatal(err)
	}
	after, err := ix.Health(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !after.MixedSettings || after.Sizes.OverMax != before.Sizes.OverMax || before.MixedSettings {
		t.Errorf("over max %d then %d (mixed %v then %v): chunks indexed at 1200 judged against 100",
			before.Sizes.OverMax, after.Sizes.OverMax, before.MixedSettings, after.MixedSettings)
	}
}
