package snippet

import (
	"strings"
	"testing"
)

func TestReadableTextForSnippets(t *testing.T) {
	for _, c := range []struct{ name, md, want string }{
		{"table rows with their column names",
			"## Dosing\n\n| Medicine | Dose | How often |\n|---|---|:--|\n| Paracetamol | 15 mg/kg | every 4–6 hours |\n| Ibuprofen | 10 mg/kg | every 6–8 hours |\n",
			"## Dosing\n\nParacetamol · Dose 15 mg/kg · How often every 4–6 hours\nIbuprofen · Dose 10 mg/kg · How often every 6–8 hours"},
		{"a table without outer pipes, an escaped pipe and an empty cell",
			"Flag | Meaning\n--- | ---\n`-a\\|-b` | all\n`-x` |\n",
			"`-a|-b` · Meaning all\n`-x`"},
		{"code without its fences or info word",
			"Run:\n\n```sh\ngit reset --hard HEAD~1\n```\n\nDone.",
			"Run:\n\ngit reset --hard HEAD~1\n\nDone."},
		{"links, images and autolinks as their text",
			"See [the guide](https://example.org/g \"Guide\") and ![a chart](c.png), [ref][1], <https://example.org/x>.",
			"See the guide and a chart, ref, https://example.org/x."},
		{"plain prose untouched", "Rest and fluids. 38 °C or more is a fever.", "Rest and fluids. 38 °C or more is a fever."},
		{"a fence of tildes, and inline code that is not a fence",
			"~~~\ncode | not a table\n~~~\n```inline``` stays",
			"code | not a table\n```inline``` stays"},
	} {
		if got := Readable(c.md); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// Handbooks lay tables out in HTML: a snippet reads the text, not the
// tags, and entities are their characters; code keeps both as written.
func TestReadableDropsHTMLTagsAndKeepsTheirText(t *testing.T) {
	md := "<table class=\"office-metadata\"><tr><td class=\"col-key\"><strong>Location</strong></td>\n" +
		"        <td>230 S. Dearborn St., 35th floor<br />Chicago &amp; the Loop</td></tr></table>\n\n" +
		"Use `<br />` for a break; 3 < 4 and see <https://example.com>.\n\n    <div>indented code</div>\n"
	got := strings.Join(strings.Fields(Readable(md)), " ")
	want := "Location 230 S. Dearborn St., 35th floor Chicago & the Loop Use `<br />` for a break; 3 < 4 and see https://example.com. <div>indented code</div>"
	if got != want {
		t.Errorf("readable\n got %q\nwant %q", got, want)
	}
}

// A bullet list joined into a snippet line reads as items, not as stray
// asterisks; a rule and a minus sign stay as they are.
func TestReadableShowsBulletsAsBullets(t *testing.T) {
	md := "Risk factors include\n\n- Long-term steroid treatment\n* Alcohol abuse\n  + Joint injuries\n\n***\n\n-5 °C is cold.\n"
	got := strings.Join(strings.Fields(Readable(md)), " ")
	want := "Risk factors include • Long-term steroid treatment • Alcohol abuse • Joint injuries *** -5 °C is cold."
	if got != want {
		t.Errorf("readable\n got %q\nwant %q", got, want)
	}
}

// A passage of tags and comments alone has nothing to read; any word
// outside a tag, a number, or an autolink is something.
func TestHasTextTellsMarkupAloneFromText(t *testing.T) {
	for md, want := range map[string]bool{
		"</li>\n</ol>": false,
		"<ol class=\"process\">\n<li class=\"process-step list-one\">":               false,
		"<!-- Old headings. Do not remove or links may break. -->\n<a id=\"x\"></a>": false,
		"<link rel=\"stylesheet\" href=\"/css/fonts.css\">\n\n---":                   false,
		"":                               false,
		"</li>\n\nCopy 03 of this page.": true,
		"<b>Warning</b>":                 true,
		"<https://go.dev/doc>":           true,
		"| 15 |":                         true,
		"<div>\n\nإجازة سنوية\n</div>":   true,
		"if a<b":                         true,
	} {
		if got := HasText(md); got != want {
			t.Errorf("HasText(%q) = %v, want %v", md, got, want)
		}
	}
}
