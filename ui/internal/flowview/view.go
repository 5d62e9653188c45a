// Package flowview draws words laid out by ui/internal/flow: a result's
// snippet (a few lines, cut with an ellipsis) and a preview paragraph
// (as many lines as it needs, links clickable), matched words bold and
// coloured, right-to-left text flowed from the right.
package flowview

import (
	"math"
	"net/url"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index/snippet"
	"folio/ui/internal/flow"
	"folio/ui/internal/look"
)

// SnippetLines is how many lines of snippet a result row shows.
const SnippetLines = 3

// View shows a snippet, or a preview paragraph, as words that flow
// over lines (ui/internal/flow), matched words bold and coloured. Fyne's
// RichText wraps each styled run on its own and strands single letters of
// a run that starts near a line end. Right-to-left text (Arabic) flows
// from the right.
type View struct {
	widget.BaseWidget
	words    []flow.Word // Tag: a word style (TagPlain…), or TagLink+i for links[i]
	links    []*url.URL
	rtl      bool
	maxLines int                      // 0: as many as the words need
	lines    int                      // lines used at the last layout
	width    float32                  // width of the last layout
	pad      float32                  // inner padding on every side, as a label has
	source   string                   // a preview paragraph's text (NewRTLParagraph), to mark matches in
	segs     []widget.RichTextSegment // a preview paragraph's Markdown (NewProse), to mark matches in
	ltr      []bool                   // in a right-to-left text, the words that read left to right (bidi.go)
	pieces   []flow.Piece             // where the words are, as last laid out
}

// ColorNameMatch is the theme colour of matched words and links (the
// window's theme defines it at WCAG AA contrast).
const ColorNameMatch = look.ColorNameMatch

// Words is what the view shows, as laid out.
func (s *View) Words() []flow.Word { return s.words }

// Source is a right-to-left paragraph's text (NewRTLParagraph), in which
// Mark finds matches.
func (s *View) Source() string { return s.source }

// Word styles (flow.Word.Tag).
const (
	TagPlain = iota
	TagMatch
	TagCode
	TagBold
	TagItalic
	TagHeading
	TagSubHeading
	TagLink // TagLink+i: the link links[i]
)

func NewSnippet() *View {
	s := &View{maxLines: SnippetLines}
	s.ExtendBaseWidget(s)
	return s
}

// NewRTLParagraph shows right-to-left prose in the preview: Fyne shapes
// Arabic letters but lays words out left to right, so Folio flows them.
func NewRTLParagraph(text string) *View {
	s := &View{source: snippet.Readable(text), pad: theme.InnerPadding()}
	s.ExtendBaseWidget(s)
	s.Mark(nil)
	return s
}

// mark shows the paragraph for reading (Markdown's backticks, emphasis
// and link targets dropped, as in snippets) with match's words marked.
func (s *View) Mark(match func(term string) bool) int {
	sn := snippet.Make(s.source, match, utf8.RuneCountInString(s.source)+1)
	s.Set(sn)
	return len(sn.Highlights)
}

// String is the snippet's text, for tests and accessibility.
func (s *View) String() string {
	var b strings.Builder
	for i, w := range s.words {
		if i > 0 && w.Space {
			b.WriteByte(' ')
		}
		b.WriteString(w.Text)
	}
	return b.String()
}

// set replaces the snippet; a highlight range is its own run, so it can
// be styled.
func (s *View) Set(sn snippet.Snippet) {
	s.SetWords(SnippetWords(sn))
}

// SetWords shows words, flowed from the right when most letters are
// right to left.
func (s *View) SetWords(words []flow.Word) {
	s.words = words
	texts := make([]string, len(s.words))
	for i, w := range s.words {
		texts[i] = w.Text
	}
	s.rtl = IsRTL(strings.Join(texts, " "))
	s.ltr = nil
	if s.rtl {
		s.words = flow.SplitLTREnds(s.words) // "v-if." shows its full stop on the left
		texts = texts[:0]
		for _, w := range s.words {
			texts = append(texts, w.Text)
		}
		s.ltr = flow.WordDirections(texts, true)
	}
	s.Refresh()
}

func SnippetWords(sn snippet.Snippet) []flow.Word {
	var runs []flow.Run
	last := 0
	for _, h := range sn.Highlights {
		if h[0] < last || h[1] > len(sn.Text) || h[0] >= h[1] {
			continue
		}
		runs = append(runs, flow.Run{Text: sn.Text[last:h[0]]}, flow.Run{Text: sn.Text[h[0]:h[1]], Tag: TagMatch})
		last = h[1]
	}
	return flow.Words(append(runs, flow.Run{Text: sn.Text[last:]}))
}

