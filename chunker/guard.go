package chunker

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxDepth is the deepest nesting of lists and quotes Split accepts.
// goldmark's cost grows with depth on top of its cost per node: one list
// indented 2,000 levels deep (4 MB) takes 12 s and 0.5 GB, and 20 MB of
// lists 400 levels deep twice as long as 20 MB 50 levels deep. Real files
// nest at most 12 levels by prefix.depth's count (the shared corpus), and at
// 100 the depth adds about a fifth to what goldmark spends per node.
const MaxDepth = 100

// ErrTooDeep matches (errors.Is) the error Split returns for files nested
// deeper than MaxDepth; that error's text gives the depth found and reads
// as the reason the file is skipped.
var ErrTooDeep = errors.New("nested too deep")

// depthError reads as a skip reason on its own and matches ErrTooDeep.
type depthError struct{ depth int }

func (e *depthError) Error() string {
	return fmt.Sprintf("nested %s levels deep (lists or quotes); files nested over %d levels are skipped", thousands(e.depth), MaxDepth)
}

func (e *depthError) Is(target error) bool { return target == ErrTooDeep }

// MaxBlocks is the most elements (blocks, table cells, inline nodes and
// sentences, as countBlocks estimates them) Split accepts in one file.
// goldmark spends 1 to 2 µs and a few hundred bytes on each node whatever
// its depth, and the chunker about as much on each block and sentence, so
// files of tiny blocks cost far more than their size says: 20 MB of "- x"
// lines took 7 to 9 s and 4 GB. Just under this limit no hostile shape
// (BenchmarkHostileFigures) took over 0.9 s or 270 MB at its peak, in a process
// of its own, nor 1.1 s and 240 MB padded to 20 MB with cheap text; the
// largest file of the shared corpus counts 16,576.
const MaxBlocks = 800_000

// ErrTooManyBlocks matches (errors.Is) the error Split returns for files
// estimated to hold more than MaxBlocks elements; that error's text gives
// the estimate and reads as the reason the file is skipped.
var ErrTooManyBlocks = errors.New("too many blocks")

// blocksError reads as a skip reason on its own and matches
// ErrTooManyBlocks.
type blocksError struct{ blocks int }

func (e *blocksError) Error() string {
	return fmt.Sprintf("about %s blocks (list items, quotes, paragraphs, table cells, links, sentences); files over %s blocks are skipped: parsing them would take more time and memory than any real note needs",
		thousands(e.blocks), thousands(MaxBlocks))
}

func (e *blocksError) Is(target error) bool { return target == ErrTooManyBlocks }

// checkShape refuses text nested deeper than MaxDepth or holding more than
// MaxBlocks elements before goldmark sees it; the Markdown starts at from,
// after the front matter. It reads on to the end so as to report the
// deepest nesting and the whole estimate.
func checkShape(text string, from int) error {
	deepest, blocks := countBlocks(text, from)
	if deepest > MaxDepth {
		return &depthError{depth: deepest}
	}
	if blocks > MaxBlocks {
		return &blocksError{blocks: blocks}
	}
	return nil
}

// countBlocks returns the deepest nesting of text and an estimate of the
// elements goldmark and the chunker make of it, each weighted by what it
// costs (see MaxBlocks). It reads the start of each line and skips the
// rest, so it costs next to nothing; only text long enough that its inline
// markup and sentences could reach the limit is read again for them, with
// vectorised counts. The estimate errs high, never low: markers and lines
// in code blocks count like any other, and the front matter before from,
// blanked for goldmark, as blank lines.
func countBlocks(text string, from int) (deepest, blocks int) {
	blanks, through := strings.Count(text[:from], "\n"), 0
	blank := true // the line before was blank: this one is no lazy continuation
	opens := true // this line starts a block (after a blank line or an empty item)
	open := 0     // the most list and quote levels that may be open
	cells := 0    // columns of the table being read, 0 outside tables
	for i, end := from, 0; i < len(text); i = end + 1 {
		var p prefix
		if p.end = i; text[i] != '\n' {
			p = containerPrefix(text, i)
		}
		if end = p.end; end < len(text) && text[end] != '\n' {
			end = lineEnd(text, end)
		}
		content := text[p.end:end]
		deepest = max(deepest, p.depth(content))
		levels := p.markers + max(0, p.spaces-p.markers)/2
		if content == "" && p.markers == 0 {
			// goldmark takes a blank line through every open list.
			blanks++
			through += open
			blank, opens, cells = true, true, 0
			continue
		}
		if isBlank(content) {
			// goldmark may take the rest of this line as blank, through
			// every open level (">" in a quote holding a deep list), or as
			// going on a paragraph, list or table ("\f", "*"): count both.
			through += open
		}
		// It takes a line through the open levels its prefix reaches. Only
		// markers open levels, and only after a blank line (when the line
		// cannot be a lazy continuation) are those it does not reach closed.
		if p.markers > 0 {
			through += levels
			if blank {
				open = levels
			} else {
				open = max(open, levels)
			}
		} else {
			through += min(open, levels)
			if blank {
				open = min(open, levels)
			}
		}
		// A marker opens an item or quote, and often its list too.
		blocks += 2 * p.markers
		if content != "" {
			// A line of text is a node or two: goldmark splits it at the
			// first space, which may start a linkified address.
			blocks += 2
			if opens || p.markers > 0 || startsBlock(content[0]) {
				blocks++ // a paragraph or other block
			}
			switch content[0] {
			case '#':
				blocks++ // a heading opens a section too
			case '<':
				// goldmark matches the whole line against the regular
				// expressions of HTML blocks, at some 6 MB/s.
				blocks += len(content) / 4
			}
		}
		if cells > 0 {
			blocks += 1 + cells // a table row, even "*": it cannot start a list here
		} else if cells = tableColumns(content); cells > 0 {
			// The header's cells, and goldmark matches up to four
			// regular expressions against each column of this row.
			blocks += 3 * cells
		}
		blank, opens = false, content == ""
	}
	// goldmark spends about an eighth of a paragraph's cost on a blank line,
	// and about as much as on a node on taking a line through one level.
	// The text itself is held in several copies: 64 bytes cost about as
	// much as one node.
	blocks += blanks/8 + through + len(text)/64
	// Inline markup and sentences are counted per byte, at most two each:
	// the count can only matter to text this long.
	if blocks+2*len(text[from:]) > MaxBlocks {
		blocks += inlineElements(text[from:])
	}
	return deepest, blocks
}

