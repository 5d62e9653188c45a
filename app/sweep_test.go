package app

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// folio chunks --sweep prints one row per target maximum for all the
// files together, the table the Preferences view shows for a library.
func TestChunksSweepPrintsTheTable(t *testing.T) {
	long := strings.Repeat("Leave accrues each pay period and carries over. ", 40)
	a := writeFile(t, "a.md", "# Leave\n\n"+long+"\n\n## Sick leave\n\nShort.\n")
	b := writeFile(t, "b.md", "# Travel\n\nVisas take six weeks.\n")
	out, errOut, code := runCLI(t, "chunks", "--sweep", a, b)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2+8 || !strings.HasPrefix(lines[0], "2 files") || !strings.Contains(lines[1], "over the target") {
		t.Fatalf("table:\n%s", out)
	}
	first, last := strings.Fields(lines[2]), strings.Fields(lines[len(lines)-1])
	n120, _ := strconv.Atoi(first[1])
	n2000, _ := strconv.Atoi(last[1])
	if first[0] != "120" || last[0] != "2000" || n120 <= n2000 {
		t.Errorf("a small maximum gives more chunks than a large one:\n%s", out)
	}
	out, _, code = runCLI(t, "chunks", "--sweep", "--json", a)
	var row struct {
		Max   int `json:"max"`
		Sizes struct {
			N int `json:"n"`
		} `json:"sizes"`
	}
	if code != exitOK || json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &row) != nil || row.Max != 120 || row.Sizes.N == 0 {
		t.Errorf("--json: %q (%+v)", out, row)
	}
}

// A negated filter may start the query: it is not taken for a flag.
func TestANegatedFilterFirstIsTheQuery(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{
		"a.md": "---\ntags: [draft]\n---\n# Leave draft\n\nannual leave draft\n",
		"b.md": "# Leave\n\nannual leave policy\n",
	})
	out, errOut, code := runCLI(t, "search", "--db", db, "-tag:draft", "leave")
	if code != exitOK || !strings.Contains(out, "b.md") || strings.Contains(out, "a.md") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}
