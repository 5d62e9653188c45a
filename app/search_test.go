package app

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"folio/index"
	"folio/internal/testutil"
)

func TestSearchFoldsCopiesAndFilesAndExplains(t *testing.T) {
	files := map[string]string{"form.md": "# Leave form\n\nThe leave form goes to your manager.\n", "copy.md": "# Leave form\n\nThe leave form goes to your manager.\n"}
	var b strings.Builder
	b.WriteString("# Handbook\n\n")
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&b, "## Part %d\n\nLeave rule %d.\n\n", i, i)
	}
	files["handbook.md"] = b.String()
	db, _ := newLibraryWith(t, files)

	out, _, code := runCLI(t, "search", "--db", db, "leave")
	if code != exitOK || !strings.Contains(out, "+ 1 more in this file (line ") || !strings.Contains(out, "also in 1 other file") {
		t.Errorf("folds not shown:\n%s", out)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "--per-file", "0", "leave")
	if strings.Contains(out, "more in this file") || strings.Count(out, "handbook.md:") != 4 {
		t.Errorf("--per-file 0:\n%s", out)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "--explain", "leave", "form")
	for _, name := range []string{"coverage", "bm25", "heading", "document"} {
		if !strings.Contains(out, "   "+name) {
			t.Errorf("--explain lacks %s:\n%s", name, out)
		}
	}
	out, _, _ = runCLI(t, "search", "--db", db, "--json", "leave", "form")
	var hit jsonHit
	if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &hit); err != nil {
		t.Fatal(err)
	}
	if len(hit.AlsoIn) != 1 || !strings.HasSuffix(hit.AlsoIn[0], ".md:3") {
		t.Errorf("also_in %q", hit.AlsoIn)
	}
}

func TestSearchSaysWhatItCorrected(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{"a.md": "# Pain relief\n\nIbuprofen eases pain.\n", "b.md": "# Other\n\nNothing else.\n"})
	out, _, code := runCLI(t, "search", "--db", db, "ibuprofin")
	if code != exitOK || !strings.Contains(out, "Also searched: ibuprofen") || !strings.Contains(out, "a.md") {
		t.Errorf("typo: %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "--json", "ibuprofin")
	var hit jsonHit
	if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &hit); err != nil {
		t.Fatal(err)
	}
	if len(hit.Corrected) != 1 || hit.Corrected[0].Typed != "ibuprofin" || hit.Corrected[0].Searched != "ibuprofen" {
		t.Errorf("corrected %+v", hit.Corrected)
	}
	if out, _, code := runCLI(t, "search", "--db", db, `"ibuprofin"`); code != exitNothing || strings.Contains(out, "Also searched") {
		t.Errorf("quoted: %d %s", code, out)
	}
}

// A hit from a file edited since it was indexed says so and cites the
// lines where its passage is now, or that the passage is gone.
func TestSearchCitesChangedFilesAsTheyAreNow(t *testing.T) {
	note := "# Fever\n\n## Dosing\n\nParacetamol every four to six hours.\n"
	db, dir := newLibraryWith(t, map[string]string{"fever.md": note})
	jsonHitOf := func(out string) jsonHit {
		t.Helper()
		var hit jsonHit
		if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &hit); err != nil {
			t.Fatalf("%v: %q", err, out)
		}
		return hit
	}
	out, _, _ := runCLI(t, "search", "--db", db, "--json", "paracetamol")
	if h := jsonHitOf(out); h.Stale || h.StartLine != 5 {
		t.Fatalf("before the edit: %+v", h)
	}
	testutil.WriteFile(t, filepath.Join(dir, "fever.md"), "Six lines added on top.\n\n\n\n\n\n"+note)
	out, _, _ = runCLI(t, "search", "--db", db, "--json", "paracetamol")
	if h := jsonHitOf(out); !h.Stale || h.Gone || h.StartLine != 11 || h.EndLine != 11 {
		t.Errorf("lines inserted above: %+v, want stale at line 11", h)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "paracetamol")
	if !strings.Contains(out, "fever.md:11 ") || !strings.Contains(out, "changed since indexed") {
		t.Errorf("text output:\n%s", out)
	}
	testutil.WriteFile(t, filepath.Join(dir, "fever.md"), "# Fever\n\nRewritten entirely.\n")
	out, _, _ = runCLI(t, "search", "--db", db, "paracetamol")
	if !strings.Contains(out, "no longer in the file") {
		t.Errorf("passage gone:\n%s", out)
	}
}

