package chunker

import (
	"errors"
	"strings"
	"testing"
)

func split(t *testing.T, md string, opt Options) *Document {
	t.Helper()
	doc, err := Split("notes/file.md", []byte(md), opt)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, t.Name(), []byte(md), doc, opt)
	return doc
}

func paths(doc *Document) []string {
	var out []string
	for _, c := range doc.Chunks {
		out = append(out, strings.Join(c.Path, " > "))
	}
	return out
}

func TestSetextHeadingsAndPaths(t *testing.T) {
	doc := split(t, "Doses\n=====\n\nIntro text here.\n\nChildren\n--------\n\nGive 15 mg/kg.\n\n# Other\n\nMore.\n", DefaultOptions())
	want := []string{"Doses", "Doses > Children", "Other"}
	if got := paths(doc); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("paths %q, want %q", got, want)
	}
	if c := doc.Chunks[1]; c.StartLine != 9 || c.EndLine != 9 || c.Text != "Give 15 mg/kg." {
		t.Errorf("setext section chunk: %+v", c)
	}
	if doc.Chunks[0].Section == doc.Chunks[1].Section {
		t.Error("different paths share a section id")
	}
}

func TestTitleAndPathWithoutHeadings(t *testing.T) {
	doc := split(t, "Just a note.\n\nAnother paragraph.\n", DefaultOptions())
	if doc.Title != "file" || len(doc.Chunks) != 1 || strings.Join(doc.Chunks[0].Path, ">") != "file" {
		t.Fatalf("title %q chunks %+v", doc.Title, doc.Chunks)
	}
	doc = split(t, "Preamble line.\n\n# Real Title\n\nBody.\n", DefaultOptions())
	if doc.Title != "Real Title" || paths(doc)[0] != "Real Title" {
		t.Fatalf("preamble path %q title %q", paths(doc), doc.Title)
	}
}

func TestFrontMatterIsNotChunkText(t *testing.T) {
	for _, md := range []string{
		"---\ntitle: \"Sick leave\"\ntags: [hr]\n---\n\nBody text.\n",
		"+++\ntitle = \"Sick leave\"\n+++\nBody text.\n",
	} {
		doc := split(t, md, DefaultOptions())
		if doc.Title != "Sick leave" || len(doc.Chunks) != 1 || doc.Chunks[0].Text != "Body text." {
			t.Fatalf("%q: title %q chunks %+v", md, doc.Title, doc.Chunks)
		}
		if doc.Chunks[0].Path[0] != "Sick leave" {
			t.Errorf("path %q", doc.Chunks[0].Path)
		}
	}
}

func TestLineEndingsBOMTabsAndInvalidUTF8(t *testing.T) {
	md := "\xEF\xBB\xBF# Title\r\n\r\nFirst\tline with a bad byte \xff here.\r\n\r\n## Next\rText on line 6.\r\n"
	doc := split(t, md, DefaultOptions())
	if doc.InvalidBytes != 1 {
		t.Errorf("invalid bytes %d, want 1", doc.InvalidBytes)
	}
	if len(doc.Chunks) != 2 {
		t.Fatalf("chunks %+v", doc.Chunks)
	}
	if c := doc.Chunks[0]; c.StartLine != 3 || !strings.Contains(c.Text, "\uFFFD") || strings.Contains(c.Text, "\r") {
		t.Errorf("first chunk %+v", c)
	}
	if c := doc.Chunks[1]; c.StartLine != 6 || c.Text != "Text on line 6." {
		t.Errorf("second chunk %+v", c)
	}
	if _, err := Split("x.md", []byte("a\x00b"), DefaultOptions()); !errors.Is(err, ErrBinary) {
		t.Errorf("NUL bytes: err %v, want ErrBinary", err)
	}
}

func TestAtomicBlocksAreNeverSplit(t *testing.T) {
	long := strings.Repeat("word ", 100)
	md := "# T\n\n```go\n" + strings.Repeat("x := 1\n", 60) + "```\n\n| a | b |\n|---|---|\n" +
		strings.Repeat("| "+long[:40]+" | 2 |\n", 10) + "\n<div>\n" + long + "\n</div>\n"
	doc := split(t, md, Options{Max: 100, Min: 10})
	kinds := []Kind{}
	for _, c := range doc.Chunks {
		kinds = append(kinds, c.Kind)
	}
	if len(doc.Chunks) != 3 || kinds[0] != KindCode || kinds[1] != KindTable || kinds[2] != KindHTML {
		t.Fatalf("kinds %v", kinds)
	}
	r := Measure(doc, Options{Max: 100})
	if r.Sizes.OverMax != 3 || r.Defects.Total() != 0 {
		t.Errorf("report %+v", r)
	}
}

func TestLongListSplitsBetweenItems(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Steps\n\n")
	for i := 0; i < 12; i++ {
		b.WriteString("- Step with enough words to matter in a list item.\n  Continued on a second line.\n")
	}
	doc := split(t, b.String(), Options{Max: 300, Min: 50})
	if len(doc.Chunks) < 3 {
		t.Fatalf("%d chunks", len(doc.Chunks))
	}
	for _, c := range doc.Chunks {
		if c.Kind != KindList || !strings.HasPrefix(c.Text, "- Step") || !strings.HasSuffix(c.Text, "second line.") {
			t.Errorf("list chunk cut inside an item: %q", c.Text)
		}
	}
}

