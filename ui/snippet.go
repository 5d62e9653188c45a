package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index/snippet"
)

// snippetLines is how many lines of snippet a result row shows.
const snippetLines = 3

// snippetView shows a snippet as words that flow over a few lines, matched
// words bold and coloured. It lays the words out itself: Fyne's RichText
// breaks a coloured word into single letters when it starts near the end
// of a line. Right-to-left snippets (Arabic) flow from the right.
type snippetView struct {
	widget.BaseWidget
	words    []snippetWord
	rtl      bool
	maxLines int     // 0: as many as the words need
	lines    int     // lines used at the last layout
	width    float32 // width of the last layout
	source   string  // a preview paragraph's text (newRTLParagraph), to mark matches in
	ltr      []bool  // in a right-to-left text, the words that read left to right (bidi.go)
}

type snippetWord struct {
	text  string
	hit   bool
	glued bool // no space before it: punctuation or the rest of a word
}

func newSnippetView() *snippetView {
	s := &snippetView{maxLines: snippetLines}
	s.ExtendBaseWidget(s)
	return s
}

// newRTLParagraph shows right-to-left prose in the preview: Fyne shapes
// Arabic letters but lays words out left to right, so Folio flows them.
func newRTLParagraph(text string) *snippetView {
	s := &snippetView{source: snippet.Readable(text)}
	s.ExtendBaseWidget(s)
	s.mark(nil)
	return s
}

// mark shows the paragraph for reading (Markdown's backticks, emphasis
// and link targets dropped, as in snippets) with match's words marked.
func (s *snippetView) mark(match func(term string) bool) int {
	sn := snippet.Make(s.source, match, utf8.RuneCountInString(s.source)+1)
	s.set(sn)
	return len(sn.Highlights)
}

// String is the snippet's text, for tests and accessibility.
func (s *snippetView) String() string {
	var b strings.Builder
	for i, w := range s.words {
		if i > 0 && !w.glued {
			b.WriteByte(' ')
		}
		b.WriteString(w.text)
	}
	return b.String()
}

// set replaces the snippet; words are split at spaces, and a highlight
// range becomes its own word so it can be styled.
func (s *snippetView) set(sn snippet.Snippet) {
	s.words = snippetWords(sn)
	s.rtl = isRTL(sn.Text)
	s.ltr = nil
	if s.rtl {
		texts := make([]string, len(s.words))
		for i, w := range s.words {
			texts[i] = w.text
		}
		s.ltr = wordDirections(texts, true)
	}
	s.Refresh()
}

func snippetWords(sn snippet.Snippet) []snippetWord {
	var out []snippetWord
	// add appends the words of plain text; glued says whether its first
	// word touches the previous word ("dose" + ",").
	add := func(t string, hit, glued bool) {
		for i, f := range strings.Fields(t) {
			out = append(out, snippetWord{text: f, hit: hit, glued: glued && i == 0})
		}
	}
	// touches reports whether the characters on both sides of byte i are
	// not spaces (decoded as characters: a UTF-8 continuation byte such as
	// 0x85 or 0xA0 is not the space it would be as a rune).
	touches := func(i int) bool {
		if i <= 0 || i >= len(sn.Text) {
			return false
		}
		before, _ := utf8.DecodeLastRuneInString(sn.Text[:i])
		after, _ := utf8.DecodeRuneInString(sn.Text[i:])
		return !unicode.IsSpace(before) && !unicode.IsSpace(after)
	}
	last := 0
	for _, h := range sn.Highlights {
		if h[0] < last || h[1] > len(sn.Text) || h[0] >= h[1] {
			continue
		}
		add(sn.Text[last:h[0]], false, touches(last))
		out = append(out, snippetWord{text: sn.Text[h[0]:h[1]], hit: true, glued: touches(h[0])})
		last = h[1]
	}
	add(sn.Text[last:], false, touches(last))
	return out
}

// isRTL reports whether most letters of text are right-to-left.
func isRTL(text string) bool {
	rtl, ltr := 0, 0
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana):
			rtl++
		case unicode.IsLetter(r):
			ltr++
		}
	}
	return rtl > ltr
}

func (s *snippetView) CreateRenderer() fyne.WidgetRenderer {
	return &snippetRenderer{s: s}
}

