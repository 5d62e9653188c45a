// Package chunker splits Markdown documents into retrieval chunks along their
// structure: a chunk never spans two heading paths, tables, code and HTML
// blocks are never cut, lists are cut only between items and prose only at
// sentence ends. Every chunk knows its heading path and exact line range, so
// a search hit can be cited and checked against the file.
//
// The package knows nothing of SQLite or the window; it turns bytes into
// chunks and measures the result.
package chunker

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Version identifies the chunking rules. Bump it whenever boundaries change:
// it is part of every chunk id, and the index re-chunks files written by an
// older version.
const Version = "folio-structural-1"

// Kind says what a chunk is made of.
type Kind string

// The kinds of chunk. A chunk of prose with one table is a table chunk; one
// with two different non-prose kinds is mixed.
const (
	KindProse Kind = "prose"
	KindList  Kind = "list"
	KindTable Kind = "table"
	KindCode  Kind = "code"
	KindQuote Kind = "quote"
	KindHTML  Kind = "html"
	KindMixed Kind = "mixed"
)

// Chunk is one retrieval unit of a document.
type Chunk struct {
	ID      string   `json:"id"`
	Source  string   `json:"source"`
	Ordinal int      `json:"ordinal"`
	Kind    Kind     `json:"kind"`
	Path    []string `json:"path"`
	Title   string   `json:"title"`
	Section string   `json:"section"`
	// StartLine and EndLine are 1-based and inclusive, as an editor counts.
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	// Start and End are byte offsets of Text in Document.Text.
	Start int    `json:"-"`
	End   int    `json:"-"`
	Text  string `json:"text"`
}

// Options bound chunk sizes, in characters (Unicode code points).
type Options struct {
	Max     int // target maximum; only atomic blocks and single items exceed it
	Min     int // chunks below this merge with a neighbour of the same path when they fit
	Overlap int // sentences of the previous prose chunk repeated at the start of the next
}

// DefaultOptions are the sizes Folio indexes with unless told otherwise.
func DefaultOptions() Options { return Options{Max: 1200, Min: 200, Overlap: 0} }

// Validate reports options that cannot work.
func (o Options) Validate() error {
	switch {
	case o.Max < 1:
		return fmt.Errorf("max must be at least 1 character, got %d", o.Max)
	case o.Min < 0:
		return fmt.Errorf("min must not be negative, got %d", o.Min)
	case o.Overlap < 0:
		return fmt.Errorf("overlap must not be negative, got %d", o.Overlap)
	}
	return nil
}

// Document is a chunked file.
type Document struct {
	Source string
	Title  string
	// Text is the file as chunked: byte-order mark removed, line endings
	// turned into LF, invalid UTF-8 replaced. Chunk offsets point into it and
	// its line numbers are the file's.
	Text         string
	Chunks       []Chunk
	InvalidBytes int // invalid UTF-8 bytes replaced by U+FFFD
}

// piece is the smallest unit the packer moves: a whole block, one list
// item, or one sentence.
type piece struct {
	start, end int
	kind       Kind // "" for blocks without a kind of their own (rules, link definitions)
}

type section struct {
	path    []string
	level   int
	heading [2]int // the heading's own lines, or {0,0} before the first heading
	pieces  []piece
}

// Split chunks one Markdown file. sourceID is the file's path relative to
// its folder; it names the chunks and, without extension, titles a document
// that has neither front-matter title nor H1.
func Split(sourceID string, data []byte, opt Options) (*Document, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	src, err := newSource(data)
	if err != nil {
		return nil, err
	}
	p := parse(src)
	doc := &Document{Source: sourceID, Text: src.text, InvalidBytes: src.invalidBytes}
	doc.Title = documentTitle(sourceID, src, p)

	sections := collectSections(p, opt, doc.Title)
	sp := splitter{src: src, opt: opt}
	for i, sec := range sections {
		spans := sp.pack(sec.pieces)
		secID := sectionID(sourceID, i, sec.path)
		for _, s := range spans {
			text := src.text[s.start:s.end]
			doc.Chunks = append(doc.Chunks, Chunk{
				Source:    sourceID,
				Ordinal:   len(doc.Chunks),
				Kind:      s.kind,
				Path:      sec.path,
				Title:     doc.Title,
				Section:   secID,
				StartLine: src.line(s.start),
				EndLine:   src.line(s.end - 1),
				Start:     s.start,
				End:       s.end,
				Text:      text,
			})
		}
	}
	for i := range doc.Chunks {
		doc.Chunks[i].ID = chunkID(&doc.Chunks[i])
	}
	return doc, nil
}