// --folder takes the folder's name as `folio folders`, the window and
// citations show it, as well as its path; a name two folders share is an
// error naming both.
func TestSearchFolderTakesTheShownName(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lib.db")
	a, b := t.TempDir(), t.TempDir()
	hand, notes, notes2 := filepath.Join(a, "18f-handbook"), filepath.Join(a, "notes"), filepath.Join(b, "notes")
	testutil.WriteFiles(t, hand, map[string]string{"leave.md": "# Leave\n\nannual leave policy\n"})
	testutil.WriteFiles(t, notes, map[string]string{"x.md": "# X\n\nannual leave of mine\n"})
	testutil.WriteFiles(t, notes2, map[string]string{"y.md": "# Y\n\nannual leave too\n"})
	for _, dir := range []string{hand, notes, notes2} {
		if out, errOut, code := runCLI(t, "add", "--db", db, dir); code != exitOK {
			t.Fatalf("add: %d %q %q", code, out, errOut)
		}
	}
	out, errOut, code := runCLI(t, "search", "--db", db, "--folder", "18f-handbook", "annual", "leave")
	if code != exitOK || !strings.Contains(out, "18f-handbook/leave.md") || strings.Contains(out, "x.md") {
		t.Errorf("--folder 18f-handbook: %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = runCLI(t, "search", "--db", db, "--folder", "notes", "annual")
	if code != exitError || !strings.Contains(errOut, notes) || !strings.Contains(errOut, notes2) {
		t.Errorf("--folder notes (two of them): %d, want an error listing both\n%s%s", code, out, errOut)
	}
}

// The words one typed word brought are said once, after it.
func TestAlsoSearchedGroupsByTypedWord(t *testing.T) {
	got := correctionLine([]index.Correction{
		{Typed: "car", Searched: "vehicle", Form: true},
		{Typed: "ibuprofin", Searched: "ibuprofen"},
		{Typed: "car", Searched: "automobile", Form: true},
	})
	want := `Also searched: vehicle, automobile (for "car"); ibuprofen (for "ibuprofin"); put a word in quotes`
	if !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want it to start %q", got, want)
	}
}

// A paragraph written on one long line is split into passages that share
// that line: the folded passages' lines list it once.
func TestFoldedPassagesOnOneLongLineListItOnce(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Leave\n\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "Sentence %d says the qzleave form goes to your manager before the leave starts. ", i)
	}
	b.WriteString("\n\n## Other\n\nThe qzleave rule again.\n\n## Third\n\nAnd qzleave once more.\n")
	db, _ := newLibraryWith(t, map[string]string{"long.md": b.String()})
	out, _, code := runCLI(t, "search", "--db", db, "--per-file", "1", "qzleave")
	if code != exitOK {
		t.Fatalf("search: %d\n%s", code, out)
	}
	i := strings.Index(out, "more in this file (")
	if i < 0 {
		t.Fatalf("no folded passages:\n%s", out)
	}
	list := out[i+len("more in this file ("):]
	list = list[:strings.Index(list, ")")]
	list = strings.TrimPrefix(strings.TrimPrefix(list, "lines "), "line ")
	seen := map[string]bool{}
	for _, loc := range strings.Split(list, ", ") {
		if seen[loc] {
			t.Errorf("line %s listed twice: %q", loc, list)
		}
		seen[loc] = true
	}
	if !seen["3"] {
		t.Errorf("the long line's other passages are not listed: %q\n%s", list, out)
	}
}

// --explain says why a passage of markup alone stands after those with
// text, as it says so for a one-word match.
func TestExplainSaysAPassageOfMarkupAloneRanksAfter(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{
		"loan.md": "# Closing the loan\n\n## Find a lender\n\nA bank or credit union makes the loan.\n\n<ol>\n<li>\n\n" +
			"## Pay your closing costs\n\n</li>\n</ol>\n"})
	out, _, code := runCLI(t, "search", "--db", db, "--explain", "closing", "costs", "loan")
	const said = "ranked after the passages with text: it holds nothing to read but markup"
	if code != exitOK || strings.Count(out, said) != 1 {
		t.Fatalf("exit %d, the reason said %d times, want once:\n%s", code, strings.Count(out, said), out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "1. ") && strings.Contains(line, "Pay your closing costs") {
			t.Errorf("the passage of markup alone is first:\n%s", out)
		}
	}
}

// --explain says when a hit cites a section's two halves (index/page), and
// the citation covers both.
func TestExplainSaysAHitCitesTwoPassages(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{"match.md": testutil.CutSection, "other.md": "# Other\n\nA value of another kind.\n"})
	out, _, code := runCLI(t, "search", "--db", db, "--explain", testutil.CutQuestion)
	if code != exitOK || !strings.Contains(out, "match.md:5-7 · Match > Catch-all patterns") ||
		strings.Count(out, "cites two passages of its section: both ranked on the first page") != 1 {
		t.Errorf("exit %d; want match.md:5-7 first, said once to cite two passages:\n%s", code, out)
	}
}

// --explain says when a hit is a page's summary from its front matter,
// and by how much its score was lowered.
func TestExplainSaysAHitIsFrontMatter(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{"memorial.md": "---\ntitle: Memorial items\ndescription: Apply for an engraved certificate signed by the current president.\n---\n# Memorial items\n\nPlan ahead.\n"})
	out, _, code := runCLI(t, "search", "--db", db, "--explain", "certificate signed by the president")
	if code != exitOK || !strings.Contains(out, "memorial.md:3 · Memorial items") || !strings.Contains(out, "front matter (a page's summary): its score is 0.8 of the features' sum") {
		t.Errorf("exit %d; want memorial.md:3, said to be front matter:\n%s", code, out)
	}
}

// --explain first says what the question was read as: the words searched,
// the kind of answer it asks for, and the cue word left out of the search;
// a plain search does not.
func TestExplainSaysWhatTheQuestionWasReadAs(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{
		"leave.md": "# Parental leave\n\nYou can stay home for 12 weeks after a baby is born.\n",
		"care.md":  "# Long-term care\n\nLong stays at home are covered for veterans.\n"})
	out, _, code := runCLI(t, "search", "--db", db, "--explain", "how long can I stay home after my baby is born")
	const said = `searched: stay, home, after, baby, born; asks for a span of time (unit); "long" says that, and is not searched`
	if code != exitOK || !strings.HasPrefix(out, said+"\n") {
		t.Fatalf("exit %d, want the first line %q:\n%s", code, said, out)
	}
	// "Long" is no match: the passage about long stays is second, its
	// "Long" not marked.
	if !strings.Contains(out, "\n1. ") || !strings.Contains(strings.SplitN(out, "\n2. ", 2)[0], "leave.md:3") || !strings.Contains(out, "Long [stays]") {
		t.Errorf("want leave.md first and Long unmarked:\n%s", out)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "how long can I stay home after my baby is born")
	if strings.Contains(out, "searched: stay") {
		t.Errorf("a search without --explain says what it searched:\n%s", out)
	}
}
