package chunker

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/yuin/goldmark/text"
)

// A long line is chunked with work linear in its length. Counting the rest
// of a sentence again at every cut read 225 bytes per byte of a 512 KB line
// of words, more the longer the line (an 11 MB line took 32 s); now it is
// about 8.
func TestLongLineWorkIsLinear(t *testing.T) {
	for _, name := range []string{"line-sentences", "line-no-stops", "line-cjk"} {
		data := shapeByName(t, name).make(512 << 10)
		for _, opt := range []Options{DefaultOptions(), {Max: 100, Min: 20, Overlap: 1}} {
			prog := &progress{ctx: context.Background()}
			doc, err := splitWith(prog, "line.md", data, opt)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, name, data, doc, opt)
			if ratio := float64(prog.done) / float64(len(data)); ratio > 16 {
				t.Errorf("%s %+v: %d chunks read %.1f bytes per input byte, want linear work (at most 16)", name, opt, len(doc.Chunks), ratio)
			}
			if len(doc.Chunks) < len(data)/(4*opt.Max) || len(doc.Omitted) != 0 {
				t.Errorf("%s %+v: %d chunks, %d omitted", name, opt, len(doc.Chunks), len(doc.Omitted))
			}
		}
	}
}

// cutLong's cuts are those of counting the rest afresh at every cut.
func TestCutLongKeepsItsCuts(t *testing.T) {
	line := string(shapeByName(t, "line-no-stops").make(10000)) + "一二三四五六七八九十，" + strings.Repeat("x", 3000) + ", y z"
	src, err := newSource([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	for _, max := range []int{3, 7, 100, 1200} {
		got := src.cutLong(0, len(src.text), max)
		want := cutLongRecounting(src, 0, len(src.text), max)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("max %d: cuts differ from the recounting reference", max)
		}
	}
}

// cutLongRecounting is cutLong as it was: it counts the rest at every cut.
func cutLongRecounting(s *source, start, end, max int) [][2]int {
	var out [][2]int
	for utf8.RuneCountInString(s.text[start:end]) > max {
		parts := s.cutLong(start, end, max)
		out = append(out, parts[0])
		start, _ = s.trimRange(parts[0][1], end)
		// Only the first cut of the rest is taken: each one is thus made
		// from a freshly counted size, as before.
	}
	if a, b := s.trimRange(start, end); a < b {
		out = append(out, [2]int{a, b})
	}
	return out
}

func shapeByName(t testing.TB, name string) hostile {
	for _, h := range hostileShapes {
		if h.name == name {
			return h
		}
	}
	t.Fatalf("no shape %q", name)
	return hostile{}
}

// An inline base64 image is left out of the chunks and recorded; the prose
// around it is chunked as usual, with exact lines.
func TestEmbeddedDataIsOmitted(t *testing.T) {
	run := "data:image/png;base64," + strings.Repeat("iVBORw0KGgo+/AAAA", 3000)
	md := "# Scan\n\nThe scan before the operation shows a small shadow. " + strings.Repeat("More words follow here. ", 60) +
		"![x](" + run + ") The scan after it is clear.\nA second line.\n\nNext paragraph.\n"
	opt := DefaultOptions()
	doc := split(t, md, opt)
	if len(doc.Omitted) != 1 {
		t.Fatalf("omitted %+v", doc.Omitted)
	}
	o := doc.Omitted[0]
	wantChars := len("![x](" + run + ")")
	if o.StartLine != 3 || o.EndLine != 3 || o.Chars != wantChars || doc.Text[o.Start:o.End] != "![x]("+run+")" {
		t.Errorf("omission %+v, want line 3, %d chars", o, wantChars)
	}
	if want := thousands(wantChars) + " characters without a space (embedded data such as base64?) not indexed"; o.Reason != want {
		t.Errorf("reason %q, want %q", o.Reason, want)
	}
	var after *Chunk
	for i, c := range doc.Chunks {
		if strings.Contains(c.Text, "AAAA") {
			t.Errorf("chunk %d holds the base64: %.80q", i, c.Text)
		}
		if strings.HasPrefix(c.Text, "The scan after it is clear.") {
			after = &doc.Chunks[i]
		}
	}
	if after == nil || after.StartLine != 3 || after.EndLine != 6 || !strings.HasSuffix(after.Text, "Next paragraph.") {
		t.Fatalf("chunk after the image: %+v", after)
	}
	r := Measure(doc, opt)
	if r.Coverage.Omitted == 0 || r.Coverage.Lost != 0 {
		t.Errorf("coverage %+v: the run's words should count as omitted, not lost", r.Coverage)
	}
	// Overlap never reaches back across an omitted run.
	over := Options{Max: 300, Min: 50, Overlap: 2}
	doc = split(t, md, over)
	for i, c := range doc.Chunks {
		if c.Start < doc.Omitted[0].End && c.End > doc.Omitted[0].Start {
			t.Errorf("chunk %d spans the omitted run", i)
		}
	}
}

// The run limit is max(2×Max, 1000) ASCII characters; Chinese without
// spaces and code blocks are never omitted.
func TestOnlyLongASCIIRunsInProseAreOmitted(t *testing.T) {
	opt := Options{Max: 600, Min: 100}
	words := strings.Repeat("Some words here. ", 80)
	for _, c := range []struct {
		name, md string
		omitted  int
	}{
		{"at the limit", words + strings.Repeat("a", 1200) + " " + words, 0},
		{"over the limit", words + strings.Repeat("a", 1201) + " " + words, 1},
		{"two runs", words + strings.Repeat("b", 5000) + "\n" + strings.Repeat("c", 5000) + " " + words, 2},
		{"run ending the paragraph", words + strings.Repeat("b", 5000) + "\n\nNext.", 1},
		{"run alone", "# H\n\n" + strings.Repeat("b", 5000) + "\n", 1},
		{"chinese", words + strings.Repeat("护士检查病历", 1000) + " " + words, 0},
		{"thai", words + strings.Repeat("พยาบาลตรวจสอบแผนภูมิ", 300) + " " + words, 0},
		{"code block", "```\n" + strings.Repeat("b", 5000) + "\n```\n", 0},
		{"table", "| a |\n|---|\n| " + strings.Repeat("b", 5000) + " |\n", 0},
	} {
		doc := split(t, c.md, opt)
		if len(doc.Omitted) != c.omitted {
			t.Errorf("%s: %d omitted, want %d", c.name, len(doc.Omitted), c.omitted)
		}
		for _, o := range doc.Omitted {
			for i, ch := range doc.Chunks {
				if ch.Start < o.End && ch.End > o.Start {
					t.Errorf("%s: chunk %d overlaps omitted %+v", c.name, i, o)
				}
			}
		}
	}
	// The limit follows Max above 500.
	doc := split(t, words+strings.Repeat("a", 2500)+" "+words, Options{Max: 1200})
	if len(doc.Omitted) != 1 {
		t.Errorf("2,500 characters at max 1200: %d omitted, want 1", len(doc.Omitted))
	}
	doc = split(t, words+strings.Repeat("a", 2400)+" "+words, Options{Max: 1200})
	if len(doc.Omitted) != 0 {
		t.Errorf("2,400 characters at max 1200: %d omitted, want 0", len(doc.Omitted))
	}
}

// A note with an 8 MB inline image is a handful of chunks.
func TestBase64NoteIsAHandfulOfChunks(t *testing.T) {
	data := shapeByName(t, "base64-image").make(8 << 20)
	doc, err := Split("scan.md", data, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Chunks) != 2 || len(doc.Omitted) != 1 || doc.Omitted[0].Chars < 8<<20 || doc.Omitted[0].StartLine != 5 {
		t.Fatalf("%d chunks, omitted %+v", len(doc.Chunks), doc.Omitted)
	}
}

// Files nested deeper than MaxDepth are refused before goldmark sees them,
// with a reason fit to show; real nesting and thematic breaks are not.
func TestDeepNestingIsRefused(t *testing.T) {
	for _, c := range []struct {
		name  string
		md    string
		depth int
	}{
		{"dashes", nested("- ", MaxDepth+1), MaxDepth + 1},
		{"stars and pluses", nested("* + ", MaxDepth/2+1), MaxDepth + 2},
		{"ordered", nested("1. ", MaxDepth+1), MaxDepth + 1},
		{"ordered parens", nested("12) ", MaxDepth+1), MaxDepth + 1},
		{"quotes", nested("> ", MaxDepth+1), MaxDepth + 1},
		{"tight quotes", nested(">", MaxDepth+1), MaxDepth + 1},
		{"mixed", nested("> - 1. ", MaxDepth/3+1), 3 * (MaxDepth/3 + 1)},
		{"indented", "# Deep\n\n" + indentedList(MaxDepth+1), MaxDepth + 1},
		{"tabs", "- a\n" + strings.Repeat("\t", MaxDepth/2+1) + "- b\n", MaxDepth + 3},
		{"2,000 levels", indentedList(2000), 2000},
	} {
		_, err := Split("deep.md", []byte(c.md), DefaultOptions())
		if !errors.Is(err, ErrTooDeep) {
			t.Errorf("%s: err %v, want ErrTooDeep", c.name, err)
			continue
		}
		want := fmt.Sprintf("nested %s levels deep (lists or quotes); files nested over %d levels are skipped", thousands(c.depth), MaxDepth)
		if err.Error() != want {
			t.Errorf("%s: %q, want %q", c.name, err, want)
		}
	}
	for _, md := range []string{
		nested("- ", MaxDepth),
		nested("1. ", MaxDepth),
		nested("> ", MaxDepth),
		indentedList(MaxDepth),
		strings.Repeat("- ", 300) + "\n\n" + strings.Repeat("* ", 300) + "\n", // thematic breaks
		"```\n" + strings.Repeat(" ", 300) + "deep code\n```\n",
		"---\ntitle: x\ntree:\n" + indentedList(150) + "---\n\nBody.\n", // front matter is not Markdown
	} {
		doc, err := Split("deep.md", []byte(md), DefaultOptions())
		if err != nil {
			t.Errorf("%.40q: %v", md, err)
			continue
		}
		checkInvariants(t, "deep", []byte(md), doc, DefaultOptions())
	}
	if got := thousands(1234567); got != "1,234,567" {
		t.Errorf("thousands %q", got)
	}
}

// Files of tiny blocks cost goldmark and the chunker far more than their
// size says (20 MB of "- x" lines took 7 to 9 s and 4 GB). Each such shape
// is refused just over MaxBlocks, with a reason fit to show, and accepted
// just under it; long lines and cheap markup are accepted at 20 MB.
func TestTinyBlocksAreRefused(t *testing.T) {
	cheap := map[string]bool{"line-sentences": true, "line-no-stops": true, "line-cjk": true, "base64-image": true, "inline-entities": true}
	reason := regexp.MustCompile(`^about ([0-9,]+) blocks \(list items, quotes, paragraphs, table cells, links, sentences\); ` +
		`files over ` + thousands(MaxBlocks) + ` blocks are skipped: parsing them would take more time and memory than any real note needs$`)
	for _, h := range hostileShapes {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			under, over := guardLimit(t, h)
			if cheap[h.name] != (over == 0) {
				t.Fatalf("accepted up to %d bytes", under)
			}
			if over == 0 {
				return
			}
			_, err := Split("tiny.md", h.make(over), DefaultOptions())
			if !errors.Is(err, ErrTooManyBlocks) || errors.Is(err, ErrTooDeep) {
				t.Fatalf("%d bytes: err %v, want ErrTooManyBlocks", over, err)
			}
			m := reason.FindStringSubmatch(err.Error())
			if m == nil {
				t.Errorf("reason %q", err)
			} else if n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", "")); n <= MaxBlocks {
				t.Errorf("refused at an estimate of %d", n)
			}
			src, _ := decodeSource(h.make(under))
			if err := checkShape(src.text, src.frontEnd); err != nil {
				t.Errorf("%d bytes: %v", under, err)
			}
		})
	}
	// Just under the limit, a file is chunked in full.
	h := shapeByName(t, "flat-items")
	under, _ := guardLimit(t, h)
	data := h.make(under)
	doc, err := Split("items.md", data, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, "flat-items", data, doc, DefaultOptions())
}