func documentTitle(sourceID string, src *source, p *parsed) string {
	if src.frontTitle != "" {
		return src.frontTitle
	}
	for _, b := range p.blocks {
		if b.typ == typeHeading && b.level == 1 && b.heading != "" {
			return b.heading
		}
	}
	base := path.Base(strings.ReplaceAll(sourceID, "\\", "/"))
	if ext := path.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}

// collectSections groups the top-level blocks by heading path and turns
// them into pieces.
func collectSections(p *parsed, opt Options, title string) []section {
	type open struct {
		level int
		text  string
	}
	var stack []open
	sp := splitter{src: p.src, opt: opt}
	sections := []section{{path: []string{title}}}
	for _, b := range p.blocks {
		if b.typ != typeHeading {
			cur := &sections[len(sections)-1]
			cur.pieces = sp.pieces(b, cur.pieces, "")
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].level >= b.level {
			stack = stack[:len(stack)-1]
		}
		if b.heading != "" {
			stack = append(stack, open{b.level, b.heading})
		}
		path := []string{title}
		if len(stack) > 0 {
			path = make([]string, len(stack))
			for i, o := range stack {
				path[i] = o.text
			}
		}
		sec := section{path: path, level: b.level, heading: [2]int{b.start, b.ownEnd}}
		// Anything goldmark left between the heading and the next block.
		if s, e := p.src.trimRange(b.ownEnd, b.end); s < e {
			sec.pieces = append(sec.pieces, piece{s, e, KindProse})
		}
		sections = append(sections, sec)
	}
	// A heading with neither text nor subsections under it is a chunk of
	// its own, so its words stay findable; one with subsections lives on in
	// their paths.
	out := sections[:0]
	for i, sec := range sections {
		if len(sec.pieces) == 0 && sec.heading[1] > 0 {
			if i+1 == len(sections) || sections[i+1].level <= sec.level {
				sec.pieces = []piece{{sec.heading[0], sec.heading[1], KindProse}}
			}
		}
		if len(sec.pieces) > 0 {
			out = append(out, sec)
		}
	}
	return out
}

type splitter struct {
	src *source
	opt Options
}

func (sp *splitter) size(start, end int) int {
	return utf8.RuneCountInString(sp.src.text[start:end])
}

// pieces appends the pieces of block b. override forces the kind of prose
// inside containers (a paragraph in a quote is quote text).
func (sp *splitter) pieces(b *block, out []piece, override Kind) []piece {
	kind := kindOf(b.typ)
	if override != "" && kind != "" {
		kind = override
	}
	fits := sp.size(b.start, b.end) <= sp.opt.Max
	switch b.typ {
	case typeTable, typeCode, typeHTML, typeNeutral, typeHeading:
		return append(out, piece{b.start, b.end, kind})
	case typeList:
		if fits || len(b.children) < 2 {
			return append(out, piece{b.start, b.end, kind})
		}
		for _, item := range b.children {
			out = append(out, piece{item.start, item.end, kind})
		}
		return out
	case typeQuote:
		if fits || len(b.children) == 0 {
			return append(out, piece{b.start, b.end, kind})
		}
		for _, c := range b.children {
			out = sp.pieces(c, out, KindQuote)
		}
		return out
	}
	if fits {
		return append(out, piece{b.start, b.end, kind})
	}
	for _, s := range sp.src.sentences(b.start, b.end) {
		// A sentence is kept whole, like an atomic block, unless it is so
		// long that one chunk of it would swamp the ranking and the snippet.
		if sp.size(s[0], s[1]) <= 2*sp.opt.Max {
			out = append(out, piece{s[0], s[1], kind})
			continue
		}
		for _, part := range sp.src.cutLong(s[0], s[1], sp.opt.Max) {
			out = append(out, piece{part[0], part[1], kind})
		}
	}
	return out
}

func kindOf(t blockType) Kind {
	switch t {
	case typeList, typeItem:
		return KindList
	case typeTable:
		return KindTable
	case typeCode:
		return KindCode
	case typeHTML:
		return KindHTML
	case typeQuote:
		return KindQuote
	case typeNeutral:
		return ""
	}
	return KindProse
}

// span is a packed chunk: a run of consecutive pieces of one section.
type span struct {
	start, end int
	size       int
	first, n   int // pieces[first : first+n]
	kind       Kind
}

