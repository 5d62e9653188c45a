package chunker

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The chunker keeps a table whole and never looks inside it, yet
// goldmark's table extension builds a node per cell and parses each
// cell's inline text: some 50 bytes allocated per byte of a big table
// (78 MB for a 1.5 MB one). tables finds the same tables, by the same
// rules, as one raw block holding the table's lines, which goldmark
// does not parse further.
var tables goldmark.Extender = tableExtension{}

// kindTable is the kind of the raw table block.
var kindTable = ast.NewNodeKind("FolioTable")

// rawTable is a pipe table as one block; its lines are the table's rows.
type rawTable struct{ ast.BaseBlock }

func (t *rawTable) Kind() ast.NodeKind { return kindTable }

// IsRaw keeps goldmark from parsing the cells as inline text.
func (t *rawTable) IsRaw() bool { return true }

func (t *rawTable) Dump(source []byte, level int) { ast.DumpHelper(t, source, level, nil, nil) }

type tableExtension struct{}

func (tableExtension) Extend(m goldmark.Markdown) {
	// 200, as goldmark's own table extension, so link reference
	// definitions are taken out of a paragraph first, as before.
	m.Parser().AddOptions(parser.WithParagraphTransformers(util.Prioritized(tableTransformer{}, 200)))
}

type tableTransformer struct{}

// Transform is goldmark's tableParagraphTransformer.Transform (v1.8.7)
// without the rows: the first line that is a delimiter row, under a
// header of no more cells than it has columns, starts a table that runs
// to the end of the paragraph.
func (tableTransformer) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	if lines.Len() < 2 {
		return
	}
	source := reader.Source()
	for i := 1; i < lines.Len(); i++ {
		delim := lines.At(i)
		cols := delimiterColumns(delim.Value(source))
		if cols == 0 {
			continue
		}
		if headerCells(lines.At(i-1), source) > cols {
			return
		}
		table := &rawTable{}
		table.SetPos(node.Pos())
		for j := i - 1; j < lines.Len(); j++ {
			table.Lines().Append(lines.At(j))
		}
		node.Lines().SetSliced(0, i-1)
		node.Parent().InsertAfter(node.Parent(), node, table)
		if node.Lines().Len() == 0 {
			node.Parent().RemoveChild(node.Parent(), node)
		} else {
			last := node.Lines().At(i - 2)
			last.Stop-- // trim the last newline, as goldmark does
			node.Lines().Set(i-2, last)
		}
		return
	}
}

var (
	delimLeft   = regexp.MustCompile(`^\s*\:\-+\s*$`)
	delimRight  = regexp.MustCompile(`^\s*\-+\:\s*$`)
	delimCenter = regexp.MustCompile(`^\s*\:\-+\:\s*$`)
	delimNone   = regexp.MustCompile(`^\s*\-+\s*$`)
)

// delimiterColumns is the number of columns of a delimiter row, or 0 when
// line is not one (goldmark's parseDelimiter).
func delimiterColumns(line []byte) int {
	if !isTableDelim(line) {
		return 0
	}
	cols := bytes.Split(line, []byte{'|'})
	if util.IsBlank(cols[0]) {
		cols = cols[1:]
	}
	if len(cols) > 0 && util.IsBlank(cols[len(cols)-1]) {
		cols = cols[:len(cols)-1]
	}
	for _, col := range cols {
		if !delimLeft.Match(col) && !delimRight.Match(col) && !delimCenter.Match(col) && !delimNone.Match(col) {
			return 0
		}
	}
	return len(cols)
}

func isTableDelim(bs []byte) bool {
	if w, _ := util.IndentWidth(bs, 0); w > 3 {
		return false
	}
	allSep := true
	for _, b := range bs {
		if b != '-' {
			allSep = false
		}
		if !(util.IsSpace(b) || b == '-' || b == '|' || b == ':') {
			return false
		}
	}
	return !allSep
}

// headerCells counts the cells of a header row as goldmark's parseRow
// does: split at each | not preceded by a backslash, outer pipes dropped.
func headerCells(segment text.Segment, source []byte) int {
	segment = segment.TrimLeftSpace(source)
	segment = segment.TrimRightSpace(source)
	line := segment.Value(source)
	pos, limit := 0, len(line)
	if limit > 0 && line[0] == '|' {
		pos++
	}
	if limit > 0 && line[limit-1] == '|' {
		limit--
	}
	n := 0
	for ; pos < limit; n++ {
		closure := pos
		for ; closure < limit; closure++ {
			if line[closure] == '|' && (closure == 0 || line[closure-1] != '\\') {
				break
			}
		}
		pos = closure + 1
	}
	return n
}