func TestSentenceEnds(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"Give 0.5 C less. Then wait.", []string{"Give 0.5 C less.", "Then wait."}},
		{"See Dr. Smith today. He knows, e.g. Paris is far.", []string{"See Dr. Smith today.", "He knows, e.g. Paris is far."}},
		{"Install v1.2.3 from https://example.com/a.b now. Done!", []string{"Install v1.2.3 from https://example.com/a.b now.", "Done!"}},
		{"It is 39 C. Above that, call.", []string{"It is 39 C.", "Above that, call."}},
		{"Wait... and then go. Really?! Yes.", []string{"Wait... and then go.", "Really?!", "Yes."}},
		{"هل تعمل؟ نعم. يعمل جيدا.", []string{"هل تعمل؟", "نعم.", "يعمل جيدا."}},
		{"中文句子。第二句！第三句？", []string{"中文句子。", "第二句！", "第三句？"}},
		{"He said \"stop.\" Then left.", []string{"He said \"stop.\"", "Then left."}},
		{"J. R. Tolkien wrote it.", []string{"J. R. Tolkien wrote it."}},
	}
	for _, c := range cases {
		src, err := newSource([]byte(c.text))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range src.sentences(0, len(src.text)) {
			got = append(got, src.text[s[0]:s[1]])
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q:\n got %q\nwant %q", c.text, got, c.want)
		}
	}
}

func TestLongProseSplitsAtSentencesAndOverlapRepeatsThem(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Policy\n\n")
	for i := 0; i < 30; i++ {
		b.WriteString("Staff may carry over ten days into the next year. ")
	}
	doc := split(t, b.String(), Options{Max: 200, Min: 50})
	for _, c := range doc.Chunks {
		if !strings.HasPrefix(c.Text, "Staff") || !strings.HasSuffix(c.Text, "year.") {
			t.Fatalf("prose chunk not on sentence bounds: %q", c.Text)
		}
	}
	over := split(t, b.String(), Options{Max: 200, Min: 50, Overlap: 1})
	if len(over.Chunks) != len(doc.Chunks) {
		t.Fatalf("overlap changed the number of chunks: %d vs %d", len(over.Chunks), len(doc.Chunks))
	}
	for i := 1; i < len(over.Chunks); i++ {
		if over.Chunks[i].Start >= doc.Chunks[i].Start || over.Chunks[i].Start >= over.Chunks[i-1].End {
			t.Errorf("chunk %d does not start inside the previous one", i)
		}
	}
}

func TestHeadingWithoutBodyIsFindable(t *testing.T) {
	doc := split(t, "# Guide\n\n## Installation\n\nRun it.\n\n## Troubleshooting\n", DefaultOptions())
	got := paths(doc)
	if len(got) != 2 || got[1] != "Guide > Troubleshooting" || doc.Chunks[1].Text != "## Troubleshooting" {
		t.Fatalf("paths %q", got)
	}
}

func TestFixedChunksHaveExactLines(t *testing.T) {
	md := "line one\nline two\nline three\n"
	doc, err := SplitFixed("f.md", []byte(md), 10, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Chunks) != 4 || doc.Chunks[1].Text != "e\nline two" || doc.Chunks[1].StartLine != 1 || doc.Chunks[1].EndLine != 2 {
		t.Fatalf("%+v", doc.Chunks)
	}
	if _, err := SplitFixed("f.md", []byte(md), 10, 10); err == nil {
		t.Error("overlap equal to size accepted")
	}
}

func TestIDsAreStable(t *testing.T) {
	md := []byte("# A\n\nSome text.\n")
	a, errA := Split("a.md", md, DefaultOptions())
	b, errB := Split("a.md", md, DefaultOptions())
	c, errC := Split("b.md", md, DefaultOptions())
	if err := errors.Join(errA, errB, errC); err != nil {
		t.Fatal(err)
	}
	if a.Chunks[0].ID != b.Chunks[0].ID || a.Chunks[0].ID == c.Chunks[0].ID {
		t.Errorf("ids %s %s %s", a.Chunks[0].ID, b.Chunks[0].ID, c.Chunks[0].ID)
	}
}

func TestWholeFileIsOneChunkWithoutFrontMatter(t *testing.T) {
	md := "---\ntitle: T\n---\n\n# A\n\nx\n\n## B\n\ny\n"
	doc, err := SplitWhole("w.md", []byte(md))
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Chunks) != 1 || doc.Chunks[0].Text != "# A\n\nx\n\n## B\n\ny" || doc.Chunks[0].StartLine != 5 || doc.Title != "T" {
		t.Fatalf("%+v", doc.Chunks)
	}
	checkInvariants(t, "whole", []byte(md), doc, Options{Max: 1000})
}
