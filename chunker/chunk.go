// Package chunker splits Markdown documents into retrieval chunks along their
// structure: a chunk never spans two heading paths, tables, code and HTML
// blocks are never cut, lists are cut only between items and prose only at
// sentence ends. Every chunk knows its heading path and exact line range, so
// a search hit can be cited and checked against the file. Embedded data in
// prose (a base64 image) is left out and listed on the Document.
//
// The package knows nothing of SQLite or the window; it turns bytes into
// chunks and measures the result.
package chunker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Version identifies the chunking rules. Bump it whenever boundaries change:
// it is part of every chunk id, and the index re-chunks files written by an
// older version.
const Version = "folio-structural-3"

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
	// KindFront is prose of the front matter: a description, a summary.
	KindFront Kind = "front"
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
	InvalidBytes int // invalid UTF-8 (or UTF-16) bytes replaced by U+FFFD
	// Omitted lists, in order, the runs of prose that no chunk holds on
	// purpose.
	Omitted []Omission
	// Meta is what the note says of itself: tags, date, aliases
	// (frontmatter.go).
	Meta Meta
}

// Warnings says what of the file could not be indexed as it is, in
// words, for the library to keep beside the document ("" when nothing).
func (doc *Document) Warnings() string {
	var w []string
	if doc.InvalidBytes > 0 {
		w = append(w, fmt.Sprintf("%d invalid UTF-8 bytes replaced", doc.InvalidBytes))
	}
	for _, o := range doc.Omitted {
		if o.StartLine == o.EndLine {
			w = append(w, fmt.Sprintf("line %d: %s", o.StartLine, o.Reason))
		} else {
			w = append(w, fmt.Sprintf("lines %d-%d: %s", o.StartLine, o.EndLine, o.Reason))
		}
	}
	if doc.Meta.Problem != "" {
		w = append(w, doc.Meta.Problem)
	}
	return strings.Join(w, "; ")
}

// Omission is a run of a document's text left out of its chunks: a run of
// more than max(2×Max, 1000) ASCII characters without a space inside prose
// is embedded data (base64 images, minified code), and cutting it into
// chunks would fill the index with thousands of unsearchable ones.
type Omission struct {
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	// Start and End are byte offsets in Document.Text.
	Start  int    `json:"-"`
	End    int    `json:"-"`
	Chars  int    `json:"chars"`
	Reason string `json:"reason"`
}

// longRun is the length above which a run of ASCII characters without a
// space is omitted from prose; non-ASCII runs (Chinese, Japanese, Thai are
// written without spaces) are always kept.
func longRun(opt Options) int { return max(2*opt.Max, 1000) }

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
	return SplitContext(context.Background(), sourceID, data, opt)
}

// SplitContext is Split that stops with ctx.Err() soon after ctx is
// cancelled. Files nested deeper than MaxDepth fail with an error that
// matches ErrTooDeep, and files of more than MaxBlocks elements with one
// that matches ErrTooManyBlocks; both read as the reason they are skipped.
func SplitContext(ctx context.Context, sourceID string, data []byte, opt Options) (*Document, error) {
	return splitWith(&progress{ctx: ctx}, sourceID, data, opt)
}

