package index

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"folio/internal/testutil"
)

// A backup of a folder in which every note gained a line ("Backed up on
// …") holds passages that are not copies word for word: each keeps a row
// of its own and is found by its new line. But it must not change what
// the folder's words weigh: counted in every near-copy, the words of the
// notes that happen to have a backup looked common beside the rest, and
// the million-passage library (twelve copies of the corpus, a line added
// to each file) answered fewer questions than one copy. Removing the
// originals leaves the backup's passages counted in their place.
func TestABackupWithALineAddedLeavesEveryWordItsWeight(t *testing.T) {
	notes, backup, other := map[string]string{}, map[string]string{}, map[string]string{}
	for i := range 60 {
		body := fmt.Sprintf("# Item %d\n\nThe blorp policy for item %d says what to do when it comes up at work.\n", i, i)
		if i%3 == 0 {
			body += fmt.Sprintf("\nThe zorble form of item %d is filed with the office before the end of the month.\n", i)
		}
		notes[fmt.Sprintf("n%02d.md", i)] = body
		backup[fmt.Sprintf("n%02d.md", i)] = body + fmt.Sprintf("\nBacked up on %d December.\n", 1+i%28)
	}
	for i := range 200 {
		other[fmt.Sprintf("o%03d.md", i)] = fmt.Sprintf("# Other %d\n\nSomething else entirely, number %d, about the weather.\n", i, i)
	}
	dirs := map[string]string{}
	for name, files := range map[string]map[string]string{"notes": notes, "backup": backup, "other": other} {
		dirs[name] = t.TempDir()
		testutil.WriteFiles(t, dirs[name], files)
	}
	plain, backedUp := openTemp(t), openTemp(t)
	addFolders(t, plain, dirs["other"], dirs["notes"])
	addFolders(t, backedUp, dirs["other"], dirs["notes"], dirs["backup"])
	const words = "blorp zorble policy office"
	want := wordWeights(t, plain, words)
	same := func(when string) {
		t.Helper()
		sameWeights(t, wordWeights(t, backedUp, words), want, 4, when, "without the backup")
	}
	same("with the backup")
	// The backup's passages are still found by what they alone say.
	res, err := backedUp.Search(context.Background(), "backed up december", SearchOptions{Limit: 100, PerFile: -1})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, h := range res.Hits {
		for _, p := range append([]Hit{h}, h.AlsoIn...) {
			if strings.Contains(p.Text, "Backed up") {
				found++
			}
		}
	}
	if found != 60 {
		t.Errorf("the backup's new line found in %d passages, want its 60", found)
	}
	if err := backedUp.RemoveFolder(context.Background(), dirs["notes"]); err != nil {
		t.Fatal(err)
	}
	same("with the originals removed")
	// Back again, the originals are the near-copies now: the words weigh
	// as before still.
	addFolders(t, backedUp, dirs["notes"])
	same("with the originals added again")
}