// isBlank reports whether goldmark's own test (util.IsBlank) may take the
// rest of a line as blank: it counts vertical tabs and form feeds as spaces.
func isBlank(rest string) bool {
	for i := 0; i < len(rest); i++ {
		if c := rest[i]; c != ' ' && c != '\t' && c != '\v' && c != '\f' {
			return false
		}
	}
	return true
}

// depth estimates how many containers a line with this prefix opens or
// continues: each quote or list marker counts one level, and indentation
// beyond the one space after each marker counts one level per two columns
// (the narrowest list item), which is how nested lists written one per line
// reach their depth. A line without any marker counts 0 (deep indentation
// alone is code, not nesting), and so does one that may be a thematic break
// ("- - - -").
func (p prefix) depth(content string) int {
	if p.markers == 0 || (content == "" && !p.mixed && p.rule != '+') {
		return 0
	}
	return p.markers + max(0, p.spaces-p.markers)/2
}

// startsBlock reports the first bytes of lines that may start a block even
// without a blank line before them: headings, thematic breaks, setext
// underlines, fences and HTML.
func startsBlock(c byte) bool {
	switch c {
	case '#', '*', '-', '_', '=', '`', '~', '<':
		return true
	}
	return false
}

// tableColumns returns the number of columns of a line that may be a GFM
// table's delimiter row ("| --- | :-: |"), and 0 for any other line.
func tableColumns(line string) int {
	pipes, dash := 0, false
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '|':
			pipes++
		case '-':
			dash = true
		case ':', ' ', '\t', '\v', '\f':
		default:
			return 0
		}
	}
	if !dash {
		return 0
	}
	cols := pipes + 1
	if line[0] == '|' {
		cols--
	}
	if t := strings.TrimRight(line, " \t\v\f"); len(t) > 1 && t[len(t)-1] == '|' {
		cols--
	}
	return max(cols, 1)
}

// inlineElements estimates the inline nodes goldmark builds and the
// sentences the chunker cuts prose into, from the bytes that can start
// them: emphasis, link and code delimiters count one; "<" (raw HTML and
// autolinks), "@", "www." and "://" (linkified addresses) two, for the
// node and its text; sentence ends half, which is what a sentence costs
// the chunker. No byte counts more than two.
func inlineElements(text string) int {
	n := countDelimiters(text) + 2*(strings.Count(text, "<")+strings.Count(text, "@")+
		strings.Count(text, "www.")+strings.Count(text, "://"))
	ends := strings.Count(text, ".") + strings.Count(text, "!") + strings.Count(text, "?")
	for _, t := range []string{"…", "。", "！", "？", "｡", "؟", "۔"} {
		ends += strings.Count(text, t)
	}
	return n + ends/2
}

// prefix is the run of quote and list markers and indentation that starts
// a line: the containers it is in, before its own content.
type prefix struct {
	end             int // offset of the line's content
	markers, spaces int // markers, and columns of whitespace
	rule            byte
	mixed           bool // not only one of - * + (which alone may be a thematic break)
}