func splitWith(prog *progress, sourceID string, data []byte, opt Options) (*Document, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if prog.stopped() {
		return nil, prog.err
	}
	src, err := decodeSource(data)
	if err != nil {
		return nil, err
	}
	src.prog = prog
	if err := checkShape(src.text, src.frontEnd); err != nil {
		return nil, err
	}
	src.indexLines()
	p, err := parseContext(prog.ctx, src)
	if err != nil {
		return nil, err
	}
	doc := &Document{Source: sourceID, Text: src.text, InvalidBytes: src.invalidBytes}
	doc.Title = documentTitle(sourceID, src, p)
	doc.Meta = readMeta(src, p)

	sp := &splitter{src: src, opt: opt}
	sections := sp.collectSections(p, doc.Title)
	if front := sp.frontProse(doc.Title); len(front) > 0 {
		sections = append([]section{{path: []string{doc.Title}, pieces: front}}, sections...)
	}
	doc.Omitted = sp.omitted
	for i, sec := range sections {
		if !prog.add(0) { // pack counts the work
			return nil, prog.err
		}
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
		if !prog.add(len(doc.Chunks[i].Text)) {
			return nil, prog.err
		}
	}
	if prog.stopped() {
		return nil, prog.err
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
// them into pieces. It stops early when Split is cancelled.
func (sp *splitter) collectSections(p *parsed, title string) []section {
	type open struct {
		level int
		text  string
	}
	var stack []open
	sections := []section{{path: []string{title}}}
	for _, b := range p.blocks {
		if !sp.src.prog.add(b.end - b.start) {
			return nil
		}
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
	src     *source
	opt     Options
	omitted []Omission
	sizes   []int // pack's, kept between sections to spare allocations
	gaps    []int
}

func (sp *splitter) size(start, end int) int {
	return sp.src.runes(start, end)
}

// within reports whether [start, end) holds at most n characters, reading
// no more than 4n bytes of it: a huge block is not counted in full at
// every level of the quotes around it.
func (sp *splitter) within(start, end, n int) bool {
	switch {
	case end-start <= n:
		return true
	case end-start > 4*n: // no character takes more than 4 bytes
		return false
	}
	return sp.size(start, end) <= n
}

// pieces appends the pieces of block b. override forces the kind of prose
// inside containers (a paragraph in a quote is quote text).
func (sp *splitter) pieces(b *block, out []piece, override Kind) []piece {
	kind := kindOf(b.typ)
	if override != "" && kind != "" {
		kind = override
	}
	fits := sp.within(b.start, b.end, sp.opt.Max)
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
	// Prose too long for one chunk, less its runs of embedded data.
	text, long := sp.src.text, longRun(sp.opt)
	from := b.start
	for i := b.start; i < b.end && b.end-b.start > long; {
		if c := text[i]; c >= utf8.RuneSelf || isSpace(c) {
			i++
			continue
		}
		j := i
		for j < b.end && text[j] < utf8.RuneSelf && !isSpace(text[j]) {
			j++
		}
		if j-i > long {
			out = sp.prose(from, i, kind, out)
			sp.omit(i, j)
			from = j
		}
		i = j
	}
	sp.src.prog.add(b.end - b.start)
	return sp.prose(from, b.end, kind, out)
}

// prose appends the sentences of [start, end) as pieces.
func (sp *splitter) prose(start, end int, kind Kind, out []piece) []piece {
	start, end = sp.src.trimRange(start, end)
	if start >= end {
		return out
	}
	for _, s := range sp.src.sentences(start, end) {
		// A sentence is kept whole, like an atomic block, unless it is so
		// long that one chunk of it would swamp the ranking and the snippet.
		if sp.within(s[0], s[1], 2*sp.opt.Max) {
			out = append(out, piece{s[0], s[1], kind})
			continue
		}
		for _, part := range sp.src.cutLong(s[0], s[1], sp.opt.Max) {
			out = append(out, piece{part[0], part[1], kind})
		}
	}
	return out
}

// omit records the run [start, end) as left out of the chunks.
func (sp *splitter) omit(start, end int) {
	sp.omitted = append(sp.omitted, Omission{
		StartLine: sp.src.line(start),
		EndLine:   sp.src.line(end - 1),
		Start:     start,
		End:       end,
		Chars:     end - start, // ASCII: one byte, one character
		Reason:    thousands(end-start) + " characters without a space (embedded data such as base64?) not indexed",
	})
}

// omittedIn reports whether an omitted run lies inside [start, end).
func (sp *splitter) omittedIn(start, end int) bool {
	i := sort.Search(len(sp.omitted), func(i int) bool { return sp.omitted[i].Start >= start })
	return i < len(sp.omitted) && sp.omitted[i].End <= end
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
//
// Sizes are added up from the pieces and the gaps between them, each
// counted once, so packing stays linear however large a piece is. A gap
// that holds an omitted run counts its characters, more than Max, so no
// chunk ever spans one.
func (sp *splitter) pack(pieces []piece) []span {
	sizes := append(sp.sizes[:0], make([]int, len(pieces))...)
	gaps := append(sp.gaps[:0], make([]int, len(pieces))...) // gaps[i]: characters between pieces i-1 and i
	sp.sizes, sp.gaps = sizes, gaps
	for i, p := range pieces {
		sizes[i] = sp.size(p.start, p.end)
		if i > 0 {
			gaps[i] = sp.size(pieces[i-1].end, p.start)
		}
	}
	var spans []span
	for i, p := range pieces {
		if len(spans) > 0 {
			cur := &spans[len(spans)-1]
			if grown := cur.size + gaps[i] + sizes[i]; grown <= sp.opt.Max {
				cur.end, cur.size = p.end, grown
				cur.n++
				continue
			}
		}
		spans = append(spans, span{start: p.start, end: p.end, size: sizes[i], first: i, n: 1})
	}
	spans = sp.mergeSmall(pieces, sizes, gaps, spans)
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
func (sp *splitter) mergeSmall(pieces []piece, sizes, gaps []int, spans []span) []span {
	if sp.opt.Min <= 0 {
		return spans
	}
	for i := 0; i < len(spans); i++ {
		if spans[i].size >= sp.opt.Min {
			continue
		}
		if i > 0 {
			if merged := spans[i-1].size + gaps[spans[i].first] + spans[i].size; merged <= sp.opt.Max {
				spans[i-1].end, spans[i-1].size = spans[i].end, merged
				spans[i-1].n += spans[i].n
				spans = append(spans[:i], spans[i+1:]...)
				i--
				continue
			}
		}
		if i+1 < len(spans) {
			if merged := spans[i].size + gaps[spans[i+1].first] + spans[i+1].size; merged <= sp.opt.Max {
				spans[i].end, spans[i].size = spans[i+1].end, merged
				spans[i].n += spans[i+1].n
				spans = append(spans[:i+1], spans[i+2:]...)
				i--
				continue
			}
		}
		for i > 0 && spans[i].size < sp.opt.Min && spans[i-1].n > 1 {
			prev := &spans[i-1]
			last := prev.first + prev.n - 1
			moved := pieces[last]
			grown := sizes[last] + gaps[last+1] + spans[i].size
			shrunk := prev.size - sizes[last] - gaps[last]
			if grown > sp.opt.Max || shrunk < grown {
				break
			}
			prev.n--
			prev.end, prev.size = pieces[last-1].end, shrunk
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
		if prev.kind != KindProse || cur.kind != KindProse || sp.omittedIn(prev.end, cur.start) {
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
