package app

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A saved run and a later one are compared question by question: a
// question the saved run missed and this one answers first counts as one
// gained at hit@1 and hit@5, and MRR moves by its reciprocal rank over n.
func TestEvalAgainstASavedRunCountsEachQuestionsMove(t *testing.T) {
	docs := t.TempDir()
	for name, text := range map[string]string{
		"leave.md": "# Leave\n\n## Annual leave\n\nAnnual leave accrues four hours each pay period.\n",
		"fever.md": "# Fever\n\n## Dosing\n\nParacetamol 15 mg/kg every 4 to 6 hours.\n",
		"trip.md":  "# Travel\n\n## Refunds\n\nYou are reimbursed in 6 to 10 business days after the trip.\n",
	} {
		if err := os.WriteFile(filepath.Join(docs, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set := writeFile(t, "set.jsonl", `{"id": "q1", "q": "annual leave accrual", "answer": "four hours each pay period"}
{"id": "q2", "q": "paracetamol dose", "answer": "15 mg/kg every 4 to 6 hours"}
{"id": "q3", "q": "travel refund days", "answer": "reimbursed in 6 to 10 business days"}
`)
	first := filepath.Join(t.TempDir(), "first.jsonl")
	if _, errOut, code := runCLI(t, "eval", "--corpus", docs, "--golden", set, "--no-reference", "--save-ranks", first); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	saved, err := readRanks(first)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 3 {
		t.Fatalf("saved %d questions, want 3: %+v", len(saved), saved)
	}
	// The same run, except that q1 was missed and q2 ranked third.
	var b strings.Builder
	for _, p := range saved {
		if p.Rank != 1 {
			t.Fatalf("%s at rank %d: the documents answer each question first", p.Key, p.Rank)
		}
		switch p.Key {
		case "q1":
			p.Rank = 0
		case "q2":
			p.Rank = 3
		}
		line, _ := json.Marshal(p)
		b.Write(append(line, '\n'))
	}
	edited := writeFile(t, "edited.jsonl", b.String())
	out, errOut, code := runCLI(t, "eval", "--corpus", docs, "--golden", set, "--no-reference", "--against", edited, "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got *pairedRow
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v struct {
			Paired *pairedRow `json:"paired"`
		}
		if json.Unmarshal([]byte(line), &v) == nil && v.Paired != nil {
			got = v.Paired
		}
	}
	if got == nil {
		t.Fatalf("no comparison in %s", out)
	}
	want := (1.0 + (1 - 1.0/3)) / 3
	if got.N != 3 || got.Up1 != 2 || got.Down1 != 0 || got.Up5 != 1 || got.Down5 != 0 || math.Abs(got.Delta-want) > 1e-9 {
		t.Errorf("paired %+v, want n 3, hit@1 2/0, hit@5 1/0, MRR +%.3f", *got, want)
	}
	if got.Low > got.Delta || got.High < got.Delta {
		t.Errorf("interval %.3f…%.3f leaves out the change %.3f", got.Low, got.High, got.Delta)
	}
	// The table says the same.
	table, _, _ := runCLI(t, "eval", "--corpus", docs, "--golden", set, "--no-reference", "--against", edited)
	if !strings.Contains(table, "question by question") || !strings.Contains(table, "2/0") {
		t.Errorf("table:\n%s", table)
	}
	// A file that is not a saved run is refused with its line.
	bad := writeFile(t, "bad.jsonl", "{\"set\": 1}\n")
	if _, errOut, code := runCLI(t, "eval", "--corpus", docs, "--golden", set, "--against", bad); code == exitOK || !strings.Contains(errOut, "bad.jsonl:1") {
		t.Errorf("a bad saved run: exit %d, %q", code, errOut)
	}
}