func containerPrefix(text string, i int) prefix {
	var p prefix
	col := 0
	for i < len(text) && text[i] != '\n' {
		switch c := text[i]; {
		case c == ' ':
			p.spaces++
			col++
			i++
			continue
		case c == '\t':
			p.spaces += 4 - col%4
			col += 4 - col%4
			i++
			continue
		case c == '>':
			p.markers++
			p.mixed = true
			col++
			i++
			continue
		case c == '-' || c == '*' || c == '+':
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t' || text[i+1] == '\n' {
				if p.rule == 0 {
					p.rule = c
				} else if p.rule != c {
					p.mixed = true
				}
				p.markers++
				col++
				i++
				continue
			}
		case c >= '0' && c <= '9':
			j := i
			for j < len(text) && j-i < 9 && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j < len(text) && (text[j] == '.' || text[j] == ')') &&
				(j+1 == len(text) || text[j+1] == ' ' || text[j+1] == '\t' || text[j+1] == '\n') {
				p.markers++
				p.mixed = true
				col += j + 1 - i
				i = j + 1
				continue
			}
		}
		break
	}
	p.end = i
	return p
}

// lineEnd is the offset of the newline ending the line holding i, or the
// end of text.
func lineEnd(text string, i int) int {
	if nl := strings.IndexByte(text[i:], '\n'); nl >= 0 {
		return i + nl
	}
	return len(text)
}

// maxDelimiters is the most emphasis, link and code delimiters (* _ ~ [ ]
// and backticks) a paragraph may hold and still be parsed for inline
// markup. goldmark's inline parser is quadratic in them on cmark's
// pathological inputs (100 KB of "*a_ " or "[a](b" in one paragraph takes
// 2 to 3 s), so a 20 MB file of paragraphs each just under the limit costs
// about 0.013 s per delimiter of the limit: 64 keeps it under a second.
const maxDelimiters = 64

// maxDefinitions is the most link reference definitions goldmark reads in
// one paragraph: it reads them in time quadratic in their number (90,000
// in 1 MB took 9 s, 4 MB 105 s); real files have at most 19.
const maxDefinitions = 256

// defuse turns the emphasis and link delimiters of paragraphs holding more
// than maxDelimiters of them into inert bytes in buf, the copy of text
// goldmark parses. The chunker needs inline markup only for heading text,
// and blocks, so chunks, stay as they were: offsets are kept, and so are
// line prefixes, fences, thematic breaks, setext underlines, lines that
// may start an HTML block or a link reference definition, and the end of
// CDATA. Each ATX heading line is a paragraph of its own here, so a heading
// keeps its markup unless it alone is over the limit. (Table cells split at
// every unescaped |, code spans or not, so tables keep their shape too.)
// It also ends a paragraph of link reference definitions every
// maxDefinitions lines by blanking one definition.
func defuse(buf []byte, text string, from int) {
	groupStart := from
	defs, definitions := 0, true // link reference definitions opening the paragraph
	flush := func(end int) {
		if end-groupStart > maxDelimiters && countDelimiters(text[groupStart:end]) > maxDelimiters {
			for i := groupStart; i < end; i = lineEnd(text, i) + 1 {
				content := containerPrefix(text, i).end
				line := text[content:lineEnd(text, content)]
				if strings.HasPrefix(line, "<") || strings.HasPrefix(line, "[") && strings.Contains(line, "]:") {
					continue
				}
				for k := content; k < content+len(line); k++ {
					switch c := text[k]; {
					case c == ']' && (strings.HasPrefix(text[k:], "]]>") || k > 0 && strings.HasPrefix(text[k-1:], "]]>")):
						// the end of CDATA
					case isDelimiter(c):
						buf[k] = 'x'
					}
				}
			}
		}
		groupStart = end
		defs, definitions = 0, true
	}
	for i := from; i < len(text); {
		content := containerPrefix(text, i).end
		end := lineEnd(text, content)
		next := min(end+1, len(text))
		switch {
		case content < end && text[content] == '#':
			flush(i)
			flush(next)
		case content == end || inertLine(text[content:end]):
			// A blank line, underline, break or fence ends the paragraph.
			flush(i)
			groupStart = next
		default:
			line := text[content:end]
			definitions = definitions && strings.HasPrefix(line, "[") && strings.Contains(line, "]:")
			if definitions {
				if defs++; defs == maxDefinitions {
					// A blank line: the definitions after it open a paragraph
					// of their own. This one's text stays in the chunks.
					for k := content; k < end; k++ {
						buf[k] = ' '
					}
					flush(i)
					groupStart = next
					break
				}
			}
		}
		i = next
	}
	flush(len(text))
}

// inertLine reports a fence, or a line of one repeated character that may
// be a thematic break or a setext underline.
func inertLine(line string) bool {
	if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
		return true
	}
	c := line[0]
	for i := 0; i < len(line); i++ {
		if line[i] != c && line[i] != ' ' && line[i] != '\t' {
			return false
		}
	}
	return c == '*' || c == '_' || c == '-' || c == '='
}

func isDelimiter(c byte) bool {
	return c == '*' || c == '_' || c == '~' || c == '[' || c == ']' || c == '`'
}

// countDelimiters counts them one byte value at a time: strings.Count is
// vectorised, and this pass reads every file.
func countDelimiters(s string) int {
	return strings.Count(s, "*") + strings.Count(s, "_") + strings.Count(s, "~") +
		strings.Count(s, "[") + strings.Count(s, "]") + strings.Count(s, "`")
}

// thousands formats n with commas, as the reasons shown to people do.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
