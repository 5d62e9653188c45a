package index

import (
	"strings"
	"testing"

	"folio/internal/testutil"
)

// A question says "absorption" where the note says "absorb": the note
// that holds the word's family outranks one that holds only the rest of
// the question, the family word is said ("Also searched") and
// highlighted, and in quotes the word means only itself.
func TestAWordsOtherFormsCountAndAreSaid(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"absorb.md": "# Minerals\n\n## Iron and vitamin C\n\nVitamin C helps the body absorb iron from beans, lentils and leafy greens at the same meal.\n",
		"pills.md":  "# Pills\n\n## Iron pills\n\nIron pills and vitamin pills help.\n",
		"other.md":  "# Other\n\nNothing about minerals here.\n",
	})
	r := search(t, ix, "vitamin helping iron absorption")
	if len(r.Hits) < 2 || r.Hits[0].Path != "absorb.md" {
		t.Fatalf("hits %+v, want absorb.md first", r.Hits)
	}
	var said []string
	for _, c := range r.Corrections {
		if c.Form {
			said = append(said, c.Typed+"→"+c.Searched)
		}
	}
	if strings.Join(said, ",") != "absorption→absorb" {
		t.Errorf("family words said %v, want absorption→absorb", said)
	}
	marked := false
	for _, h := range r.Hits[0].Snippet.Highlights {
		if strings.EqualFold(r.Hits[0].Snippet.Text[h[0]:h[1]], "absorb") {
			marked = true
		}
	}
	if !marked {
		t.Errorf("absorb not highlighted in %q", r.Hits[0].Snippet.Text)
	}
	exact := search(t, ix, `vitamin "absorption"`)
	if len(exact.Hits) != 0 || len(exact.Corrections) != 0 {
		t.Errorf(`"absorption" in quotes found %+v, said %+v; want nothing: no note says absorption`, exact.Hits, exact.Corrections)
	}
}
