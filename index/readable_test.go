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

// A question of an amount is shown the window with the number: the
// search hands the snippet its words' weights and a number's (rank's
// TermWeights and snippet's NumberTerm must agree on the number's term).
func TestASnippetOfAnAmountShowsTheNumber(t *testing.T) {
	ix := openTemp(t)
	filler := strings.Repeat(" Nothing more is said about it in this sentence.", 6)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"leave.md": "# Credit hours\n\nCredit hours you carry over are earned by working extra hours." + filler +
			" The most is 24 credit hours at any time." + filler + "\n",
	})
	r := search(t, ix, "how many credit hours can I carry")
	if len(r.Hits) == 0 || !strings.Contains(r.Hits[0].Snippet.Text, "24 credit hours") {
		t.Fatalf("the snippet of a question of an amount does not show the number: %+v", r.Hits)
	}
	// Without an amount asked, the window with the most of the words.
	if r := search(t, ix, "credit hours carry"); len(r.Hits) == 0 || !strings.Contains(r.Hits[0].Snippet.Text, "you carry over") {
		t.Errorf("keyword snippet lost the words' window: %+v", r.Hits)
	}
}

// A question of how long is answered by a span of time: the snippet shows
// the window with "6 months" (or "six months", or "weeks to months"), not
// the one with other numbers (an age, a step's number) nearer the
// question's words.
func TestASnippetOfHowLongShowsTheSpan(t *testing.T) {
	filler := strings.Repeat(" Nothing more is said about it in this sentence.", 6)
	for _, span := range []string{"6 months", "six months", "weeks to months"} {
		ix := openTemp(t)
		testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
			"hepatitis.md": "# Hepatitis B in children\n\nIf there is no sign of the infection after " + span + ", your child has recovered." + filler +
				" 1. Children age 2 and older who get over hepatitis B may take tenofovir, and children age 12 and older entecavir." + filler + "\n",
		})
		r := search(t, ix, "how long does it take a child to get over hepatitis B")
		if len(r.Hits) == 0 || !strings.Contains(r.Hits[0].Snippet.Text, "after "+span) {
			t.Errorf("the snippet of a question of how long does not show %q: %+v", span, r.Hits)
		}
	}
}
