// Package mdtext is the preview's plain text work on Markdown: markup a
// reader never sees removed, paragraphs reflowed, images as words, table
// rows split, and the bounds on what one preview shows. It is pure: strings in, strings out.
package mdtext

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"folio/index/snippet"
)

// markdownImage is an inline image, ![alt](destination "title") or
// ![alt][reference].
var markdownImage = regexp.MustCompile(`!\[((?:[^\]\\]|\\.)*)\](?:\((?:[^()\\]|\\.|\([^()]*\))*\)|\[[^\]]*\])`)

// markdownAutolink is <scheme://…>.
var markdownAutolink = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9+.-]{1,31}://[^\s<>]*)>`)

// What one preview shows is bounded whatever a note holds.
const (
	// ProseLimit is the most bytes of one passage's text shown as rich text.
	ProseLimit = 20000
	// sectionBudget is about the most bytes of a section shown around the
	// hit; each passage counts at most ProseLimit, as that is all it draws.
	sectionBudget = 4 * ProseLimit
	// cellLimit is the most characters of one table cell shown.
	cellLimit = 200
)

// ImagesAsText replaces each image with its alt text in brackets before
// Fyne parses the Markdown: its image segments keep only the title
// attribute, and Folio never loads an image anyway. Code shows them as written.
func ImagesAsText(md string) string {
	if !strings.Contains(md, "![") && !strings.Contains(md, "<") {
		return md
	}
	// Fyne's Markdown shows no autolinks (<https://…>): as links, they do.
	md = snippet.ReplaceOutside(markdownAutolink, md, snippet.CodeRanges(md), func(s string, m []int) string {
		return "[" + s[m[2]:m[3]] + "](" + s[m[2]:m[3]] + ")"
	})
	if !strings.Contains(md, "![") {
		return md
	}
	return snippet.ReplaceOutside(markdownImage, md, snippet.CodeRanges(md), func(s string, m []int) string {
		alt := strings.TrimSpace(s[m[2]:m[3]])
		if alt == "" {
			alt = "image"
		}
		return "[" + alt + "]"
	})
}

// Readable is a passage's Markdown without what its site generator reads
// and a person does not (snippet.StripMarkup: HTML comments, Liquid tags,
// template expressions, heading attribute blocks), code as written. The
// preview renders this.
func Readable(md string) string { return snippet.StripMarkup(md) }

// UnwrapParagraphs joins the soft-wrapped lines of prose paragraphs, so
// the preview reflows them to its own width (Fyne renders each source line
// as its own run and breaks runs that start near a line end badly). Code,
// tables, lists, quotes and headings keep their lines.
func UnwrapParagraphs(md string) string {
	lines := strings.Split(md, "\n")
	var b strings.Builder
	fence := ""
	prevProse := false
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if fence == "" && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")) {
			fence = trimmed[:3]
		} else if fence != "" && strings.HasPrefix(trimmed, fence) {
			fence = ""
			prevProse = false
			b.WriteString("\n" + line)
			continue
		}
		prose := fence == "" && IsProseLine(line)
		switch {
		case i == 0:
			b.WriteString(line)
		case prose && prevProse:
			b.WriteString(" " + trimmed)
		default:
			b.WriteString("\n" + line)
		}
		prevProse = prose && !strings.HasSuffix(line, "  ") // two spaces: a hard line break
	}
	return b.String()
}

func IsProseLine(line string) bool {
	t := strings.TrimSpace(line)
	if t == "" || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
		return false
	}
	switch t[0] {
	case '#', '>', '|', '-', '*', '+', '<', '`', '~', '=':
		return false
	}
	if i := strings.IndexAny(t, ".)"); i > 0 && i < 4 && strings.Trim(t[:i], "0123456789") == "" {
		return false // "1. item"
	}
	return true
}

func IsTableRow(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "|") || (strings.Count(t, "|") >= 2 && !strings.HasPrefix(t, "`"))
}

func IsDelimiterRow(line string) bool {
	t := strings.TrimSpace(line)
	return strings.Contains(t, "-") && strings.Trim(t, "|-: \t") == ""
}