// The estimate's weights, on small files: what each line, marker, block,
// table cell and level costs, and inline markup counted only in text long
// enough for it to matter.
func TestBlockEstimate(t *testing.T) {
	for _, c := range []struct {
		name string
		md   string
		want int
	}{
		// Each item: 2 for the marker, 2 for the line, 1 for the block, 1
		// for the level; and 400 bytes, 6.
		{"items", strings.Repeat("- x\n", 100), 100*(2+2+1+1) + 400/64},
		// Each paragraph: 2 for the line, 1 for the block; a blank line an
		// eighth.
		{"paragraphs", strings.Repeat("x\n\n", 100), 100*(2+1) + 100/8 + 300/64},
		// Each heading: line, block, and section.
		{"headings", strings.Repeat("# x\n", 100), 100*(2+1+1) + 400/64},
		// Header line and block, delimiter line and 3 per column, then each
		// row its line, itself and its 2 cells.
		{"table", "|a|b|\n|-|-|\n" + strings.Repeat("x\n", 100), (2 + 1) + (2 + 3*2) + 100*(2+1+2) + 212/64},
		// "*" cannot start a list inside a paragraph: each is a row, with
		// its marker, its level, from the second on the level open, and
		// itself and its 2 cells.
		{"table of stars", "|a|b|\n|-|-|\n" + strings.Repeat("*\n", 100), (2 + 1) + (2 + 3*2) + (2 + 1 + 3) + 99*(2+1+1+3) + 212/64},
		// A list 10 deep, then blank lines that go through its 10 levels;
		// so do form feeds, which may be blank to goldmark, and quote
		// markers alone, blank inside the quote.
		{"blank lines in a deep list", nested("- ", 10) + strings.Repeat("\n", 100), (2*10 + 2 + 1 + 10) + 100*10 + 100/8 + 122/64},
		{"form feeds in a deep list", nested("- ", 10) + strings.Repeat("\f\n", 100), (2*10 + 2 + 1 + 10) + 100*(2+10) + 222/64},
		{"blank quote lines", "> " + nested("- ", 9) + strings.Repeat(">\n", 100), (2*10 + 2 + 1 + 10) + 100*(2+1+10) + 222/64},
		// Lines of code at the top level go through no level; in a list item
		// through as many as their indentation reaches.
		{"code", "```\n" + strings.Repeat("        x\n", 100) + "```\n", (2 + 1) + 100*2 + (2 + 1) + 1008/64},
		{"code in an item", "- a\n\n  ```\n" + strings.Repeat("        x\n", 100) + "  ```\n",
			(2 + 2 + 1 + 1) + 1 + (2 + 1 + 1) + 100*(2+1) + (2 + 1 + 1) + 1017/64},
		// Lines starting with "<" cost a quarter unit a byte on top.
		{"html", strings.Repeat("<div>\n\n", 100), 100*(2+1+5/4) + 100/8 + 700/64},
		// Front matter reaches goldmark blanked: a blank line a line.
		{"front matter", "---\ntitle: x\n" + strings.Repeat("a: b\n", 100) + "---\n\nBody.\n", (2 + 1) + (102+2)/8 + 524/64},
		// Links: short text, counted as lines only; long, per delimiter.
		{"few links", strings.Repeat("[a] ", 1000), (2 + 1) + 4000/64},
		{"many links", strings.Repeat("[a] ", 120_000), (2 + 1) + 480_000/64 + 2*120_000},
		{"sentences and addresses", strings.Repeat("See <x> or a@b. ", 30_000),
			(2 + 1) + 480_000/64 + 2*30_000 + 2*30_000 + 30_000/2},
	} {
		if got := estimateBlocks(t, []byte(c.md)); got != c.want {
			t.Errorf("%s: estimate %d, want %d", c.name, got, c.want)
		}
	}
}

