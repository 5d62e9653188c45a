package app

import (
	"fmt"
	"strings"
	"testing"
)

// A --limit past what a page holds after folding says why fewer hits are
// shown than results counted; a stray quote leaves the query plain words.
func TestSearchSaysWhatIsShownAndTakesAStrayQuoteLiterally(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 5; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "# Handbook %d\n\n", i)
		for j := 0; j < 6; j++ {
			fmt.Fprintf(&b, "## Part %d\n\nLeave rule %d of part %d.\n\n", j, i, j)
		}
		files[fmt.Sprintf("h%d.md", i)] = b.String()
	}
	files["other.md"] = "# Other\n\nThe annual leave policy for staff.\n"
	db, _ := newLibraryWith(t, files)
	out, _, code := runCLI(t, "search", "--db", db, "--limit", "1000000", "leave")
	if code != exitOK || !strings.Contains(out, "showing 16 of 31 results: the other passages are folded") {
		t.Errorf("--limit 1000000: exit %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "--limit", "2", "leave")
	if !strings.Contains(out, "showing 2 of 31 results (--limit shows more)") {
		t.Errorf("--limit 2:\n%s", out)
	}
	out, _, code = runCLI(t, "search", "--db", db, "--per-file", "0", "--limit", "100", `leave "rule`)
	if code != exitOK || !strings.Contains(out, "31 results") || strings.Contains(out, "showing") {
		t.Errorf("a stray quote: exit %d\n%s", code, out)
	}
}