// pack groups consecutive pieces of one section into chunks of at most Max
// characters, merges chunks under Min where they fit, and adds overlap.
func (sp *splitter) pack(pieces []piece) []span {
	var spans []span
	for i, p := range pieces {
		if len(spans) > 0 {
			cur := &spans[len(spans)-1]
			if grown := cur.size + sp.size(cur.end, p.end); grown <= sp.opt.Max {
				cur.end, cur.size = p.end, grown
				cur.n++
				continue
			}
		}
		spans = append(spans, span{start: p.start, end: p.end, size: sp.size(p.start, p.end), first: i, n: 1})
	}
	spans = sp.mergeSmall(pieces, spans)
	for i := range spans {
		spans[i].kind = chunkKind(pieces[spans[i].first : spans[i].first+spans[i].n])
	}
	if sp.opt.Overlap > 0 {
		sp.overlap(pieces, spans)
	}
	return spans
}

// mergeSmall joins a chunk under Min to a neighbour when the result stays
// within Max; failing that it moves whole pieces from the previous chunk
// into it, so a long section does not end on a scrap.
func (sp *splitter) mergeSmall(pieces []piece, spans []span) []span {
	if sp.opt.Min <= 0 {
		return spans
	}
	for i := 0; i < len(spans); i++ {
		if spans[i].size >= sp.opt.Min {
			continue
		}
		if i > 0 {
			if merged := sp.size(spans[i-1].start, spans[i].end); merged <= sp.opt.Max {
				spans[i-1].end, spans[i-1].size = spans[i].end, merged
				spans[i-1].n += spans[i].n
				spans = append(spans[:i], spans[i+1:]...)
				i--
				continue
			}
		}
		if i+1 < len(spans) {
			if merged := sp.size(spans[i].start, spans[i+1].end); merged <= sp.opt.Max {
				spans[i].end, spans[i].size = spans[i+1].end, merged
				spans[i].n += spans[i+1].n
				spans = append(spans[:i+1], spans[i+2:]...)
				i--
				continue
			}
		}
		for i > 0 && spans[i].size < sp.opt.Min && spans[i-1].n > 1 {
			prev := &spans[i-1]
			moved := pieces[prev.first+prev.n-1]
			grown := sp.size(moved.start, spans[i].end)
			shrunk := sp.size(prev.start, pieces[prev.first+prev.n-2].end)
			if grown > sp.opt.Max || shrunk < grown {
				break
			}
			prev.n--
			prev.end, prev.size = pieces[prev.first+prev.n-1].end, shrunk
			spans[i].first--
			spans[i].n++
			spans[i].start, spans[i].size = moved.start, grown
		}
	}
	return spans
}

func chunkKind(pieces []piece) Kind {
	kind := KindProse
	for _, p := range pieces {
		switch {
		case p.kind == "" || p.kind == KindProse || p.kind == kind:
		case kind == KindProse:
			kind = p.kind
		default:
			return KindMixed
		}
	}
	return kind
}

// overlap starts each prose chunk with the last sentences of the previous
// prose chunk of the same section. Tables, code and lists are never
// repeated: half a table in two chunks is worse than one whole table.
func (sp *splitter) overlap(pieces []piece, spans []span) {
	for i := len(spans) - 1; i > 0; i-- {
		prev, cur := spans[i-1], &spans[i]
		if prev.kind != KindProse || cur.kind != KindProse {
			continue
		}
		var starts []int
		for _, p := range pieces[prev.first : prev.first+prev.n] {
			if p.kind != KindProse {
				continue
			}
			for _, s := range sp.src.sentences(p.start, p.end) {
				starts = append(starts, s[0])
			}
		}
		if len(starts) == 0 {
			continue
		}
		cur.start = starts[max(0, len(starts)-sp.opt.Overlap)]
	}
}

func chunkID(c *Chunk) string {
	h := sha256.New()
	h.Write([]byte(c.Source))
	h.Write([]byte{0})
	h.Write([]byte(Version))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(c.Ordinal)))
	h.Write([]byte{0})
	h.Write([]byte(c.Text))
	return "chk_" + hex.EncodeToString(h.Sum(nil))[:20]
}

func sectionID(sourceID string, ordinal int, path []string) string {
	h := sha256.New()
	h.Write([]byte(sourceID))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(ordinal)))
	h.Write([]byte{0})
	h.Write([]byte(strings.Join(path, "\x1f")))
	return "sec_" + hex.EncodeToString(h.Sum(nil))[:16]
}
