package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"folio/internal/testutil/testlib"
)

// A code block in an Arabic note reads as code: left to right from the
// left edge, in monospace, its indentation kept (it was flowed from the
// right as Arabic prose, one line a paragraph, indentation dropped).
func TestArabicPreviewShowsCodeLeftToRight(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(Theme())
	md := "الموجهة `v-else-if`، كما يشير الاسم، تعمل ككتلة \"else if\" لـ `v-if`:\n\n" +
		"```vue-html\n<div v-if=\"type === 'A'\">\n  أ\n</div>\n```\n\nيمكن استخدامها أيضًا بشكل متسلسل."
	o := renderMarkdown(md)
	w := test.NewTempWindow(t, o)
	for range 3 {
		o.Resize(fyne.NewSize(600, o.MinSize().Height))
	}
	w.Resize(o.Size().AddWidthHeight(2*theme.Padding(), 2*theme.Padding()))
	var div, alef *drawnText
	for _, l := range drawnLines(o) {
		for i := range l {
			d := l[i]
			d.t.Text = strings.TrimPrefix(d.t.Text, "\u200e") // the mark that keeps the indent (mdtext.KeepIndentLTR)
			switch {
			case strings.Contains(d.t.Text, "<div"):
				div = &d
			case strings.TrimSpace(d.t.Text) == "أ":
				alef = &d
			}
		}
	}
	if div == nil || alef == nil {
		t.Fatalf("the code's lines are not drawn as lines: %q", lineTexts(drawnLines(o)))
	}
	if !div.t.TextStyle.Monospace {
		t.Error("the code is not in monospace")
	}
	if left := 2 * theme.InnerPadding(); div.x > left {
		t.Errorf("the code starts at x=%.0f, want it at the left edge (≤ %.0f)", div.x, left)
	}
	indent := alef.x - div.x
	if strings.HasPrefix(alef.t.Text, "  ") {
		indent += fyne.MeasureText("  ", div.t.TextSize, div.t.TextStyle).Width
	}
	if space := fyne.MeasureText(" ", div.t.TextSize, div.t.TextStyle).Width; indent < 1.5*space {
		t.Errorf("the indented line starts %.1f px right of the one above, want two spaces (%.1f px)", indent, 2*space)
	}
	if strings.Contains(alef.t.Text, "`") || strings.Contains(div.t.Text, "```") {
		t.Errorf("the fences show: %q, %q", div.t.Text, alef.t.Text)
	}
}

func lineTexts(lines [][]drawnText) []string {
	var out []string
	for _, l := range lines {
		out = append(out, lineText(l))
	}
	return out
}

// The hit's passage is at the top of the preview when an Arabic section
// of long paragraphs is shown, once the preview's paragraphs have the
// heights their lines need (the window's driver lays them out again
// after they grow).
func TestArabicPreviewScrollsTheHitIntoView(t *testing.T) {
	para := strings.Repeat("تستخدم السمة الموجهة لتصيير شرطي لكتلة من الشيفرة وسيتم تصيير الكتلة فقط إذا كان التعبير صحيحا ", 6)
	var md strings.Builder
	md.WriteString("# التصيير الشرطي\n\n")
	for range 14 {
		md.WriteString(para + "\n\n")
	}
	md.WriteString("الزرافة في وسط القسم تظهر هنا.\n\n")
	for range 8 {
		md.WriteString(para + "\n\n")
	}
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"ar/cond.md": md.String()})
	w := newWindow(t, ix)
	test.Type(w.search, "الزرافة")
	waitFor(t, "the preview", func() bool {
		return onUI(w, func() bool { return w.preview.hitBox != nil && len(w.preview.body.Objects) > 3 })
	})
	var top, y, height float32
	onUI(w, func() bool {
		p := w.preview
		for range 4 { // as the driver does while paragraphs grow
			p.body.Resize(fyne.NewSize(p.scroll.Size().Width, p.body.MinSize().Height))
		}
		top, y, height = p.scroll.Offset.Y, p.hitBox.Position().Y, p.scroll.Size().Height
		return true
	})
	if y < 1000 {
		t.Fatalf("the hit is at %.0f px, want a section long enough to need scrolling", y)
	}
	// At the top of the view: the offset must be taken from the
	// paragraphs' places after they have grown.
	if y < top-2 || y > top+2 {
		t.Errorf("the hit's passage starts at %.0f px, the preview shows %.0f–%.0f px: want it at the top", y, top, top+height)
	}
}

// One passage with matches is "1 passage", not "1 passages".
func TestMatchCountSaysOnePassage(t *testing.T) {
	ix := testlib.Open(t)
	w := newWindow(t, ix)
	p := w.preview
	p.matchBlocks, p.current = []int{0}, -1
	p.showMatchCount()
	if got := p.matches.Text; got != "1 passage with matches (F3)" {
		t.Errorf("the count says %q", got)
	}
	p.matchBlocks = []int{0, 1}
	p.showMatchCount()
	if got := p.matches.Text; got != "2 passages with matches (F3)" {
		t.Errorf("the count says %q", got)
	}
}
