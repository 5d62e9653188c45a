package app

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// folio search prints headings and snippets as a person reads them: no
// {#id} anchor, comment or Liquid, in the list and in --json.
func TestSearchPrintsNoRawMarkup(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{"go1.23.md": "# Go 1.23 Release Notes {#top}\n\n## Runtime {#runtime}\n\n" +
		"<!-- go.dev/issue/61405 -->\n{% include \"software-warning.html\" %}\nThe runtime traceback now indents goroutine frames ({{ site.note }}see {% slack_channel \"go-runtime\" %}).\n"})
	out, _, code := runCLI(t, "search", "--db", db, "goroutine frames")
	if code != exitOK || !strings.Contains(out, "go1.23.md:5-7 · Go 1.23 Release Notes > Runtime\n") || !strings.Contains(out, "The runtime traceback now indents [goroutine] [frames] (see #go-runtime).") {
		t.Errorf("search printed:\n%s", out)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "--json", "goroutine frames")
	var hit jsonHit
	if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &hit); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(hit.HeadingPath, []string{"Go 1.23 Release Notes", "Runtime"}) || hit.Title != "Go 1.23 Release Notes" {
		t.Errorf("heading path %q, title %q", hit.HeadingPath, hit.Title)
	}
	for _, raw := range []string{"{#", "<!--", "{%", "{{"} {
		if strings.Contains(out, raw) {
			t.Errorf("--json holds %q:\n%s", raw, out)
		}
	}
}
