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
