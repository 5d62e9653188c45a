package ui

import (
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/internal/testutil"
	"folio/ui/internal/flowview"
	"folio/ui/internal/mdtext"
)

// corpusParagraphs samples prose paragraphs (with their inline code,
// links and emphasis) from the shared corpus, the same ones every run.
func corpusParagraphs(t testing.TB, perCorpus int) []string {
	var out []string
	for _, dir := range []string{"corpus/18f-handbook", "corpus/golang-website", "corpus/medquad-md", "corpus/tldr/pages.zh", "corpus/ar-vue-docs"} {
		root := testutil.SharedPath(t, dir)
		var files []string
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
				files = append(files, p)
			}
			return nil
		})
		sort.Strings(files)
		got := 0
		// Every file in turn from a stride through the sorted list, so
		// the sample spreads over the whole corpus.
		for i := 0; i < len(files) && got < perCorpus; i += max(1, len(files)/perCorpus/2) {
			data, err := os.ReadFile(files[i])
			if err != nil {
				t.Fatal(err)
			}
			for _, para := range strings.Split(string(data), "\n\n") {
				lines := strings.Split(strings.TrimSpace(para), "\n")
				prose := true
				for _, l := range lines {
					prose = prose && mdtext.IsProseLine(l)
				}
				if !prose || strings.ContainsAny(para, "|`{") && strings.Contains(para, "```") || strings.Contains(para, "{{") || strings.Contains(para, "|") || strings.Contains(para, "](#") || len(para) < 60 || len(para) > 1500 {
					continue
				}
				out = append(out, strings.TrimSpace(para))
				if got++; got == perCorpus || got%3 == 0 {
					break // a few from each file
				}
			}
		}
	}
	return out
}

// queryFor marks two words of the paragraph, as a search would.
func queryFor(para string) string {
	var words []string
	for _, f := range strings.FieldsFunc(para, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(f) >= 2 && utf8.RuneCountInString(f) <= 12 {
			words = append(words, f)
		}
	}
	if len(words) < 3 {
		return strings.Join(words, " ")
	}
	return words[len(words)/3] + " " + words[2*len(words)/3]
}

type drawnText struct {
	t    *canvas.Text
	x, y float32
}

// drawnLines is the visible text under o, by line (top to bottom, each
// left to right), with positions relative to o.
func drawnLines(o fyne.CanvasObject) [][]drawnText {
	var all []drawnText
	var walk func(o fyne.CanvasObject, at fyne.Position)
	walk = func(o fyne.CanvasObject, at fyne.Position) {
		if !o.Visible() {
			return
		}
		at = at.Add(o.Position())
		switch v := o.(type) {
		case *canvas.Text:
			if strings.TrimSpace(v.Text) != "" {
				all = append(all, drawnText{v, at.X, at.Y})
			}
		case *fyne.Container:
			for _, c := range v.Objects {
				walk(c, at)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(v).Objects() {
				walk(c, at)
			}
		}
	}
	walk(o, fyne.Position{})
	sort.SliceStable(all, func(i, j int) bool {
		if math.Abs(float64(all[i].y-all[j].y)) > 2 {
			return all[i].y < all[j].y
		}
		return all[i].x < all[j].x
	})
	var lines [][]drawnText
	for i, d := range all {
		if i == 0 || math.Abs(float64(d.y-all[i-1].y)) > 2 {
			lines = append(lines, nil)
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], d)
	}
	return lines
}

func lineText(l []drawnText) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.t.Text)
	}
	return b.String()
}

