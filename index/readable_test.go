package index

import (
	"context"
	"strings"
	"testing"
)

func TestReadableTextForSnippets(t *testing.T) {
	for _, c := range []struct{ name, md, want string }{
		{"table rows with their column names",
			"## Dosing\n\n| Medicine | Dose | How often |\n|---|---|:--|\n| Paracetamol | 15 mg/kg | every 4–6 hours |\n| Ibuprofen | 10 mg/kg | every 6–8 hours |\n",
			"## Dosing\n\nParacetamol · Dose 15 mg/kg · How often every 4–6 hours\nIbuprofen · Dose 10 mg/kg · How often every 6–8 hours"},
		{"a table without outer pipes, an escaped pipe and an empty cell",
			"Flag | Meaning\n--- | ---\n`-a\\|-b` | all\n`-x` |\n",
			"`-a|-b` · Meaning all\n`-x`"},
		{"code without its fences or info word",
			"Run:\n\n```sh\ngit reset --hard HEAD~1\n```\n\nDone.",
			"Run:\n\ngit reset --hard HEAD~1\n\nDone."},
		{"links, images and autolinks as their text",
			"See [the guide](https://example.org/g \"Guide\") and ![a chart](c.png), [ref][1], <https://example.org/x>.",
			"See the guide and a chart, ref, https://example.org/x."},
		{"plain prose untouched", "Rest and fluids. 38 °C or more is a fever.", "Rest and fluids. 38 °C or more is a fever."},
		{"a fence of tildes, and inline code that is not a fence",
			"~~~\ncode | not a table\n~~~\n```inline``` stays",
			"code | not a table\n```inline``` stays"},
	} {
		if got := readable(c.md); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// What a search shows is for reading: no pipes, fences or link targets,
// and the highlights still cover exactly the matched words.
func TestSnippetsShowTablesCodeAndLinksForReading(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"fever.md": "# Fever\n\n## Dosing\n\n| Medicine | Dose | How often |\n|---|---|---|\n| Paracetamol | 15 mg/kg | every 4–6 hours |\n",
		"git.md":   "# git reset\n\nUndo the last commit, see <https://git-scm.com/docs>:\n\n```sh\ngit reset --hard HEAD~1\n```\n",
	})
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
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