// countingContext is cancelled from the n-th look at Err on, so a test can
// cancel a split deterministically in the middle of its own loops. With
// done set, Done reports the cancel from the start.
type countingContext struct {
	context.Context
	looks, n atomic.Int64
	done     chan struct{}
}

func (c *countingContext) Done() <-chan struct{} {
	if c.done != nil {
		return c.done
	}
	return c.Context.Done()
}

func (c *countingContext) Err() error {
	if c.looks.Add(1) >= c.n.Load() {
		return context.Canceled
	}
	return nil
}

func TestSplitContextStopsWhenCancelled(t *testing.T) {
	data := shapeByName(t, "line-no-stops").make(8 << 20)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := SplitContext(ctx, "x.md", data, DefaultOptions()); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before: err %v", err)
	}
	// One 8 MB paragraph: the loops over its sentences and cuts look at the
	// context every few hundred KB, not once at the end.
	full := &countingContext{Context: context.Background()}
	full.n.Store(1 << 60)
	if _, err := SplitContext(full, "x.md", data, DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	looks := full.looks.Load()
	if looks < int64(len(data)/checkEvery) {
		t.Fatalf("%d looks at the context over %d bytes", looks, len(data))
	}
	for _, at := range []int64{2, looks / 3, looks / 2, looks - 1} {
		mid := &countingContext{Context: context.Background()}
		mid.n.Store(at)
		if doc, err := SplitContext(mid, "x.md", data, DefaultOptions()); !errors.Is(err, context.Canceled) || doc != nil {
			t.Errorf("cancelled at look %d of %d: err %v", at, looks, err)
		}
	}
	// A cancel during goldmark's parse (a quarter of a second for the most
	// items the guard accepts) returns without waiting for it.
	items := shapeByName(t, "flat-items")
	under, _ := guardLimit(t, items)
	flat := items.make(under)
	during := &countingContext{Context: context.Background(), done: make(chan struct{})}
	during.n.Store(3) // the look before the parse starts, then the one after Done
	close(during.done)
	if _, err := SplitContext(during, "flat.md", flat, DefaultOptions()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during the parse: err %v", err)
	}
}

