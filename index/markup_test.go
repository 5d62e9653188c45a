package index

import (
	"context"
	"strings"
	"testing"

	"folio/internal/testutil"
)

// Headings written with {#id} anchors are cited, titled and shown in
// sections as a person reads them, and snippets hold no comment or Liquid;
// what is stored is the note as written.
func TestHitsReadWithoutRawMarkup(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"go1.23.md": "# Go 1.23 Release Notes {#top}\n\n" +
		"## Runtime {#runtime}\n\n<!-- go.dev/issue/61405 -->\n{% include \"software-warning.html\" %}\n" +
		"The runtime traceback now indents goroutine frames ([details]({% page \"/runtime/\" %})).\n"})
	res := search(t, ix, "goroutine frames")
	if len(res.Hits) != 1 {
		t.Fatalf("%d hits", len(res.Hits))
	}
	h := res.Hits[0]
	if got, want := h.Citation(), "go1.23.md:5-7 · Go 1.23 Release Notes > Runtime"; !strings.HasSuffix(got, want) {
		t.Errorf("citation %q, want …%q", got, want)
	}
	if h.Title != "Go 1.23 Release Notes" {
		t.Errorf("title %q", h.Title)
	}
	for _, raw := range []string{"<!--", "go.dev/issue", "{%", "include", "page"} {
		if strings.Contains(h.Snippet.Text, raw) {
			t.Errorf("snippet holds %q: %q", raw, h.Snippet.Text)
		}
	}
	if !strings.Contains(h.Snippet.Text, "goroutine frames (details)") {
		t.Errorf("snippet %q", h.Snippet.Text)
	}
	if !strings.Contains(h.Text, "<!-- go.dev/issue/61405 -->") || !strings.Contains(h.Text, "{% page") {
		t.Errorf("the stored passage is not the note as written: %q", h.Text)
	}
	section, err := ix.Section(context.Background(), h.ChunkRowID)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range section {
		if got := strings.Join(s.HeadingPath, " > "); got != "Go 1.23 Release Notes > Runtime" {
			t.Errorf("section heading path %q", got)
		}
	}
}

// A section holding only HTML (a step's heading, then `</li></ol>`) has
// nothing to read but its heading: its short row wins bm25 on the heading
// and title words alone, and it showed as an empty snippet above the
// passages that answer. It ranks after every passage with text, and is
// still found when nothing else holds the words.
func TestAPassageOfMarkupAloneRanksAfterPassagesWithText(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"loan.md": "# How can I get a cash-out refinance loan?\n\n<ol class=\"process\">\n<li class=\"process-step\">\n\n" +
			"## Find a lender.\n\nYou go through a private bank or credit union to get the loan. Terms and fees vary.\n\n</li>\n<li class=\"process-step\">\n\n" +
			"## Follow your lender's process for closing, and pay your closing costs.\n\n</li>\n</ol>\n",
		"leaving.md": "# Leaving the agency\n\n## Review your benefits\n\nUnused sick leave is not paid out in cash when you resign; " +
			"annual leave is paid out in your last paycheck.\n"})
	res := search(t, ix, "do I get cash for unused sick days when I resign")
	bare := -1
	for i, h := range res.Hits {
		empty := strings.TrimSpace(h.Snippet.Text) == ""
		if empty && bare < 0 {
			bare = i
		}
		if !empty && bare >= 0 {
			t.Errorf("%s (no text) ranks above %s", res.Hits[bare].Citation(), h.Citation())
		}
	}
	if len(res.Hits) == 0 || res.Hits[0].Path != "leaving.md" {
		t.Errorf("first hit %v, want leaving.md", locationsOf(res.Hits))
	}
	// Quoted: unquoted, "costs" also finds the first step's "fees"
	// (everyday links), a passage with text.
	if res := search(t, ix, `"closing costs"`); len(res.Hits) == 0 || !strings.Contains(res.Hits[0].Citation(), "> Follow your lender's process") {
		t.Errorf("the heading's own words find %v", locationsOf(res.Hits))
	}
}

func locationsOf(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Citation())
	}
	return out
}
