package index

import (
	"strings"
	"testing"

	"folio/internal/testutil"
)

// What a search shows is for reading: no pipes, fences or link targets,
// and the highlights still cover exactly the matched words.
func TestSnippetsShowTablesCodeAndLinksForReading(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"fever.md": "# Fever\n\n## Dosing\n\n| Medicine | Dose | How often |\n|---|---|---|\n| Paracetamol | 15 mg/kg | every 4–6 hours |\n",
		"git.md":   "# git reset\n\nUndo the last commit, see <https://git-scm.com/docs>:\n\n```sh\ngit reset --hard HEAD~1\n```\n",
	})
	for q, want := range map[string]string{
		"paracetamol dose": "Paracetamol · Dose 15 mg/kg · How often every 4–6 hours",
		"git reset hard":   "git reset --hard HEAD~1",
	} {
		r := search(t, ix, q)
		if len(r.Hits) == 0 {
			t.Fatalf("%q: no hits", q)
		}
		sn := r.Hits[0].Snippet
		if !strings.Contains(sn.Text, want) || strings.ContainsAny(sn.Text, "|<>") || strings.Contains(sn.Text, "```") {
			t.Errorf("%q: snippet %q, want it to show %q", q, sn.Text, want)
		}
		for _, h := range sn.Highlights {
			word := strings.ToLower(sn.Text[h[0]:h[1]])
			if !strings.Contains(q, word) && !strings.HasPrefix(word, "dose") {
				t.Errorf("%q: highlight %q is not a query word", q, word)
			}
		}
	}
}