func noSpace(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// shownText is the paragraph's text as the Markdown parser gives it.
func shownText(md string) string {
	var b strings.Builder
	var add func([]widget.RichTextSegment)
	add = func(segs []widget.RichTextSegment) {
		for _, s := range segs {
			switch v := s.(type) {
			case *widget.TextSegment:
				b.WriteString(v.Text)
			case *widget.HyperlinkSegment:
				b.WriteString(v.Text)
			case *widget.ParagraphSegment:
				add(v.Texts)
			case *widget.ListSegment:
				add(v.Items)
			}
		}
	}
	add(safeSegments(widget.NewRichTextFromMarkdown(mdtext.ImagesAsText(mdtext.UnwrapParagraphs(mdtext.Readable(md)))).Segments))
	return b.String()
}

// firstWord is the width of what starts line l up to where a line may
// break: the first word and what touches it, or one CJK character and
// the punctuation after it.
func firstWord(l []drawnText) float32 {
	w := float32(0)
	for i, d := range l {
		// A glued piece may start up to a pixel on (texts start on whole
		// pixels); a space is wider.
		if i > 0 && d.x-(l[i-1].x+l[i-1].t.MinSize().Width) > 1.5 {
			break // a space before this piece
		}
		text := d.t.Text
		if r, n := utf8.DecodeRuneInString(text); isWide(r) {
			end := n
			for end < len(text) {
				p, m := utf8.DecodeRuneInString(text[end:])
				if !unicode.IsPunct(p) {
					break
				}
				end += m
			}
			return w + fyne.MeasureText(text[:end], d.t.TextSize, d.t.TextStyle).Width
		}
		if f := strings.Fields(text); len(f) > 0 {
			w += fyne.MeasureText(f[0], d.t.TextSize, d.t.TextStyle).Width
			if strings.ContainsAny(strings.TrimSpace(text), " \u00a0") {
				break
			}
		}
	}
	return w
}

func isWide(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// checkWrap lays out one rendered paragraph at width and reports how its
// lines break wrongly.
func checkWrap(t *testing.T, md string, width float32) {
	t.Helper()
	o := renderMarkdown(md)
	highlightMatches(o, queryFor(md))
	w := test.NewTempWindow(t, o)
	for range 3 { // a paragraph asks for the height its lines need
		o.Resize(fyne.NewSize(width, o.MinSize().Height))
	}
	w.Resize(o.Size().AddWidthHeight(2*theme.Padding(), 2*theme.Padding()))
	o.Resize(fyne.NewSize(width, o.MinSize().Height))
	lines := drawnLines(o)
	right := width - theme.InnerPadding()
	space := fyne.MeasureText(" ", theme.TextSize(), fyne.TextStyle{}).Width
	bad := func(format string, args ...any) {
		var shown []string
		for _, l := range lines {
			shown = append(shown, lineText(l))
		}
		t.Errorf("at %v px, "+format+"\nparagraph: %q\nlines: %q", append(append([]any{width}, args...), md, shown)...)
	}
	for i, l := range lines[:max(0, len(lines)-1)] {
		text := strings.TrimSpace(lineText(l))
		if r, _ := utf8.DecodeRuneInString(text); utf8.RuneCountInString(text) == 1 && unicode.IsLetter(r) {
			bad("line %d holds the single letter %q", i, text)
			return
		}
		end := l[len(l)-1].x + l[len(l)-1].t.MinSize().Width
		if next := firstWord(lines[i+1]); end+space+next < right-2 {
			bad("line %d ends at %.0f though the next line's first word (%.0f px) fits before %.0f", i, end, next, right)
			return
		}
	}
	if flowview.IsRTL(shownText(md)) {
		return // drawn right to left, by words
	}
	var got strings.Builder
	for _, l := range lines {
		got.WriteString(lineText(l))
	}
	if want := noSpace(shownText(md)); noSpace(got.String()) != want {
		bad("the lines say %q, want %q", noSpace(got.String()), want)
	}
}

// The preview wraps paragraphs between words for any mix of plain text,
// marked words, links and inline code, in Latin, Chinese and Arabic: no
// letter stranded on a line, no line left short, nothing lost.
func TestPreviewWrapsCorpusParagraphs(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(Theme())
	paras := corpusParagraphs(t, 60)
	if len(paras) < 200 {
		t.Fatalf("only %d paragraphs sampled", len(paras))
	}
	failed := 0
	for _, width := range []float32{300, 480, 800, 1180} {
		for _, md := range paras {
			ok := t.Run("", func(t *testing.T) { checkWrap(t, md, width) })
			if !ok {
				if failed++; failed > 12 {
					t.Fatal("more paragraphs wrap wrongly")
				}
			}
		}
	}
}

// The sample library's case: a marked word, then the rest of the
// sentence on the same line when it fits.
func TestPreviewWrapsAroundMarkedWords(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(Theme())
	for _, md := range []string{
		"Up to five unused days may be carried into the next year; the rest lapse on 1 January.",
		"Annual leave accrues each pay period, from one leave year to the next, and `leave` is [counted](https://example.org) in hours.",
		"如果 goroutine 没有退出，就会发生 goroutine 泄漏，这会占用内存并导致程序变慢，直到进程结束为止。",
	} {
		for _, width := range []float32{300, 480, 800} {
			checkWrap(t, md, width)
		}
	}
}
