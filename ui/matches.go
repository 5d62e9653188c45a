package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"folio/index/snippet"
	"folio/ui/internal/flowview"
)

// highlightMatches marks the query's words in rich text the way snippets
// do (bold, in the match colour) and returns how many it marked. Tables
// drawn as grids keep their plain text.
func highlightMatches(o fyne.CanvasObject, query string) int {
	n := 0
	switch v := o.(type) {
	case *widget.RichText:
		v.Segments, n = highlightSegments(v.Segments, query)
		v.Refresh()
	case *flowview.Prose:
		segs, m := highlightSegments(v.Segments(), query)
		if n = m; m > 0 {
			v.SetSegments(segs)
		}
	case *flowview.View:
		if v.Source() != "" && query != "" {
			n = v.Mark(snippet.Matcher(query))
		}
	case *fyne.Container:
		for _, c := range v.Objects {
			n += highlightMatches(c, query)
		}
	}
	return n
}

func highlightSegments(segs []widget.RichTextSegment, query string) ([]widget.RichTextSegment, int) {
	var out []widget.RichTextSegment
	n := 0
	for _, s := range segs {
		switch v := s.(type) {
		case *widget.TextSegment:
			if v.Style.TextStyle.Monospace && !v.Style.Inline {
				out = append(out, v) // a code block keeps its columns
				continue
			}
			parts, m := splitAtMatches(v, query)
			n += m
			for _, p := range parts {
				out = append(out, p)
			}
		case *widget.ParagraphSegment:
			var m int
			v.Texts, m = highlightSegments(v.Texts, query)
			n += m
			out = append(out, v)
		case *widget.ListSegment:
			var m int
			v.Items, m = highlightSegments(v.Items, query)
			n += m
			out = append(out, v)
		default:
			out = append(out, s)
		}
	}
	return out, n
}

// splitAtMatches cuts a text segment into plain and matched parts and
// returns them with the number of matches. All but the last flow inline;
// the last keeps the segment's own style (a paragraph's end).
func splitAtMatches(t *widget.TextSegment, query string) ([]*widget.TextSegment, int) {
	ranges := snippet.MatchRanges(query, t.Text)
	if len(ranges) == 0 {
		return []*widget.TextSegment{t}, 0
	}
	inline := t.Style
	inline.Inline = true
	match := inline
	match.ColorName = ColorNameMatch
	match.TextStyle.Bold = true
	var parts []*widget.TextSegment
	last := 0
	for _, r := range ranges {
		if r[0] > last {
			parts = append(parts, &widget.TextSegment{Text: t.Text[last:r[0]], Style: inline})
		}
		parts = append(parts, &widget.TextSegment{Text: t.Text[r[0]:r[1]], Style: match})
		last = r[1]
	}
	parts = append(parts, &widget.TextSegment{Text: t.Text[last:], Style: t.Style})
	return parts, len(ranges)
}
