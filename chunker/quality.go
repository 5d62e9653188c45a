package chunker

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sizes is the distribution of chunk sizes in characters. Percentiles are
// taken as the value at floor(p·n) of the sorted sizes.
type Sizes struct {
	N        int `json:"n"`
	Min      int `json:"min"`
	P50      int `json:"p50"`
	P90      int `json:"p90"`
	Max      int `json:"max"`
	OverMax  int `json:"over_max"`
	UnderMin int `json:"under_min"`
}

// Problem is one defect found in one chunk.
type Problem struct {
	Kind    string `json:"kind"` // one of the Defect* constants
	Ordinal int    `json:"ordinal"`
}

// The defects Measure looks for.
const (
	DefectMidSentence = "ends mid-sentence"
	DefectOrphanRows  = "table rows without their header"
	DefectSplitTable  = "table split"
	DefectSplitCode   = "code block cut open"
	DefectEmptyPath   = "empty heading path"
)

// DefectAdvice says in plain words what a kind of defect means for a
// reader and what can be done about it.
func DefectAdvice(kind string) string {
	switch kind {
	case DefectMidSentence:
		return "A passage ends inside a sentence longer than twice the largest passage size, so the sentence is split between two results. Nothing is lost; a larger size keeps such sentences whole."
	case DefectSplitTable:
		return "A table is split across passages, so a result may show part of it. A larger passage size keeps it whole."
	case DefectOrphanRows:
		return "Table rows are in a passage without the table's header row, so their columns are unnamed in results. A larger passage size keeps them together."
	case DefectSplitCode:
		return "A code block is cut in two. A larger passage size keeps it whole."
	case DefectEmptyPath:
		return "A passage has no heading above it, so its citation names no section. A heading at the top of the file fixes it."
	}
	return ""
}

// Defects counts chunks that cannot be read on their own.
type Defects struct {
	MidSentence  int       `json:"mid_sentence"`
	OrphanedRows int       `json:"orphaned_table_rows"`
	SplitTables  int       `json:"split_tables"`
	SplitCode    int       `json:"split_code"`
	EmptyPaths   int       `json:"empty_paths"`
	Problems     []Problem `json:"problems,omitempty"`
}

// Total is the number of defects of every kind.
func (d Defects) Total() int {
	return d.MidSentence + d.OrphanedRows + d.SplitTables + d.SplitCode + d.EmptyPaths
}

// Adjacency counts pairs of neighbouring sentences of one paragraph and how
// many of them no chunk holds together.
type Adjacency struct {
	Pairs     int `json:"pairs"`
	Separated int `json:"separated"`
}

// Coverage counts the words of the document's text (front matter aside) and
// those found in no chunk; a heading's words count as kept when the heading
// is in a chunk's path. Words of runs the chunker omitted on purpose
// (Document.Omitted) count as omitted, not lost.
type Coverage struct {
	Words    int    `json:"words"`
	Lost     int    `json:"lost"`
	LostWord string `json:"first_lost,omitempty"`
	Omitted  int    `json:"omitted"`
}

// Report is everything Measure finds.
type Report struct {
	Sizes         Sizes     `json:"sizes"`
	Defects       Defects   `json:"defects"`
	Adjacency     Adjacency `json:"adjacency"`
	Coverage      Coverage  `json:"coverage"`
	StoredChars   int       `json:"stored_chars"`
	DocumentChars int       `json:"document_chars"`
}

// MeasureSizes is the size distribution of chunks against options.
func MeasureSizes(chunks []Chunk, opt Options) Sizes {
	if len(chunks) == 0 {
		return Sizes{}
	}
	l := make([]int, len(chunks))
	s := Sizes{N: len(chunks)}
	for i, c := range chunks {
		l[i] = utf8.RuneCountInString(c.Text)
		if opt.Max > 0 && l[i] > opt.Max {
			s.OverMax++
		}
		if l[i] < opt.Min {
			s.UnderMin++
		}
	}
	sort.Ints(l)
	q := func(p float64) int { return l[min(len(l)-1, int(p*float64(len(l))))] }
	s.Min, s.P50, s.P90, s.Max = l[0], q(0.5), q(0.9), l[len(l)-1]
	return s
}

// Measure checks chunks of doc (from Split, SplitFixed or anything else
// that sets Start and End into doc.Text) against the document's structure.
func Measure(doc *Document, opt Options) Report {
	r, m, p := measureDefects(doc, opt)
	if m == nil {
		return r
	}
	r.Adjacency = m.adjacency
	r.Coverage = m.coverage(p)
	return r
}

// MeasureDefects is Measure without coverage (the words no chunk holds),
// which costs more than the rest together: what a library's health report
// needs of each file.
func MeasureDefects(doc *Document, opt Options) Report {
	r, _, _ := measureDefects(doc, opt)
	return r
}

func measureDefects(doc *Document, opt Options) (Report, *measurer, *parsed) {
	src, err := newSource([]byte(doc.Text))
	if err != nil {
		return Report{}, nil, nil
	}
	p := parse(src)
	r := Report{Sizes: MeasureSizes(doc.Chunks, opt)}
	r.DocumentChars = utf8.RuneCountInString(src.text)
	for _, c := range doc.Chunks {
		r.StoredChars += utf8.RuneCountInString(c.Text)
	}
	m := &measurer{src: src, chunks: doc.Chunks, omitted: doc.Omitted}
	m.walk(p.blocks, true)
	r.Defects = m.defects(p)
	return r, m, p
}

type measurer struct {
	src       *source
	chunks    []Chunk
	omitted   []Omission
	cleanEnds map[int]bool
	tables    []*block
	code      []*block
	adjacency Adjacency
}

