package health

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"folio/chunker"
	"folio/index/schema"
)

// A note unchanged since its scan is measured; one edited since, or gone,
// is stale and not measured: its stored chunks no longer say where its
// problems are.
func TestOnlyNotesAsTheyWereStoredAreMeasured(t *testing.T) {
	dir := t.TempDir()
	opt := chunker.DefaultOptions()
	note := []byte("# Leave\n\n## Annual leave\n\nStaff get 25 days of annual leave a year.\n")
	if err := os.WriteFile(filepath.Join(dir, "a.md"), note, 0o644); err != nil {
		t.Fatal(err)
	}
	cd, err := chunker.Split("a.md", note, opt)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range cd.Chunks {
		ids = append(ids, c.ID)
	}
	tag := schema.ChunkerTag(opt)
	res, err := Remeasure(context.Background(), dir, []Doc{
		{Rel: "a.md", Tag: tag, IDs: ids},
		{Rel: "a.md", Tag: tag, IDs: append([]string{"chk_other"}, ids...)}, // stored before an edit
		{Rel: "gone.md", Tag: tag, IDs: ids},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Stale || !res[1].Stale || !res[2].Stale {
		t.Errorf("stale: unchanged %v, edited %v, gone %v; want false, true, true", res[0].Stale, res[1].Stale, res[2].Stale)
	}
}

func TestACancelledReportSaysSo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Remeasure(ctx, t.TempDir(), []Doc{{Rel: "a.md"}}); err == nil {
		t.Error("a cancelled re-measure reported no error")
	}
}
