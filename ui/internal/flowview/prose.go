package flowview

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index/snippet"
	"folio/ui/internal/flow"
)

// Prose is a paragraph of the preview; a click on a link opens it.
type Prose struct{ View }

// NewProse lays out one paragraph's runs of Fyne's Markdown.
func NewProse(segs []widget.RichTextSegment) *Prose {
	p := &Prose{}
	p.pad = theme.InnerPadding()
	p.ExtendBaseWidget(p)
	p.SetSegments(segs)
	return p
}

// CreateRenderer draws the paragraph as a View does.
func (p *Prose) CreateRenderer() fyne.WidgetRenderer {
	return &renderer{s: &p.View, obj: p}
}

// Segments is the paragraph's Markdown, in which matches are marked.
func (p *Prose) Segments() []widget.RichTextSegment { return p.segs }

// SetSegments lays out segs, the runs of one paragraph, as one flow of words.
func (p *Prose) SetSegments(segs []widget.RichTextSegment) {
	p.segs, p.links = segs, nil
	var runs []flow.Run
	for i, s := range segs {
		switch v := s.(type) {
		case *widget.TextSegment:
			text := v.Text
			if !v.Style.TextStyle.Monospace {
				text = snippet.Unescape(text) // Fyne keeps Markdown's "\*"
			}
			if i+1 < len(segs) {
				text = dropAddedSpace(text)
			}
			runs = append(runs, flow.Run{Text: text, Tag: segmentTag(v.Style)})
		case *widget.HyperlinkSegment:
			runs = append(runs, flow.Run{Text: v.Text, Tag: TagLink + len(p.links)})
			p.links = append(p.links, v.URL)
		}
	}
	p.SetWords(flow.Words(runs))
}

// dropAddedSpace takes off the space Fyne's Markdown adds after text
// followed by a link, code or emphasis when it is an opening quote or
// bracket ("“[Use or Lose](…)" would read "“ Use or Lose"): no prose
// puts a space there.
func dropAddedSpace(text string) string {
	t := strings.TrimSuffix(text, " ")
	if r, _ := utf8.DecodeLastRuneInString(t); t != text && (unicode.Is(unicode.Ps, r) || unicode.Is(unicode.Pi, r)) {
		return t
	}
	return text
}

func segmentTag(st widget.RichTextStyle) int {
	switch {
	case st.ColorName == ColorNameMatch:
		return TagMatch
	case st.SizeName == theme.SizeNameHeadingText:
		return TagHeading
	case st.SizeName == theme.SizeNameSubHeadingText:
		return TagSubHeading
	case st.TextStyle.Monospace:
		return TagCode
	case st.TextStyle.Bold:
		return TagBold
	case st.TextStyle.Italic:
		return TagItalic
	}
	return TagPlain
}

// Tapped opens the link under the pointer.
func (p *Prose) Tapped(ev *fyne.PointEvent) {
	lh := p.lineHeight()
	for _, pc := range p.pieces {
		tag := p.words[pc.Word].Tag
		x, y := ev.Position.X-p.pad, ev.Position.Y-p.pad-float32(pc.Line)*lh
		if tag >= TagLink && y >= 0 && y < lh && x >= pc.X && x < pc.X+pc.Width && p.links[tag-TagLink] != nil {
			_ = fyne.CurrentApp().OpenURL(p.links[tag-TagLink])
			return
		}
	}
}
