package chunker

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func meta(t *testing.T, text string) (*Document, Meta) {
	t.Helper()
	doc, err := Split("note.md", []byte(text), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	return doc, doc.Meta
}

func TestFrontMatterTagsDateAndAliases(t *testing.T) {
	doc, m := meta(t, "---\ntitle: Leave policy\ntags: [Policy, \"#hr/leave\"]\ndate: 2024-03-15\naliases:\n  - Time off\n  - /old/url\n---\n# Leave\n\nAnnual leave accrues.\n")
	if !reflect.DeepEqual(m.Tags, []string{"hr/leave", "policy"}) {
		t.Errorf("tags %q", m.Tags)
	}
	if y, mo, d := m.Date.Date(); y != 2024 || mo != time.March || d != 15 {
		t.Errorf("date %v", m.Date)
	}
	if !reflect.DeepEqual(m.Aliases, []string{"Time off"}) {
		t.Errorf("aliases %q (a web path is not a name)", m.Aliases)
	}
	if doc.Title != "Leave policy" || m.Problem != "" {
		t.Errorf("title %q problem %q", doc.Title, m.Problem)
	}
	for _, c := range doc.Chunks {
		if strings.Contains(c.Text, "aliases") || strings.Contains(c.Text, "2024") {
			t.Errorf("front matter in chunk text %q", c.Text)
		}
	}
}

func TestTagsAsAStringOfWords(t *testing.T) {
	for text, want := range map[string][]string{
		"---\ntags: draft, policy\n---\nx\n":    {"draft", "policy"},
		"---\ntags: draft policy\n---\nx\n":     {"draft", "policy"},
		"---\ntag: Single\n---\nx\n":            {"single"},
		"---\nkeywords: [leave, pay]\n---\nx\n": {"leave", "pay"},
	} {
		if _, m := meta(t, text); !reflect.DeepEqual(m.Tags, want) {
			t.Errorf("%q: tags %q, want %q", text, m.Tags, want)
		}
	}
}

func TestInlineTagsOutsideCode(t *testing.T) {
	_, m := meta(t, "# Fever\n\nA #clinical note (#triage), see page#anchor and issue #12.\n\n```sh\n#include x\n# comment\n```\n\nUse `#notatag` here. #paediatrics/dosing\n\n<div style=\"color:#fff\">x</div>\n")
	want := []string{"clinical", "paediatrics/dosing", "triage"}
	if !reflect.DeepEqual(m.Tags, want) {
		t.Errorf("tags %q, want %q", m.Tags, want)
	}
}

func TestBrokenFrontMatterIsAWarningNotAnError(t *testing.T) {
	doc, m := meta(t, "---\ntitle: Broken\ntags: [unclosed\n---\n# Broken\n\nBudget rules.\n")
	if m.Problem == "" || !strings.Contains(doc.Warnings(), "front matter") {
		t.Errorf("problem %q warnings %q", m.Problem, doc.Warnings())
	}
	if len(doc.Chunks) == 0 || !strings.Contains(doc.Chunks[0].Text, "Budget rules") {
		t.Errorf("the note's text must still be indexed: %+v", doc.Chunks)
	}
	if doc.Title != "Broken" {
		t.Errorf("title %q: the title line is still read", doc.Title)
	}
}

func TestDatesInTheFormsNotesUse(t *testing.T) {
	for in, want := range map[string]string{
		"2024-03-15":                    "2024-03-15",
		"2024-03-15T10:00:00Z":          "2024-03-15",
		"\"2024-03-15 10:00:00 +0100\"": "2024-03-15",
		"2025-11":                       "2025-11-01",
		"2023":                          "2023-01-01",
	} {
		_, m := meta(t, "---\ndate: "+in+"\n---\nx\n")
		if got := m.Date.Format("2006-01-02"); got != want || m.Problem != "" {
			t.Errorf("date: %s → %s (problem %q), want %s", in, got, m.Problem, want)
		}
	}
	if _, m := meta(t, "---\ndate: next tuesday\n---\nx\n"); !m.Date.IsZero() || m.Problem == "" {
		t.Errorf("a date that is not one: %v %q", m.Date, m.Problem)
	}
}

func TestTOMLFrontMatter(t *testing.T) {
	_, m := meta(t, "+++\ntitle = \"Hugo page\"\ntags = [\"Go\", \"web\"]\ndate = 2023-05-02\n+++\n# Page\n\ntext\n")
	if !reflect.DeepEqual(m.Tags, []string{"go", "web"}) || m.Date.Format("2006-01-02") != "2023-05-02" || m.Problem != "" {
		t.Errorf("TOML: tags %q date %v problem %q", m.Tags, m.Date, m.Problem)
	}
}

func TestHugeOrHostileFrontMatterIsAWarning(t *testing.T) {
	big := "---\ntags: [a]\nnote: " + strings.Repeat("x", 300<<10) + "\n---\n# T\n\nbody\n"
	if doc, m := meta(t, big); m.Problem == "" || len(m.Tags) != 0 || len(doc.Chunks) == 0 {
		t.Errorf("300 KB front matter: problem %q tags %q", m.Problem, m.Tags)
	}
	laughs := "---\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\ntags: *g\n---\n# T\n\nbody\n"
	if doc, m := meta(t, laughs); len(doc.Chunks) == 0 || len(m.Tags) > maxTags {
		t.Errorf("alias bomb: %d tags, problem %q", len(m.Tags), m.Problem)
	}
}

// A hub page's front matter can hold all of its text: the descriptions of
// its links, its own summary. They are passages cited at their lines;
// labels, paths, the title and the tags are not.
func TestFrontMatterProseIsSearchableText(t *testing.T) {
	text := "---\n" + // 1
		"title: Memorial items\n" + // 2
		"layout: page-breadcrumbs.html\n" + // 3
		"spoke: Get Benefits\n" + // 4
		"tags: [burial, honor, memorial items, family]\n" + // 5
		"description: Honor a Veteran's service with items for the grave.\n" + // 6
		"majorlinks:\n" + // 7
		"  - links:\n" + // 8
		"    - url: /burials-memorials/certificates/\n" + // 9
		"      title: Certificates\n" + // 10
		"      description: Apply for an engraved certificate signed by the current president.\n" + // 11
		"summary: >\n" + // 12
		"  Folded text someone wrote\n" + // 13
		"  over two lines.\n" + // 14
		"---\n" + // 15
		"# Memorial items\n\nThe body says little.\n"
	doc, err := Split("memorial.md", []byte(text), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var front []Chunk
	for _, c := range doc.Chunks {
		if c.Kind == KindFront {
			front = append(front, c)
		}
	}
	if len(front) != 1 {
		t.Fatalf("%d passages of front matter, want 1: %+v", len(front), doc.Chunks)
	}
	c := front[0]
	if c.StartLine != 6 || c.EndLine != 14 || c.Ordinal != 0 || !reflect.DeepEqual(c.Path, []string{"Memorial items"}) {
		t.Errorf("front passage at lines %d-%d, ordinal %d, path %q; want 6-14, 0, the title", c.StartLine, c.EndLine, c.Ordinal, c.Path)
	}
	for _, want := range []string{"engraved certificate signed by the current president", "over two lines."} {
		if !strings.Contains(c.Text, want) {
			t.Errorf("front passage %q lacks %q", c.Text, want)
		}
	}
	if strings.Contains(c.Text, "layout") || strings.Contains(c.Text, "Get Benefits") || strings.Contains(c.Text, "burial, honor") {
		t.Errorf("front passage holds labels or tags: %q", c.Text)
	}
	if got := text[c.Start:c.End]; got != c.Text {
		t.Errorf("front passage is not the file's text at its place: %q", got)
	}
	// What a snippet shows of it: the values, without keys, links or labels.
	if got, want := FrontText(c.Text), "Honor a Veteran's service with items for the grave.\nApply for an engraved certificate signed by the current president.\nFolded text someone wrote\nover two lines."; got != want {
		t.Errorf("FrontText %q, want %q", got, want)
	}
	// A passage's text has lost its first line's indent: it can begin at a
	// nested title, or inside a block scalar whose key is above it.
	for fragment, want := range map[string]string{
		"title: Veterans Headstones, Grave Markers, Niche Covers, and Medallions\n      description: Apply for one of these memorial items.\n    - url: /x/\n      title: Burial Flags\n      description: Apply for a flag to drape over a casket.": "Veterans Headstones, Grave Markers, Niche Covers, and Medallions\nApply for one of these memorial items.\nApply for a flag to drape over a casket.",
		"Google Chrome is a simple browser\n  with smarts built in.\n\n  In this case study the team shared\n  tremendously.":                                                                                                                        "Google Chrome is a simple browser\nwith smarts built in.\nIn this case study the team shared\ntremendously.",
	} {
		if got := FrontText(fragment); got != want {
			t.Errorf("FrontText(%q) = %q, want %q", fragment, got, want)
		}
	}
	// A note whose front matter holds only labels, a bibliography's
	// abbreviations or blocks of code has none.
	for _, fm := range []string{"title: A note about leave policies\nlayout: post\nurl: https://example.com/a/b/c\n", "authors: \"lees, l.\"\nbiblio: \"j. ae. scs. 25, 1958, 324.\"\n",
		"head: |\n  <script src=\"https://example.com/a.js\"></script>\nsetup: |\n  ls -la\n  cd dir\n"} {
		doc, err := Split("n.md", []byte("---\n"+fm+"---\nBody text here.\n"), DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range doc.Chunks {
			if c.Kind == KindFront {
				t.Errorf("front passage %q from labels", c.Text)
			}
		}
	}
}
