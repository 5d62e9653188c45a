package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

func leaveNotes(t *testing.T) string {
	t.Helper()
	files := map[string]string{
		"leave/annual.md":  "# Annual leave\n\nUnused annual leave carries over to the next year, up to 240 hours of annual leave.\n",
		"leave/carry.md":   "# Carry-over\n\nAnnual leave above 240 hours is lost at the end of the leave year.\n",
		"leave/earn.md":    "# Earning leave\n\nYou earn annual leave every pay period; vacation plans need a supervisor's approval.\n",
		"leave/sick.md":    "# Sick leave\n\nSick leave is separate from annual leave.\n",
		"leave/holiday.md": "# Holidays\n\nVacation days on federal holidays are not counted as annual leave.\n",
	}
	// Notes about other things, so that leave is rare in the library.
	for i, topic := range []string{"fever in children", "git commits", "tar archives", "kidney stones", "VA grants", "Rust macros", "Go modules", "office keys"} {
		files[fmt.Sprintf("other/%d.md", i)] = fmt.Sprintf("# %s\n\nA note about %s, with nothing about time off.\n", topic, topic)
	}
	return testutil.WriteFolder(t, files)
}

func TestSearchSuggestPrintsTheNotesWords(t *testing.T) {
	testutil.TempConfig(t)
	db := filepath.Join(t.TempDir(), "lib.db")
	dir := leaveNotes(t)
	if _, errOut, code := runCLI(t, "add", "--db", db, dir); code != exitOK {
		t.Fatalf("add: %d %s", code, errOut)
	}
	out, errOut, code := runCLI(t, "search", "--db", db, "--suggest", "vacation", "days")
	if code != exitOK {
		t.Fatalf("search --suggest: %d %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) == 0 || len(lines) > 8 || !strings.Contains(out, "annual leave\n") {
		t.Errorf("--suggest printed %q: want at most 8 lines, annual leave among them", out)
	}
	for _, l := range lines {
		if l == "vacation" || l == "days" {
			t.Errorf("--suggest offers the query's own word %q", l)
		}
	}
	out, _, code = runCLI(t, "search", "--db", db, "--suggest", "--json", "vacation", "days")
	var got struct {
		Refinements []struct {
			Text     string `json:"text"`
			Passages int    `json:"passages"`
		} `json:"refinements"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitOK || len(got.Refinements) == 0 || got.Refinements[0].Passages < 2 {
		t.Errorf("--suggest --json: %v %q", err, out)
	}
	if out, _, code := runCLI(t, "search", "--db", db, "--suggest", "--json", "zzzqqq"); code != exitNothing || strings.TrimSpace(out) != `{"refinements":[]}` {
		t.Errorf("nothing to offer: exit %d, %q", code, out)
	}
}

// --click: a question not answered first is asked again with the offered
// word that the answer's heading or lines use.
func TestEvalClickAddsTheRefinementTheAnswerUses(t *testing.T) {
	dir := leaveNotes(t)
	set := filepath.Join(t.TempDir(), "set.jsonl")
	line := `{"id": "q1", "q": "vacation days lost", "answer": "is lost at the end of the leave year", "file": "leave/carry.md"}` + "\n"
	if err := os.WriteFile(set, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := evalRows(t, "--corpus", dir, "--golden", set, "--click", "--no-reference")
	for _, r := range rows {
		m := r.Metrics
		if _, ok := m["set click hit@1"]; !ok {
			t.Fatalf("no click figures: %v", m)
		}
		// The answer is second, and its lines use an offered word.
		if m["set hit@1"] != 0 || m["set clicked"] != 1 || m["set click hit@5"] < m["set hit@5"] {
			t.Errorf("click figures %v", m)
		}
	}
}