// IsRTL reports whether most letters of text are right-to-left.
func IsRTL(text string) bool {
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

func (s *View) CreateRenderer() fyne.WidgetRenderer {
	return &renderer{s: s, obj: s}
}

type renderer struct {
	s       *View
	obj     fyne.Widget // s, or the Prose it is part of
	objects []fyne.CanvasObject
	texts   []*canvas.Text
	pieces  []flow.Piece
}

func (r *renderer) Destroy() {}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *renderer) MinSize() fyne.Size {
	lines := r.s.maxLines
	if lines == 0 {
		lines = max(1, r.s.lines) // as laid out at the current width
	}
	return fyne.NewSize(theme.TextSize()*4+2*r.s.pad, float32(lines)*r.s.lineHeight()+2*r.s.pad)
}

// reorderLTRRuns keeps each run of left-to-right words of one line of a
// right-to-left text in its own order ("Vue 3", not "3 Vue"): the run
// keeps its place in the line, its words go left to right inside it.
func (r *renderer) reorderLTRRuns() {
	ltr := func(i int) bool { return r.s.ltr[r.pieces[i].Word] }
	for i := 0; i < len(r.pieces); {
		if !ltr(i) {
			i++
			continue
		}
		j := i
		for j+1 < len(r.pieces) && ltr(j+1) && r.pieces[j+1].Line == r.pieces[i].Line {
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

// lineHeight is the height of the view's lines, in its largest text.
func (s *View) lineHeight() float32 {
	size := theme.TextSize()
	for _, w := range s.words {
		size = max(size, tagSize(w.Tag))
	}
	return fyne.MeasureText("Mg", size, fyne.TextStyle{Bold: true}).Height
}

func tagSize(tag int) float32 {
	switch tag {
	case TagHeading:
		return theme.Size(theme.SizeNameHeadingText)
	case TagSubHeading:
		return theme.Size(theme.SizeNameSubHeadingText)
	}
	return theme.TextSize()
}

func tagStyle(tag int) (fyne.TextStyle, fyne.ThemeColorName) {
	switch {
	case tag == TagMatch:
		return fyne.TextStyle{Bold: true}, ColorNameMatch
	case tag == TagCode:
		return fyne.TextStyle{Monospace: true}, theme.ColorNameForeground
	case tag == TagBold, tag == TagHeading, tag == TagSubHeading:
		return fyne.TextStyle{Bold: true}, theme.ColorNameForeground
	case tag == TagItalic:
		return fyne.TextStyle{Italic: true}, theme.ColorNameForeground
	case tag >= TagLink:
		return fyne.TextStyle{}, theme.ColorNameHyperlink
	}
	return fyne.TextStyle{}, theme.ColorNameForeground
}

func (r *renderer) Refresh() {
	r.Layout(r.obj.Size())
	canvas.Refresh(r.obj)
}

// Layout flows the words over the width (over at most maxLines lines,
// the rest hidden), one canvas text per piece of a word.
func (r *renderer) Layout(size fyne.Size) {
	s := r.s
	space := spaceWidth()
	width := size.Width - 2*s.pad
	if size.Width <= 0 {
		width = float32(math.Inf(1)) // not laid out yet: no word is cut
	}
	measure := func(w int, text string) float32 {
		style, _ := tagStyle(s.words[w].Tag)
		return fyne.MeasureText(text, tagSize(s.words[w].Tag), style).Width
	}
	r.pieces = flow.Layout(s.words, measure, space, width)
	if s.maxLines > 0 {
		n := 0
		for n < len(r.pieces) && r.pieces[n].Line < s.maxLines {
			n++
		}
		if n > 0 && n < len(r.pieces) {
			r.pieces = ellipsize(r.pieces[:n], measure, width)
		} else {
			r.pieces = r.pieces[:n]
		}
	}
	s.pieces = r.pieces
	if !s.rtl {
		r.pieces = mergePieces(r.pieces, s.words)
	}
	for len(r.texts) < len(r.pieces) {
		r.texts = append(r.texts, canvas.NewText("", nil))
	}
	r.texts = r.texts[:len(r.pieces)]
	r.objects = r.objects[:0]
	lh := s.lineHeight()
	for i, p := range r.pieces {
		t, tag := r.texts[i], s.words[p.Word].Tag
		t.Text = p.Text
		if s.rtl && !s.ltr[p.Word] {
			t.Text = flow.VisualRTLWord(p.Text)
		}
		var color fyne.ThemeColorName
		t.TextStyle, color = tagStyle(tag)
		t.Color, t.TextSize = theme.Color(color), tagSize(tag)
		t.Resize(fyne.NewSize(p.Width, lh))
		x := p.X
		if s.rtl {
			x = width - p.X - p.Width
		}
		t.Move(fyne.NewPos(s.pad+x, s.pad+float32(p.Line)*lh))
		r.objects = append(r.objects, t)
	}
	if s.rtl {
		r.reorderLTRRuns()
	}
	used := 0
	if len(r.pieces) > 0 {
		used = r.pieces[len(r.pieces)-1].Line + 1
	}
	// A free-height paragraph asks its container for room for its lines.
	if s.maxLines == 0 && size.Width > 0 && (used != s.lines || size.Width != s.width) {
		changed := used != s.lines
		s.lines, s.width = used, size.Width
		if changed {
			if c := fyne.CurrentApp().Driver().CanvasForObject(r.obj); c != nil {
				c.Refresh(r.obj)
			}
		}
	}
}

// mergePieces draws the words of one style on one line as one text: a
// long paragraph draws a few texts a line, not one a word.
func mergePieces(pieces []flow.Piece, words []flow.Word) []flow.Piece {
	var out []flow.Piece
	for _, p := range pieces {
		// Only across a space: a CJK character measures differently alone
		// and among others, so those keep the widths they were laid out in.
		if n := len(out) - 1; n >= 0 && out[n].Line == p.Line && words[out[n].Word].Tag == words[p.Word].Tag && words[p.Word].Space {
			out[n].Text += " " + p.Text
			out[n].Width = p.X + p.Width - out[n].X
			continue
		}
		out = append(out, p)
	}
	return out
}

// ellipsize ends the last line of a cut snippet with "…", dropping the
// words (or letters) it has no room for, so a cut never looks like the
// end of the text.
func ellipsize(pieces []flow.Piece, measure func(w int, text string) float32, width float32) []flow.Piece {
	out := append([]flow.Piece(nil), pieces...)
	last := func() *flow.Piece { return &out[len(out)-1] }
	line := last().Line
	for len(out) > 1 && out[len(out)-2].Line == line && last().X+last().Width+measure(last().Word, "…") > width {
		out = out[:len(out)-1]
	}
	p := last()
	text := []rune(p.Text)
	for len(text) > 1 && p.X+measure(p.Word, string(text)+"…") > width {
		text = text[:len(text)-1]
	}
	p.Text = string(text) + "…"
	p.Width = measure(p.Word, p.Text)
	return out
}

// SnippetChars is how many characters a snippet asked for a row width
// wide should hold: seven tenths of what SnippetLines lines of that row
// show of prose in the theme's text (a sample sentence laid out as a
// snippet is), which leaves room for the quarter a snippet may run on to
// end its sentence (index/snippet) and for text that wraps sooner than
// the sample. The window a search chooses around the answer then shows
// whole, where a fixed 200 characters lost its last words below the third
// line of a narrow list. 200 before the list has a size.
func SnippetChars(width float32) int {
	width -= 2 * theme.InnerPadding() // the row insets its snippet
	if width <= 0 {
		return 200
	}
	// Laying the sample out takes half a millisecond, and a search runs at
	// each key typed: the list's width and the text size rarely change.
	key := [2]float32{width, theme.TextSize()}
	charsMemo.Lock()
	defer charsMemo.Unlock()
	if n, ok := charsMemo.of[key]; ok {
		return n
	}
	words := flow.Words([]flow.Run{{Text: strings.Repeat(charsSample, 8)}})
	measure := func(_ int, text string) float32 {
		return fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width
	}
	shown := 0
	for _, p := range flow.Layout(words, measure, spaceWidth(), width) {
		if p.Line >= SnippetLines {
			break
		}
		shown += utf8.RuneCountInString(p.Text) + 1
	}
	n := min(max(shown*7/10, 60), 400)
	if len(charsMemo.of) > 64 { // a window resized many times
		clear(charsMemo.of)
	}
	charsMemo.of[key] = n
	return n
}

// charsMemo is SnippetChars' answers by width and text size.
var charsMemo = struct {
	sync.Mutex
	of map[[2]float32]int
}{of: map[[2]float32]int{}}

// spaceWidth is the width a space takes between two words of the theme's
// text: a lone space measures narrower than it shows between words.
func spaceWidth() float32 {
	return fyne.MeasureText("a a", theme.TextSize(), fyne.TextStyle{}).Width - fyne.MeasureText("aa", theme.TextSize(), fyne.TextStyle{}).Width
}

// charsSample is prose of the usual letters and word lengths.
const charsSample = "Fill out the service intake form at least 72 hours before the event is scheduled, and tell the interpreter how long the meeting will be. "

// Settle lays body out at width until its paragraphs have the heights
// their lines need: each starts one line high and grows when first laid
// out, so before this a place in it is too high (an Arabic section of long
// paragraphs left the preview's hit far below the view).
func Settle(body *fyne.Container, width float32) {
	if width <= 0 {
		return
	}
	for range 4 {
		size := fyne.NewSize(width, body.MinSize().Height)
		if size == body.Size() {
			return
		}
		body.Resize(size)
	}
}
