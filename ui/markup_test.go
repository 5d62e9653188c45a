package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/testlib"
)

// releaseNotes writes its headings with {#id} anchors (the Go site,
// VitePress) and its prose with a site generator's markup (Jekyll and
// Eleventy's Liquid, HTML comments), and a code block that shows Liquid as
// content.
const releaseNotes = `# Go 1.23 Release Notes {#top}

## Runtime {#runtime}

<!-- go.dev/issue/61405, CL 557835 -->
{% include "software-warning.html" %}
The runtime traceback now indents goroutine frames. See the [runtime notes]({% page "/runtime/" %}) or ask {% slack_channel "go-runtime" %}.

| Chart | Note |
|---|---|
| ![Goroutines by year](https://example.org/goroutines.png) | {{ site.note }}yearly |

**\*Note:** frames are indented with a tab, not \*stars\*.

Jekyll templates escape tags:

` + "```liquid\n{% raw %}{{ runtime.version }}{% endraw %}\n```\n"

func TestRawMarkupNeverShowsInTheWindow(t *testing.T) {
	ix, _ := testlib.WithFolder(t, map[string]string{"go1.23.md": releaseNotes})
	w := newWindow(t, ix)
	test.Type(w.search, "goroutine frames traceback")
	waitFor(t, "the hit in the preview", func() bool {
		return onUI(w, func() bool { return len(w.results.hits) > 0 && w.preview.hitBox != nil })
	})
	var h = w.results.hits[0]
	if got, want := breadcrumb(h), "Go 1.23 Release Notes › Runtime"; got != want {
		t.Errorf("breadcrumb %q, want %q", got, want)
	}
	if !strings.HasSuffix(h.Citation(), " · Go 1.23 Release Notes > Runtime") {
		t.Errorf("citation %q", h.Citation())
	}
	var row, heading, body string
	onUI(w, func() bool {
		o := w.results.list.CreateItem()
		w.results.list.UpdateItem(0, o)
		row, heading, body = rowTexts(o), w.preview.heading.Text+" | "+w.preview.cite.Text, rowTexts(w.preview.body)
		return true
	})
	for where, text := range map[string]string{"the result row": row, "the preview's heading": heading, "the preview": body} {
		for _, raw := range []string{"{#", "<!--", "go.dev/issue", "{% include", "{% page", "slack_channel", "\\*", "{{ site", "![", "](", "https://example.org"} {
			if strings.Contains(text, raw) {
				t.Errorf("%s shows %q: %q", where, raw, text)
			}
		}
	}
	for _, want := range []string{"*Note: frames are indented with a tab, not *stars*.", "runtime notes", "#go-runtime", "[Goroutines by year]", "yearly", "{% raw %}{{ runtime.version }}{% endraw %}"} {
		if !strings.Contains(body, want) {
			t.Errorf("the preview lacks %q: %q", want, body)
		}
	}
	if !strings.Contains(row, "runtime notes") || !strings.Contains(row, "#go-runtime") {
		t.Errorf("the result row %q", row)
	}
}