// walk records where a chunk may end without cutting a sentence (block
// ends, sentence ends, table row ends) and collects tables and code.
func (m *measurer) walk(blocks []*block, top bool) {
	if m.cleanEnds == nil {
		m.cleanEnds = map[int]bool{len(strings.TrimRightFunc(m.src.text, unicode.IsSpace)): true}
		if m.src.frontEnd > 0 {
			m.cleanEnds[m.src.frontEnd] = true
			// A passage of front-matter prose ends with one of its lines.
			for off := 0; off < m.src.frontEnd; off = m.src.lineEnd(off) + 1 {
				_, e := m.src.trimRange(off, m.src.lineEnd(off))
				m.cleanEnds[e] = true
			}
		}
		// Prose stops where an omitted run starts: a cut by design.
		for _, o := range m.omitted {
			e := o.Start
			for e > 0 && isSpace(m.src.text[e-1]) {
				e--
			}
			m.cleanEnds[e] = true
		}
	}
	for _, b := range blocks {
		m.cleanEnds[b.end] = true
		switch b.typ {
		case typeHeading:
			if top {
				_, e := m.src.trimRange(b.start, b.ownEnd)
				m.cleanEnds[e] = true
			}
		case typeTable:
			m.tables = append(m.tables, b)
			for off := b.start; off < b.end; off = m.src.lineEnd(off) + 1 {
				_, e := m.src.trimRange(off, m.src.lineEnd(off))
				m.cleanEnds[e] = true
			}
		case typeCode:
			m.code = append(m.code, b)
		case typeProse:
			sents := m.src.sentences(b.start, b.end)
			for i, s := range sents {
				m.cleanEnds[s[1]] = true
				if i > 0 {
					m.adjacency.Pairs++
					if !m.heldWhole(sents[i-1][0], s[1]) {
						m.adjacency.Separated++
					}
				}
			}
		}
		m.walk(b.children, false)
	}
}

// heldWhole reports whether one chunk contains all of [start, end).
func (m *measurer) heldWhole(start, end int) bool {
	for _, c := range m.chunks {
		if c.Start <= start && c.End >= end {
			return true
		}
	}
	return false
}

func (m *measurer) defects(p *parsed) Defects {
	var d Defects
	add := func(kind string, ordinal int) {
		d.Problems = append(d.Problems, Problem{Kind: kind, Ordinal: ordinal})
	}
	for _, c := range m.chunks {
		_, end := m.src.trimRange(c.Start, c.End)
		if end > c.Start && !m.cleanEnds[end] {
			d.MidSentence++
			add(DefectMidSentence, c.Ordinal)
		}
		empty := true
		for _, h := range c.Path {
			if strings.TrimSpace(h) != "" {
				empty = false
			}
		}
		if empty {
			d.EmptyPaths++
			add(DefectEmptyPath, c.Ordinal)
		}
	}
	for _, t := range m.tables {
		if !m.heldWhole(t.start, t.end) {
			d.SplitTables++
			add(DefectSplitTable, m.firstOverlapping(t.start, t.end))
		}
		// Rows after the header and delimiter lines, seen without the header.
		headerEnd := m.src.lineEnd(t.start)
		bodyStart := min(m.src.lineEnd(min(headerEnd+1, t.end))+1, t.end)
		for _, c := range m.chunks {
			if c.End > bodyStart && c.Start < t.end && !(c.Start <= t.start && c.End >= headerEnd) {
				d.OrphanedRows++
				add(DefectOrphanRows, c.Ordinal)
			}
		}
	}
	for _, b := range m.code {
		if !m.heldWhole(b.start, b.end) && m.firstOverlapping(b.start, b.end) >= 0 {
			d.SplitCode++
			add(DefectSplitCode, m.firstOverlapping(b.start, b.end))
		}
	}
	return d
}

func (m *measurer) firstOverlapping(start, end int) int {
	for _, c := range m.chunks {
		if c.End > start && c.Start < end {
			return c.Ordinal
		}
	}
	return -1
}

// coverage finds words of the text that no chunk holds.
func (m *measurer) coverage(p *parsed) Coverage {
	var spans [][2]int
	for _, c := range m.chunks {
		spans = append(spans, [2]int{c.Start, c.End})
	}
	inPath := map[string]bool{}
	for _, c := range m.chunks {
		for _, h := range c.Path {
			inPath[h] = true
		}
	}
	for _, b := range p.blocks {
		if b.typ == typeHeading && (inPath[b.heading] || b.heading == "") {
			spans = append(spans, [2]int{b.start, b.ownEnd})
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	var cov Coverage
	text := m.src.text
	k, reach := 0, -1 // spans before k are merged into [.., reach)
	o := 0            // omitted runs before o end before the current word
	for i := m.src.frontEnd; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += size
			continue
		}
		start := i
		if isCJK(r) {
			i += size // CJK has no spaces: each character counts as a word
		}
		for i < len(text) && !isCJK(r) {
			r2, size2 := utf8.DecodeRuneInString(text[i:])
			if isCJK(r2) || !unicode.IsLetter(r2) && !unicode.IsDigit(r2) && !unicode.Is(unicode.M, r2) {
				break
			}
			i += size2
		}
		cov.Words++
		for k < len(spans) && spans[k][0] <= start {
			reach = max(reach, spans[k][1])
			k++
		}
		for o < len(m.omitted) && m.omitted[o].End <= start {
			o++
		}
		switch {
		case reach >= i: // held by a chunk
		case o < len(m.omitted) && m.omitted[o].Start < i:
			cov.Omitted++ // the word overlaps an omitted run
		default:
			cov.Lost++
			if cov.LostWord == "" {
				cov.LostWord = text[start:i]
			}
		}
	}
	return cov
}