// TableCells splits a table row into the texts its cells show: an image
// as its alt text in brackets (as in the preview's prose), a link as its
// text, no comment or Liquid.
func TableCells(line string) []string {
	t := strings.TrimSpace(line)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "|"), "|")
	cells := strings.Split(t, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(snippet.Readable(ImagesAsText(cells[i])))
	}
	return cells
}

// ShortCell is a cell's text cut to cellLimit characters.
func ShortCell(s string) string {
	if len(s) <= cellLimit {
		return s
	}
	cut, n := 0, 0
	for i := range s {
		if n == cellLimit {
			cut = i
			break
		}
		n++
	}
	if cut == 0 {
		return s
	}
	return s[:cut] + "…"
}

// BoundProse cuts text to ProseLimit bytes at a line or word end; more
// says how much was left out ("" when nothing).
func BoundProse(text string) (shown, more string) {
	if len(text) <= ProseLimit {
		return text, ""
	}
	cut := strings.LastIndexByte(text[:ProseLimit], '\n')
	if cut < ProseLimit/2 {
		cut = strings.LastIndexByte(text[:ProseLimit], ' ')
	}
	if cut < ProseLimit/2 {
		cut = ProseLimit
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
	}
	return text[:cut], fmt.Sprintf("Showing the first %s of %s characters of this passage. Open in editor to read the rest.",
		snippet.Thousands(utf8.RuneCountInString(text[:cut])), snippet.Thousands(utf8.RuneCountInString(text)))
}

// SectionWindow picks the passages of a section to show: the hit's and its
// neighbours, nearest first, while they fit in sectionBudget.
func SectionWindow(texts []string, hit int) (lo, hi int) {
	cost := func(i int) int { return min(len(texts[i]), ProseLimit) }
	lo, hi = hit, hit+1
	used := cost(hit)
	for lo > 0 || hi < len(texts) {
		grew := false
		if hi < len(texts) && used+cost(hi) <= sectionBudget {
			used += cost(hi)
			hi++
			grew = true
		}
		if lo > 0 && used+cost(lo-1) <= sectionBudget {
			lo--
			used += cost(lo)
			grew = true
		}
		if !grew {
			break
		}
	}
	return lo, hi
}

// Block is a run of lines of a chunk: prose, or a fenced code block with
// its fences.
type Block struct {
	Text string
	Code bool
}

// SplitFences cuts md into prose and fenced code blocks, so that code in
// a right-to-left note is still shown left to right with its indentation.
// An unclosed fence runs to the end, as in CommonMark.
func SplitFences(md string) []Block {
	var out []Block
	var cur []string
	fence := ""
	flush := func(code bool) {
		if len(cur) > 0 {
			out = append(out, Block{Text: strings.Join(cur, "\n"), Code: code})
			cur = nil
		}
	}
	for _, line := range strings.Split(md, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case fence == "" && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			flush(false)
			fence = trimmed[:3]
			cur = append(cur, line)
		case fence != "" && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "":
			cur = append(cur, line)
			flush(true)
			fence = ""
		default:
			cur = append(cur, line)
		}
	}
	flush(fence != "")
	return out
}

// KeepIndentLTR starts each indented line inside md's fenced blocks with
// a left-to-right mark. Fyne shapes a line's leading spaces with the
// Arabic word after them, as one right-to-left run, and so draws them on
// its right: "  أ" showed unindented. The mark makes them a left-to-right
// run of their own; it draws nothing. It goes after the fence's own
// indent: a fence in a list item is indented with the item, and a mark
// before those spaces ended the item, so its code showed as prose and the
// rest of the list as code.
func KeepIndentLTR(md string) string {
	var b strings.Builder
	for _, blk := range SplitFences(md) {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		lines := strings.Split(blk.Text, "\n")
		indent := ""
		if blk.Code {
			indent = lines[0][:len(lines[0])-len(strings.TrimLeft(lines[0], " \t"))]
		}
		for i := 1; blk.Code && i < len(lines)-1; i++ { // not the fences
			rest, ok := strings.CutPrefix(lines[i], indent)
			if t := strings.TrimLeft(rest, " \t"); ok && t != rest && t != "" {
				lines[i] = indent + "\u200e" + rest
			}
		}
		b.WriteString(strings.Join(lines, "\n"))
	}
	return b.String()
}
