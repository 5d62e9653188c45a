package chunker

import (
	"context"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// markdown is shared: goldmark parsers keep no state between Parse calls.
var markdown = goldmark.New(goldmark.WithExtensions(
	tables, extension.Strikethrough, extension.TaskList, extension.Linkify,
))

// blockType is what the chunker needs to know about a Markdown block.
type blockType uint8

const (
	typeProse   blockType = iota // paragraph or anything else with prose text
	typeHeading                  // ATX or setext heading (top level only changes the path)
	typeList
	typeItem
	typeTable
	typeCode
	typeHTML
	typeQuote
	typeNeutral // thematic break, link reference definition: no words of their own that change a chunk's kind
)

// block is one node of the document's block tree with the exact byte range
// of its source (trimmed of surrounding whitespace).
type block struct {
	typ        blockType
	start, end int
	children   []*block
	level      int    // heading level
	heading    string // heading text, plain
	codeFenced bool
	ownEnd     int // headings: end of the heading's own lines
}

// parsed is a document's block tree over its normalised source.
type parsed struct {
	src    *source
	blocks []*block // top-level blocks in order
}

// parseContext is parse that returns ctx.Err() as soon as ctx is cancelled.
// goldmark cannot be interrupted, so the parse goes on in the background
// until it ends (up to some 15 s on a hostile 20 MB file) and its result is
// dropped; the caller is free at once.
func parseContext(ctx context.Context, src *source) (*parsed, error) {
	if ctx.Done() == nil {
		return parseRecover(src)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type result struct {
		p     *parsed
		panic any
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{panic: r}
			}
		}()
		done <- result{p: parse(src)}
	}()
	select {
	case r := <-done:
		if r.panic != nil {
			return nil, parserFailed(r.panic)
		}
		return r.p, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// parseRecover is parse that turns a panic in the Markdown parser into an
// error: a file that trips a parser bug is skipped with its reason, and the
// import goes on.
func parseRecover(src *source) (p *parsed, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, parserFailed(r)
		}
	}()
	return parse(src), nil
}

func parserFailed(r any) error {
	return fmt.Errorf("the Markdown parser failed on this file (%v)", r)
}

func parse(src *source) *parsed {
	buf := []byte(src.text)
	// Front matter is blanked (newlines kept) so goldmark does not read it
	// as a thematic break and a setext heading, and offsets stay the same.
	for i := 0; i < src.frontEnd; i++ {
		if buf[i] != '\n' {
			buf[i] = ' '
		}
	}
	defuse(buf, src.text, src.frontEnd)
	doc := markdown.Parser().Parse(text.NewReader(buf))
	p := &parsed{src: src}
	start := src.frontEnd
	p.blocks = p.children(doc, buf, start, len(buf), true)
	return p
}

// children builds the blocks under n, whose own range is [start, end). A
// child runs from its own start to the start of the next child, so lines
// goldmark keeps outside the tree (closing fences, setext underlines, list
// markers, lazy lines, link reference definitions) stay with the block they
// belong to.
func (p *parsed) children(n ast.Node, buf []byte, start, end int, top bool) []*block {
	type candidate struct {
		node  ast.Node
		start int
	}
	var cands []candidate
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		cs := p.nodeStart(c)
		if len(cands) == 0 && !top {
			cs = start // the container's marker line belongs to its first child
		}
		if cs < start || cs >= end || (len(cands) > 0 && cs <= cands[len(cands)-1].start) {
			continue // no position of its own: it stays inside the previous block's range
		}
		cands = append(cands, candidate{c, cs})
	}
	out := make([]*block, 0, len(cands))
	for i, cd := range cands {
		e := end
		if i+1 < len(cands) {
			e = cands[i+1].start
		}
		b := &block{typ: classify(cd.node)}
		b.start, b.end = p.src.trimRange(cd.start, e)
		if b.start >= b.end {
			continue
		}
		switch node := cd.node.(type) {
		case *ast.Heading:
			b.level = node.Level
			b.heading = inlineText(node, buf)
			b.ownEnd = min(p.headingEnd(node, b.start), b.end)
		case *ast.FencedCodeBlock:
			b.codeFenced = true
		}
		switch b.typ {
		case typeList, typeQuote, typeItem:
			b.children = p.children(cd.node, buf, b.start, b.end, false)
		}
		out = append(out, b)
	}
	return out
}

// headingEnd is the end of a heading's own lines: the ATX line, or the
// setext text lines and their underline.
func (p *parsed) headingEnd(h *ast.Heading, start int) int {
	s := p.src
	first := strings.TrimLeft(s.text[start:s.lineEnd(start)], " \t")
	lines := h.Lines()
	if strings.HasPrefix(first, "#") || lines.Len() == 0 {
		return s.lineEnd(start)
	}
	lastLine := s.lineEnd(lines.At(lines.Len() - 1).Start)
	if lastLine+1 >= len(s.text) {
		return lastLine
	}
	return s.lineEnd(lastLine + 1)
}

// nodeStart is the offset of the start of the line where node n begins, or
// -1 when goldmark recorded no position for it.
func (p *parsed) nodeStart(n ast.Node) int {
	pos := -1
	switch n.Kind() {
	case ast.KindParagraph, ast.KindTextBlock:
		// A paragraph that began with link reference definitions keeps their
		// position; its own text starts at its first remaining line.
		if l := n.Lines(); l.Len() > 0 {
			pos = l.At(0).Start
		}
	}
	if pos < 0 {
		pos = n.Pos()
	}
	if pos < 0 {
		pos = firstSegment(n)
	}
	if pos < 0 || pos > len(p.src.text) {
		return -1
	}
	if pos == len(p.src.text) {
		return pos
	}
	return p.src.lineStart(pos)
}

// firstSegment finds the first source offset recorded anywhere under n.
func firstSegment(n ast.Node) int {
	if n.Type() == ast.TypeBlock {
		if l := n.Lines(); l != nil && l.Len() > 0 {
			return l.At(0).Start
		}
	} else if t, ok := n.(*ast.Text); ok {
		return t.Segment.Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if s := firstSegment(c); s >= 0 {
			return s
		}
	}
	return -1
}

func classify(n ast.Node) blockType {
	switch n.Kind() {
	case ast.KindHeading:
		return typeHeading
	case ast.KindList:
		return typeList
	case ast.KindListItem:
		return typeItem
	case ast.KindFencedCodeBlock, ast.KindCodeBlock:
		return typeCode
	case ast.KindHTMLBlock:
		return typeHTML
	case ast.KindBlockquote:
		return typeQuote
	case ast.KindThematicBreak, ast.KindLinkReferenceDefinition:
		return typeNeutral
	case kindTable:
		return typeTable
	}
	return typeProse
}

// inlineText is the plain text of a heading: what a reader sees, without
// emphasis markers, link targets or HTML tags.
func inlineText(n ast.Node, src []byte) string {
	var b strings.Builder
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch t := c.(type) {
			case *ast.Text:
				b.Write(t.Segment.Value(src))
				if t.SoftLineBreak() || t.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(t.Value)
			case *ast.AutoLink:
				b.Write(t.Label(src))
			case *ast.RawHTML:
				// tags are markup, not words
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}
