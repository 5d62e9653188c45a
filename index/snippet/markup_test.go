package snippet

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

func TestStripMarkupLeavesWhatAReaderReads(t *testing.T) {
	for _, c := range []struct{ name, md, want string }{
		{"an HTML comment on its own line and inside a sentence",
			"<!-- prettier-ignore -->\nRest and fluids <!-- TODO: cite -->help.",
			"\nRest and fluids help."},
		{"a comment over several lines",
			"Before.\n\n<!--\nNOTE: the convention is\n`hello` `world`.\n-->\n\nAfter.",
			"Before.\n\n\n\nAfter."},
		{"Liquid tags, a comment block with its words",
			"{% include \"step-indicator.html\" steps: x %}\nPlan the work. {% comment %}TODO link to Agreements{% endcomment %}Then do it.",
			"\nPlan the work. Then do it."},
		{"a link to a Liquid page becomes its text, a site variable leaves the path",
			"See [the org chart]({% page \"/org-chart\" %}) and the [Software]({{base.baseurl}}/software/) page.",
			"See the org chart and the [Software](/software/) page."},
		{"a link whose text wraps",
			"We have a [guide for updating\nthe Handbook]({% page \"updating-the-handbook/\"\n%}), because.",
			"We have a guide for updating\nthe Handbook, because."},
		{"shortcodes a reader can read",
			"Ask {% slack_channel \"infrastructure\" %} or the {% slack_channel \"pifs\" \"PIFs\" %}.\n{% image \"_img/travel/2.png\" \"choosing destination city\" %}",
			"Ask #infrastructure or the PIFs.\n![choosing destination city]()"},
		{"a raw block keeps its words as written",
			"{% raw %}{% page \"updating-the-handbook/components\" %}{% endraw %}",
			"{% page \"updating-the-handbook/components\" %}"},
		{"whitespace control and an expression",
			"{%- if page.draft -%}Draft{%- endif -%}: {{ page.title | upcase }}",
			"Draft: "},
		{"heading attribute blocks",
			"## Runtime {#runtime}\n\n## Overview {#overview .sectionHeading}\n\n## \\#ttsc-help-wanted Slack channel {##ttsc-help-wanted-slack-channel}\n\nSetext {#setext}\n---",
			"## Runtime\n\n## Overview\n\n## \\#ttsc-help-wanted Slack channel\n\nSetext\n---"},
		{"braces that are not attributes",
			"## Generic JSON with interface{}\n\nA set {#a} in prose, {.b} too.",
			"## Generic JSON with interface{}\n\nA set {#a} in prose, {.b} too."},
		{"the Go site's templates: raw strings kept, code includes gone",
			"It is legal to write {{raw \"`1<<2`\"}}.\n\n{{code \"/doc/progs/go1.go\" `/greeting := ..byte/` `/^}/`}}\n\n{{raw `\n\ttimeout := make(chan bool, 1)\n`}}",
			"It is legal to write `1<<2`.\n\n\n\n\n\ttimeout := make(chan bool, 1)\n"},
		{"nothing to do", "Rest and fluids. 38 °C or more is a fever.", "Rest and fluids. 38 °C or more is a fever."},
	} {
		if got := StripMarkup(c.md); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// Code is content: a Jekyll tutorial's {% raw %}, a tldr page's
// {{placeholder}}, Vue's {{ msg }} and a commented line in a shell block
// are shown as written.
func TestStripMarkupKeepsCode(t *testing.T) {
	for _, md := range []string{
		"Wrap it:\n\n```liquid\n{% raw %}{{ page.title }}{% endraw %}\n<!-- kept -->\n## Heading {#kept}\n```",
		"- Create an archive:\n\n`tar cf {{target.tar}} {{file1 file2}}`",
		"Use `{% include x.html %}` or ``{{ msg }}`` in a template.",
		"An indented block:\n\n    {{if eq .A 1}} X {{end}}\n    <!-- kept -->\n\nDone.",
		"~~~\n{% comment %}kept{% endcomment %}\n~~~",
		"<pre>\n{{ kept }}\n</pre>",
	} {
		if got := StripMarkup(md); got != md {
			t.Errorf("code changed:\n got %q\nwant %q", got, md)
		}
	}
	if got, want := Readable("Use `[x](y.md)` or ``![a](b.png)``, [`iter`](/pkg/iter) or [the guide](g.md)."),
		"Use `[x](y.md)` or ``![a](b.png)``, `iter` or the guide."; got != want {
		t.Errorf("links in code spans: got %q, want %q", got, want)
	}
	if got, want := Readable("A \\#hashtag and 1\\*2, `a\\*b`.\n    x\\.y"), "A #hashtag and 1*2, `a\\*b`.\n    x\\.y"; got != want {
		t.Errorf("backslash escapes: got %q, want %q", got, want)
	}
	if got, want := StripMarkup("## Use `{#id}`"), "## Use `{#id}`"; got != want {
		t.Errorf("an attribute block in code: got %q, want %q", got, want)
	}
}

func TestReadableSnippetHoldsNoMarkup(t *testing.T) {
	md := "## Annual leave {#annual-leave}\n\n<!-- prettier-ignore -->\n{% include \"software-warning.html\" %}\nAnnual leave accrues each [pay period]({% page \"/leave/#pay\" %}). Ask {% slack_channel \"people-ops\" %}.\n\n| Chart | Note |\n|---|---|\n| ![Leave by year](https://example.org/leave.png) | {{ site.note }}yearly |"
	got := Make(Readable(md), Matcher("annual leave"), 400).Text
	for _, raw := range []string{"<!--", "-->", "prettier", "{%", "%}", "include", "{{", "}}", "{#", "![", "https://", "page"} {
		if strings.Contains(got, raw) {
			t.Errorf("snippet holds %q: %q", raw, got)
		}
	}
	for _, want := range []string{"Annual leave", "accrues each pay period", "#people-ops", "Leave by year", "yearly"} {
		if !strings.Contains(got, want) {
			t.Errorf("snippet lacks %q: %q", want, got)
		}
	}
}

func TestHeadingAsRead(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Runtime {#runtime}", "Runtime"},
		{"Overview {#overview .sectionHeading}", "Overview"},
		{"18F Delivery Assurance (aka TLC Crew) {#18f-delivery-assurance-(aka-tlc-crew)}", "18F Delivery Assurance (aka TLC Crew)"},
		{"\\#ttsc-help-wanted Slack channel {##ttsc-help-wanted-slack-channel}", "#ttsc-help-wanted Slack channel"},
		{"C:\\Users and 1\\*2 \\\\ done", "C:\\Users and 1*2 \\ done"},
		{"من يُدير فيُو؟ {#who-maintains-vue}", "من يُدير فيُو؟"},
		{"Guide {% include \"badge.html\" %} for staff", "Guide for staff"},
		{"Generic JSON with interface{}", "Generic JSON with interface{}"},
		{"The {{ }} syntax", "The {{ }} syntax"}, // code in a heading reads the same
		{"{#only-an-id}", "{#only-an-id}"},
		{"Plain", "Plain"},
	} {
		if got := Heading(c.in); got != c.want {
			t.Errorf("Heading(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	path := []string{"Go 1.23 Release Notes", "Runtime {#runtime}"}
	if got := Headings(path); strings.Join(got, " > ") != "Go 1.23 Release Notes > Runtime" || path[1] != "Runtime {#runtime}" {
		t.Errorf("Headings(%q) = %q (and must not change its argument)", path, got)
	}
}

// On the real folders that write markup (Jekyll and Eleventy's Liquid, the
// Go site's templates and {#id} headings, VitePress's in Arabic, VA.gov's
// comments), none is left outside code, and the code is as written.
func TestStripMarkupOnRealNotes(t *testing.T) {
	for _, folder := range []string{"18f-handbook", "golang-website", "ar-vue-docs", "vagov-content"} {
		root := testutil.SharedPath(t, "corpus/"+folder)
		files, left := 0, 0
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			md := string(data)
			out := StripMarkup(md)
			files++
			code, drops := markupRanges([]byte(out))
			if len(drops) > 0 {
				left++
				t.Errorf("%s: a heading attribute block is left: %q", p, out[drops[0][0]:drops[0][1]])
			}
			for _, raw := range []string{"<!--", "{%", "{{"} {
				for i := strings.Index(out, raw); i >= 0; i = nextIndex(out, raw, i) {
					if !inRanges(code, i) && !inRaw(md, out[i:min(len(out), i+40)]) {
						left++
						t.Errorf("%s: %q is left: %q", p, raw, out[i:min(len(out), i+60)])
						break
					}
				}
			}
			if folder != "golang-website" { // its {{raw `…`}} and {{code …}} hold code spans
				if a, b := codeTexts(md), codeTexts(out); strings.Join(a, "\x00") != strings.Join(b, "\x00") {
					t.Errorf("%s: code changed (%d code ranges, then %d)", p, len(a), len(b))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if files < 50 {
			t.Errorf("%s: only %d notes read", folder, files)
		}
	}
}

func nextIndex(s, sub string, i int) int {
	j := strings.Index(s[i+1:], sub)
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// inRaw reports text a {% raw %} block of md shows as written.
func inRaw(md, text string) bool {
	for rest := md; ; {
		i := strings.Index(rest, "{% raw %}")
		if i < 0 {
			return false
		}
		rest = rest[i+len("{% raw %}"):]
		end := strings.Index(rest, "{% endraw %}")
		if end < 0 {
			return false
		}
		if strings.Contains(rest[:end], strings.TrimRight(text, "\n")) || strings.HasPrefix(rest[:end], text[:min(len(text), end)]) {
			return true
		}
		rest = rest[end:]
	}
}

func codeTexts(md string) []string {
	code, _ := markupRanges([]byte(md))
	out := make([]string, len(code))
	for i, c := range code {
		out[i] = md[c[0]:c[1]]
	}
	return out
}
