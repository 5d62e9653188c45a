package index

import (
	"context"
	"fmt"
	"math"
	"testing"

	"folio/index/query"
	"folio/internal/testutil"
)

// A folder added twice (a backup beside the original, an export of the
// same notes) shares its passages' rows, and must leave the weight of
// every word as it was: a word in more passages than are counted exactly
// (dfCap) and a rare one alike. Counted in passages against rows, the
// rare words of a library of twelve copies weighed more than its common
// ones by the log of twelve, and ranking at a million passages fell below
// ranking at 84,000.
func TestACopiedFolderLeavesEveryWordItsWeight(t *testing.T) {
	notes := map[string]string{}
	for i := range dfCap + 100 {
		body := fmt.Sprintf("# Note %d\n\nThe blorp word is in every note, and zq%d in this one.\n", i, i)
		if i%200 == 0 {
			body += "\nA wibble too.\n"
		}
		notes[fmt.Sprintf("n%03d.md", i)] = body
	}
	a, b := t.TempDir(), t.TempDir()
	testutil.WriteFiles(t, a, notes)
	testutil.WriteFiles(t, b, notes)
	once, twice := openTemp(t), openTemp(t)
	addFolders(t, once, a)
	addFolders(t, twice, a, b)
	if got, want := ftsRows(t, twice), ftsRows(t, once); got != want {
		t.Fatalf("the copy holds rows of its own: %d rows, want %d", got, want)
	}
	weights := func(ix *Index) map[string]float64 {
		t.Helper()
		q := query.Parse("blorp wibble zq7")
		st, err := ix.queryStats(context.Background(), &q)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, term := range st.terms {
			out[term.Terms[0]] = term.IDF
		}
		return out
	}
	w1, w2 := weights(once), weights(twice)
	if len(w1) != 3 {
		t.Fatalf("weighed %v, want the three words", w1)
	}
	for word, idf := range w1 {
		if math.Abs(w2[word]-idf) > 1e-9 {
			t.Errorf("%s weighs %.4f with the folder twice, %.4f with it once", word, w2[word], idf)
		}
	}
	if w1["blorp"] >= w1["wibbl"] || w1["wibbl"] >= w1["zq7"] { // the analyser's stems
		t.Errorf("weights %v do not follow rarity", w1)
	}
}
