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
// nest at most 12 levels by lineDepth's count (the shared corpus), and at
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

// checkDepth refuses text nested deeper than MaxDepth before goldmark sees
// it. It reads the start of each line and skips the rest, so it costs next
// to nothing; it reads on past the first line too deep so as to report the
// deepest.
func checkDepth(text string) error {
	deepest := 0
	for i := 0; i < len(text); {
		d, next := lineDepth(text, i)
		deepest = max(deepest, d)
		i = next
	}
	if deepest > MaxDepth {
		return &depthError{depth: deepest}
	}
	return nil
}

// lineDepth estimates how many containers the line starting at i opens or
// continues: each quote or list marker counts one level, and indentation
// beyond the one space after each marker counts one level per two columns
// (the narrowest list item), which is how nested lists written one per line
// reach their depth. It returns the depth and the start of the next line.
// A line without any marker counts 0 (deep indentation alone is code, not
// nesting), and so does one that may be a thematic break ("- - - -").
func lineDepth(text string, i int) (depth, next int) {
	p := containerPrefix(text, i)
	next = lineEnd(text, p.end)
	if next < len(text) {
		next++
	}
	if p.markers == 0 || (p.end == lineEnd(text, p.end) && !p.mixed && p.rule != '+') {
		return 0, next
	}
	return p.markers + max(0, p.spaces-p.markers)/2, next
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