// utf16File encodes s as UTF-16 with a byte-order mark.
func utf16File(s string, bigEndian bool) []byte {
	out := []byte{0xFF, 0xFE}
	if bigEndian {
		out = []byte{0xFE, 0xFF}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func TestUTF16FilesAreDecoded(t *testing.T) {
	md := "# Fièvre 😀\r\n\r\nFirst paragraph with an emoji 😀 in it.\r\n\r\n## العربية\r\n\r\nيحق للموظف واحد وعشرون يوم عمل في السنة.\r\n"
	for _, be := range []bool{false, true} {
		data := utf16File(md, be)
		doc, err := Split("utf16.md", data, DefaultOptions())
		if err != nil {
			t.Fatalf("big endian %v: %v", be, err)
		}
		checkInvariants(t, "utf16", data, doc, DefaultOptions())
		if doc.InvalidBytes != 0 || doc.Title != "Fièvre 😀" || len(doc.Chunks) != 2 {
			t.Fatalf("big endian %v: title %q, %d invalid, chunks %+v", be, doc.Title, doc.InvalidBytes, doc.Chunks)
		}
		if c := doc.Chunks[0]; c.Text != "First paragraph with an emoji 😀 in it." || c.StartLine != 3 || c.EndLine != 3 {
			t.Errorf("big endian %v: first chunk %+v", be, c)
		}
		if c := doc.Chunks[1]; c.Text != "يحق للموظف واحد وعشرون يوم عمل في السنة." || c.StartLine != 7 || c.Path[1] != "العربية" {
			t.Errorf("big endian %v: second chunk %+v", be, c)
		}
		fixed, err := SplitFixed("utf16.md", data, 20, 0)
		if err != nil || fixed.Text != doc.Text || fixed.Chunks[0].Text != "# Fièvre 😀\n\nFirst pa" {
			t.Fatalf("big endian %v: fixed %v %+v", be, err, fixed)
		}
		for _, c := range fixed.Chunks {
			if c.StartLine != strings.Count(fixed.Text[:c.Start], "\n")+1 || c.EndLine != c.StartLine+strings.Count(strings.TrimSuffix(c.Text, "\n"), "\n") {
				t.Errorf("big endian %v: fixed chunk %d lines %d-%d", be, c.Ordinal, c.StartLine, c.EndLine)
			}
		}
	}
	// An unpaired surrogate and an odd last byte become U+FFFD.
	data := append(utf16File("a", false), 0x00, 0xD8, 'b', 0, '\n', 0, 'c', 0, 'd')
	doc, err := Split("broken.md", data, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if doc.Text != "a\uFFFDb\nc\uFFFD" || doc.InvalidBytes != 3 {
		t.Errorf("text %q, %d invalid bytes", doc.Text, doc.InvalidBytes)
	}
	checkInvariants(t, "broken utf16", data, doc, DefaultOptions())
	// UTF-16 holding a NUL character is binary after all.
	if _, err := Split("nul.md", utf16File("a\x00b", true), DefaultOptions()); !errors.Is(err, ErrBinary) {
		t.Errorf("NUL in UTF-16: err %v", err)
	}
}

// cmark's pathological inline inputs, quadratic in goldmark (200 KB of
// "*a_ " took 11 s, 20 MB of backtick runs 26 s), reach goldmark without
// their delimiters.
func TestPathologicalInlineIsDefused(t *testing.T) {
	for _, name := range []string{"cmark-mismatched-emph", "cmark-multiple-of-3", "cmark-unclosed-links-a",
		"cmark-unclosed-links-b", "cmark-nested-brackets", "cmark-nested-strong-emph", "cmark-link-emph", "cmark-backticks"} {
		data := shapeByName(t, name).make(200_000)
		buf := append([]byte(nil), data...)
		defuse(buf, string(data), 0)
		if n := countDelimiters(string(buf)); n > maxDelimiters {
			t.Errorf("%s: %d delimiters left for goldmark", name, n)
		}
		doc, err := Split("inline.md", data, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, name, data, doc, DefaultOptions())
	}
	// Link reference definitions, quadratic too (1 MB of them took 9 s),
	// reach goldmark in paragraphs of at most maxDefinitions.
	data := shapeByName(t, "cmark-link-refs").make(200_000)
	buf := append([]byte(nil), data...)
	defuse(buf, string(data), 0)
	run, longest := 0, 0
	for _, line := range strings.Split(string(buf), "\n") {
		if strings.HasPrefix(line, "[") && strings.Contains(line, "]:") {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	if longest > maxDefinitions {
		t.Errorf("%d definitions in one paragraph", longest)
	}
	doc, err := Split("refs.md", data, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, "refs", data, doc, DefaultOptions())
}

// Defusing leaves the blocks goldmark finds, and so the chunks, as they
// were, with every kind of block next to paragraphs over the limit; only
// headings themselves over the limit lose their markup.
func TestDefuseKeepsBlocks(t *testing.T) {
	heavy := strings.Repeat("*a* [b](c) _d_ ~~e~~ `f` ", 10)
	md := "# Title with *emphasis* and [a link](u)\n\n" +
		heavy + "\n" + heavy + "\n\n" +
		"- item " + heavy + "\n  continued " + heavy + "\n- [ ] task " + heavy + "\n* other list\n\n" +
		"***\n" + heavy + "\n* * *\n" + heavy + "\n___\n\n" +
		"Setext *heading*\n===\n" + heavy + "\nSecond *setext*\n---\n\n" +
		"```\ncode " + heavy + "\n```\n~~~\n" + heavy + "\n~~~\n\n" +
		"| `a|b` | *b* |\n|---|---|\n| " + heavy + " | d |\n\n" +
		"[ref]: /url \"title\"\n" + heavy + "\n[ref]\n\n" +
		"> quote " + heavy + "\n> > nested " + heavy + "\n\n" +
		"<div>\n" + heavy + "\n</div>\n\n" +
		"<![CDATA[\n" + heavy + "]]>\n" + heavy + "\n\n" +
		"1. one " + heavy + "\n   2) two " + heavy + "\n\n" +
		"    indented code " + heavy + "\n\n" +
		"## Heading " + heavy + "\n" + heavy + "\n"
	src, err := newSource([]byte(md))
	if err != nil {
		t.Fatal(err)
	}
	buf := []byte(md)
	defuse(buf, md, 0)
	if string(buf) == md {
		t.Fatal("nothing defused")
	}
	if !strings.HasPrefix(string(buf), "# Title with *emphasis* and [a link](u)\n\n") {
		t.Errorf("a heading under the limit lost its markup")
	}
	flat := func(buf []byte) []string {
		p := &parsed{src: src}
		doc := markdown.Parser().Parse(text.NewReader(buf))
		var out []string
		var walk func([]*block, int)
		walk = func(blocks []*block, depth int) {
			for _, b := range blocks {
				out = append(out, fmt.Sprintf("%d %d %d-%d %d", depth, b.typ, b.start, b.end, b.level))
				walk(b.children, depth+1)
			}
		}
		walk(p.children(doc, buf, 0, len(buf), true), 0)
		return out
	}
	before, after := flat([]byte(md)), flat(buf)
	if strings.Join(before, "\n") != strings.Join(after, "\n") {
		for i := range min(len(before), len(after)) {
			if before[i] != after[i] {
				t.Errorf("block %d: %s, defused %s", i, before[i], after[i])
			}
		}
		t.Fatalf("%d blocks, defused %d", len(before), len(after))
	}
	if len(before) < 30 {
		t.Errorf("only %d blocks", len(before))
	}
	doc := split(t, md, DefaultOptions())
	headings := map[string]bool{}
	for _, c := range doc.Chunks {
		for _, h := range c.Path {
			headings[h] = true
		}
	}
	for _, want := range []string{"Title with emphasis and a link", "Setext heading"} {
		if !headings[want] {
			t.Errorf("no chunk under %q: %v", want, headings)
		}
	}
}
