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