type snippetRenderer struct {
	s       *snippetView
	objects []fyne.CanvasObject
	texts   []*canvas.Text
}

func (r *snippetRenderer) Destroy() {}

func (r *snippetRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *snippetRenderer) MinSize() fyne.Size {
	lines := r.s.maxLines
	if lines == 0 {
		lines = max(1, r.s.lines) // as laid out at the current width
	}
	return fyne.NewSize(theme.TextSize()*4, float32(lines)*lineHeight())
}

// reorderLTRRuns keeps each run of left-to-right words of one line of a
// right-to-left text in its own order ("Vue 3", not "3 Vue"): the run
// keeps its place in the line, its words go left to right inside it.
func (r *snippetRenderer) reorderLTRRuns(width float32) {
	for i := 0; i < len(r.texts); {
		if !r.s.ltr[i] || !r.texts[i].Visible() {
			i++
			continue
		}
		j := i
		for j+1 < len(r.texts) && r.s.ltr[j+1] && r.texts[j+1].Visible() && r.texts[j+1].Position().Y == r.texts[i].Position().Y {
			j++
		}
		// In the mirrored layout the run starts at its last word's left
		// edge; each gap between two words stays the same, in reverse.
		gaps := make([]float32, j-i)
		for k := i; k < j; k++ {
			gaps[k-i] = r.texts[k].Position().X - (r.texts[k+1].Position().X + r.texts[k+1].Size().Width)
		}
		x := r.texts[j].Position().X
		for k := i; k <= j; k++ {
			r.texts[k].Move(fyne.NewPos(x, r.texts[k].Position().Y))
			x += r.texts[k].Size().Width
			if k < j {
				x += gaps[k-i]
			}
		}
		i = j + 1
	}
}

func lineHeight() float32 {
	return fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
}

func (r *snippetRenderer) Refresh() {
	r.texts = r.texts[:0]
	r.objects = r.objects[:0]
	fg, match := theme.Color(theme.ColorNameForeground), theme.Color(ColorNameMatch)
	for i, w := range r.s.words {
		text := w.text
		if r.s.rtl && !r.s.ltr[i] {
			text = visualRTLWord(text)
		}
		t := canvas.NewText(text, fg)
		t.TextSize = theme.TextSize()
		if w.hit {
			t.Color = match
			t.TextStyle = fyne.TextStyle{Bold: true}
		}
		r.texts = append(r.texts, t)
		r.objects = append(r.objects, t)
	}
	r.Layout(r.s.Size())
	canvas.Refresh(r.s)
}

// Layout flows the words over at most snippetLines lines; words that do
// not fit are hidden and the last shown line ends in an ellipsis word.
func (r *snippetRenderer) Layout(size fyne.Size) {
	// Text measures a lone space narrower than it shows between words.
	space := max(fyne.MeasureText(" ", theme.TextSize(), fyne.TextStyle{}).Width, theme.TextSize()*0.3)
	lh := lineHeight()
	x, line := float32(0), 0
	for i, t := range r.texts {
		w := t.MinSize().Width
		if i > 0 && !r.s.words[i].glued {
			x += space
		}
		if x > 0 && x+w > size.Width && !r.s.words[i].glued {
			line++
			x = 0
		}
		if r.s.maxLines > 0 && line >= r.s.maxLines {
			for _, rest := range r.texts[i:] {
				rest.Hide()
			}
			break
		}
		t.Show()
		t.Resize(fyne.NewSize(w, lh))
		pos := x
		if r.s.rtl {
			pos = size.Width - x - w
		}
		t.Move(fyne.NewPos(pos, float32(line)*lh))
		x += w
	}
	if r.s.rtl {
		r.reorderLTRRuns(size.Width)
	}
	used := line + 1
	if len(r.texts) == 0 {
		used = 0
	}
	// A free-height paragraph asks its container for room for its lines.
	if r.s.maxLines == 0 && size.Width > 0 && (used != r.s.lines || size.Width != r.s.width) {
		changed := used != r.s.lines
		r.s.lines, r.s.width = used, size.Width
		if changed {
			if c := fyne.CurrentApp().Driver().CanvasForObject(r.s); c != nil {
				c.Refresh(r.s)
			}
		}
	}
}
