package app

import (
	"encoding/json"
	"strings"
	"testing"

	"folio/internal/testutil"
	"folio/searches"
)

// notesWithFrontMatter are three dated, tagged notes about leave.
var notesWithFrontMatter = map[string]string{
	"policy.md": "---\ntitle: Leave policy\ntags: [policy, hr/leave]\ndate: 2024-03-05\n---\n\n# Leave policy\n\nAnnual leave is twenty days.\n",
	"draft.md":  "---\ntags: [policy, draft]\ndate: 2023-01-10\n---\n\n# Leave draft\n\nAnnual leave might become thirty days.\n",
	"diary.md":  "---\ndate: 2025-06-01\n---\n\n# Diary\n\nTook annual leave in June.\n",
}

func saveSearch(t *testing.T, s searches.Saved) {
	t.Helper()
	store, err := searches.OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Add(s); err != nil {
		t.Fatal(err)
	}
}

func TestSearchSortTakesRelevanceDateOrPathAndRefusesOthers(t *testing.T) {
	testutil.TempConfig(t)
	db, _ := newLibraryWith(t, notesWithFrontMatter)
	_, errOut, code := runCLI(t, "search", "--db", db, "--sort", "size", "leave")
	if code != exitError || !strings.Contains(errOut, "--sort size") || !strings.Contains(errOut, "relevance, date (newest first) or path") {
		t.Errorf("--sort size: exit %d, %q", code, errOut)
	}
	out, _, code := runCLI(t, "search", "--db", db, "--sort", "date", "annual", "leave")
	if code != exitOK {
		t.Fatalf("--sort date: exit %d", code)
	}
	if d, p, r := strings.Index(out, "diary.md"), strings.Index(out, "policy.md"), strings.Index(out, "draft.md"); !(d >= 0 && d < p && p < r) {
		t.Errorf("by date, newest first, want diary, policy, draft:\n%s", out)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "--sort", "path", "annual", "leave")
	if d, r, p := strings.Index(out, "diary.md"), strings.Index(out, "draft.md"), strings.Index(out, "policy.md"); !(d >= 0 && d < r && r < p) {
		t.Errorf("by path, want diary, draft, policy:\n%s", out)
	}
}

func TestSearchHelpDocumentsTheFilters(t *testing.T) {
	_, errOut, code := runCLI(t, "search", "--help")
	if code != exitOK {
		t.Errorf("--help exits %d", code)
	}
	for _, want := range []string{"tag:NAME", "tag:a/b", "folder:NAME", "after:DATE", "before:DATE", "YYYY-MM-DD", "YYYY-MM", "-tag:draft", "--sort", "--saved"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("search --help lacks %q:\n%s", want, errOut)
		}
	}
	out, _, _ := runCLI(t, "help")
	if !strings.Contains(out, "folio saved") || !strings.Contains(out, "tag:NAME") {
		t.Errorf("folio help lacks saved searches or filters:\n%s", out)
	}
}

func TestSearchSavedRunsItWithMoreWordsAndItsOrder(t *testing.T) {
	testutil.TempConfig(t)
	db, _ := newLibraryWith(t, notesWithFrontMatter)
	saveSearch(t, searches.Saved{Name: "Policies", Query: "tag:policy -tag:draft", Sort: "date"})
	out, _, code := runCLI(t, "search", "--db", db, "--saved", "policies")
	if code != exitOK || !strings.Contains(out, "policy.md") || strings.Contains(out, "draft.md") || strings.Contains(out, "diary.md") {
		t.Errorf("--saved policies: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "#policy · not #draft") {
		t.Errorf("the count line does not say the filters in force:\n%s", out)
	}
	out, _, code = runCLI(t, "search", "--db", db, "--saved", "Policies", "thirty")
	if code != exitNothing {
		t.Errorf("a word no policy has: exit %d\n%s", code, out)
	}
	_, errOut, code := runCLI(t, "search", "--db", db, "--saved", "Nothing", "leave")
	if code != exitError || !strings.Contains(errOut, `no saved search is named "Nothing"`) || !strings.Contains(errOut, "folio saved") {
		t.Errorf("an unknown name: exit %d, %q", code, errOut)
	}
}

func TestSavedListsTheSavedSearches(t *testing.T) {
	testutil.TempConfig(t)
	out, _, code := runCLI(t, "saved")
	if code != exitNothing || !strings.Contains(out, "No saved searches yet") {
		t.Errorf("none: exit %d %q", code, out)
	}
	saveSearch(t, searches.Saved{Name: "Policies", Query: "tag:policy", Sort: "date"})
	saveSearch(t, searches.Saved{Name: "My notes", Query: `folder:"My notes" leave`})
	out, _, code = runCLI(t, "saved")
	if code != exitOK || !strings.Contains(out, "Policies\n") || !strings.Contains(out, "(sorted by date)") || !strings.Contains(out, `folio search --saved "My notes"`) || !strings.Contains(out, `searches: folder:"My notes" leave`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, _ = runCLI(t, "saved", "--json")
	var s searches.Saved
	if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &s); err != nil || s != (searches.Saved{Name: "Policies", Query: "tag:policy", Sort: "date"}) {
		t.Errorf("--json: %+v %v\n%s", s, err, out)
	}
}

func TestADamagedSavedSearchesFileIsSaidWithItsPath(t *testing.T) {
	config, _ := testutil.TempConfig(t)
	db, _ := newLibraryWith(t, notesWithFrontMatter)
	p, _ := searches.DefaultPath()
	testutil.WriteFile(t, p, "{not json")
	_, errOut, code := runCLI(t, "search", "--db", db, "--saved", "x")
	if code != exitError || !strings.Contains(errOut, p) || !strings.HasPrefix(p, config) {
		t.Errorf("exit %d, %q", code, errOut)
	}
	_, errOut, code = runCLI(t, "saved")
	if code != exitError || !strings.Contains(errOut, p) {
		t.Errorf("saved: exit %d, %q", code, errOut)
	}
}

func TestSearchJSONHasTagsDatesFiltersAndNotices(t *testing.T) {
	testutil.TempConfig(t)
	db, _ := newLibraryWith(t, notesWithFrontMatter)
	out, _, code := runCLI(t, "search", "--db", db, "--json", "tag:hr", "after:2024", "leave")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var hit jsonHit
	if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &hit); err != nil {
		t.Fatal(err)
	}
	if hit.Path != "policy.md" || strings.Join(hit.Tags, ",") != "hr/leave,policy" || hit.Date != "2024-03-05" || hit.DateFrom != "front_matter" {
		t.Errorf("hit %s tags %q date %q from %q", hit.Path, hit.Tags, hit.Date, hit.DateFrom)
	}
	if len(hit.Filters) != 2 || hit.Filters[0].Typed != "tag:hr" || hit.Filters[1].Field != "after" || hit.Filters[1].Value != "2024" {
		t.Errorf("filters %+v", hit.Filters)
	}
	out, errOut, code := runCLI(t, "search", "--db", db, "--json", "folder:nowhere", "leave")
	if code != exitNothing || out != "" || !strings.Contains(errOut, "nowhere") {
		t.Errorf("a folder that is not there: exit %d, out %q, err %q", code, out, errOut)
	}
}
