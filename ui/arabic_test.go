package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
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
