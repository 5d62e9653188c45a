package snippet

import (
	"html"
	"regexp"
	"strings"
	"unicode"

	"folio/chunker"
)

// ReadableOf is Readable, or for a passage of front-matter prose its
// values without their keys and labels (chunker.FrontText).
func ReadableOf(text string, front bool) string {
	if front {
		return chunker.FrontText(text)
	}
	return Readable(text)
}

// Readable turns a chunk's Markdown into the text a snippet shows, for
// reading rather than for the parser: a table's body rows become their
// cells with the header's names ("Paracetamol · Dose 15 mg/kg · How often
// every 4–6 hours"), code loses its fences and their info word, links
// and images become their text, and HTML comments, Liquid tags, template
// expressions and heading attribute blocks go (StripMarkup). The stored
// chunk is untouched; snippet highlights are ranges of this text. The preview uses it too, for the
// paragraphs it lays out itself (right-to-left ones).
func Readable(md string) string {
	md = StripMarkup(md)
	if !strings.ContainsAny(md, "|`~[<&\\") && !anyBullet.MatchString(md) {
		return md // nothing to rewrite: most prose
	}
	lines := strings.Split(md, "\n")
	var b strings.Builder
	b.Grow(len(md))
	fence := "" // the open code fence, "" outside code
	inHTML := false
	var header []string
	headerShown := false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		t := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
				continue
			}
			b.WriteString(line)
			b.WriteByte('\n')
			continue
		}
		if f := fenceOpening(t); f != "" {
			fence = f
			continue
		}
		nextIsDelimiter := i+1 < len(lines) && delimiterRow(strings.TrimSpace(lines[i+1]))
		if strings.Contains(t, "|") && (strings.HasPrefix(t, "|") || header != nil || nextIsDelimiter) {
			if delimiterRow(t) {
				continue
			}
			cells := tableCells(t)
			if nextIsDelimiter {
				header, headerShown = cells, false
				i++
				continue
			}
			writeRow(&b, cells, header)
			headerShown = true
			continue
		}
		if header != nil && !headerShown {
			writeRow(&b, header, nil) // a table of a header only
		}
		header = nil
		// An HTML block runs to the next blank line, and its indented
		// lines are HTML, not code (CommonMark's HTML blocks).
		switch {
		case t == "":
			inHTML = false
		case !inHTML && len(line)-len(strings.TrimLeft(line, " ")) <= 3 && htmlTag.MatchString(t) && htmlTag.FindStringIndex(t)[0] == 0:
			inHTML = true
		}
		if inHTML {
			b.WriteString(inline(line, true))
		} else {
			b.WriteString(proseText(bullet(line)))
		}
		b.WriteByte('\n')
	}
	if header != nil && !headerShown {
		writeRow(&b, header, nil)
	}
	return strings.TrimRight(b.String(), "\n")
}

// writeRow writes one table row on its own line: the first cell, then
// each other cell after its column's name.
func writeRow(b *strings.Builder, cells, header []string) {
	first := true
	for j, c := range cells {
		c = inlineText(c)
		if c == "" {
			continue
		}
		if !first {
			b.WriteString(" · ")
		}
		if j > 0 && j < len(header) && header[j] != "" {
			b.WriteString(inlineText(header[j]))
			b.WriteByte(' ')
		}
		b.WriteString(c)
		first = false
	}
	b.WriteByte('\n')
}

// fenceOpening returns the fence a line opens (``` or ~~~, three or
// more), else "".
func fenceOpening(t string) string {
	for _, c := range []string{"`", "~"} {
		if strings.HasPrefix(t, c+c+c) {
			n := len(t) - len(strings.TrimLeft(t, c))
			if c == "`" && strings.Contains(t[n:], "`") {
				return "" // inline code on one line, not a fence
			}
			return strings.Repeat(c, n)
		}
	}
	return ""
}

// delimiterRow reports a table's |---|:--:| line.
func delimiterRow(t string) bool {
	if !strings.Contains(t, "-") {
		return false
	}
	return strings.Trim(t, "|-: \t") == ""
}

// tableCells splits a table row at its unescaped pipes, cells trimmed.
func tableCells(t string) []string {
	t = strings.TrimSpace(t)
	t = strings.TrimPrefix(t, "|")
	if strings.HasSuffix(t, "|") && !strings.HasSuffix(t, `\|`) {
		t = t[:len(t)-1]
	}
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(t); i++ {
		switch {
		case t[i] == '\\' && i+1 < len(t) && t[i+1] == '|':
			cur.WriteByte('|')
			i++
		case t[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(t[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

var (
	// ![alt](dest) and [text](dest), [text][ref]: their text.
	markdownLink = regexp.MustCompile(`!?\[((?:[^\]\\]|\\.)*)\](?:\((?:[^()\s]|\([^()]*\))*(?:\s+(?:"[^"]*"|'[^']*'))?\)|\[[^\]]*\])`)
	// <https://…> and <mail@host>: the address without its brackets.
	autolink = regexp.MustCompile(`<((?:[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)|(?:[^\s<>@]+@[^\s<>@]+))>`)
	// An HTML tag written in the Markdown (<td class="x">, </strong>,
	// <br />): handbooks lay out tables and boxes in HTML, and a snippet
	// of "<td class="col-key"><strong>Location</strong>" reads as code.
	// The tag goes, its text stays; "a < b" and <https://…> are not tags.
	htmlTag = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9-]*(?:\s+[^<>]*)?/?>`)
	// &amp;, &nbsp;, &#39;: the character.
	htmlEntity = regexp.MustCompile(`&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});`)
)

// inlineTags are the HTML elements inside a line of text: dropped without
// a space ("<strong>Location</strong>:" is "Location:"); any other tag
// separates what stands on either side of it.
var inlineTags = map[string]bool{"a": true, "abbr": true, "b": true, "code": true, "em": true, "i": true,
	"kbd": true, "mark": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true, "u": true}

func dropTag(s string, m []int) string {
	name := strings.TrimLeft(s[m[0]+1:m[1]], "/")
	if i := strings.IndexAny(name, " \t\n/>"); i >= 0 {
		name = name[:i]
	}
	if inlineTags[strings.ToLower(name)] {
		return ""
	}
	return " "
}

func entity(s string, m []int) string { return html.UnescapeString(s[m[0]:m[1]]) }

// inlineText keeps the words of links, images and autolinks and drops
// their Markdown and backslash escapes; in code spans they stay as
// written.
func inlineText(s string) string { return inline(s, true) }

// proseText is inlineText for a line of a passage: an indented one (code,
// or a list's next lines) keeps its backslashes ("\\." in a pattern).
func proseText(line string) string {
	return inline(line, !strings.HasPrefix(line, "    ") && !strings.HasPrefix(line, "\t"))
}

func inline(s string, unescape bool) string {
	if !strings.ContainsAny(s, "[<&") && (!unescape || !strings.Contains(s, "\\")) {
		return s
	}
	// Each pattern only where its match can be: tldr's {{[-o|--out]}}
	// put a '[' on every command line, and the link pattern backtracks
	// (300 real passages: 33 µs each before, 25 after).
	if strings.Contains(s, "](") || strings.Contains(s, "][") {
		s = ReplaceOutside(markdownLink, s, codeSpans(s), firstGroup)
	}
	if strings.Contains(s, "<") {
		s = ReplaceOutside(autolink, s, codeSpans(s), firstGroup)
	}
	if unescape { // prose, not an indented line of code
		if strings.Contains(s, "<") {
			s = ReplaceOutside(htmlTag, s, codeSpans(s), dropTag)
		}
		if strings.Contains(s, "&") {
			s = ReplaceOutside(htmlEntity, s, codeSpans(s), entity)
		}
		if strings.Contains(s, "\\") {
			s = ReplaceOutside(backslashEscape, s, codeSpans(s), firstGroup)
		}
	}
	return s
}

func firstGroup(s string, m []int) string { return s[m[2]:m[3]] }

// listMarker is a bullet list item's marker: up to three spaces, then -, *
// or +, then a space.
var (
	listMarker = regexp.MustCompile(`^ {0,3}[-*+][ \t]+`)
	anyBullet  = regexp.MustCompile(`(?m)^ {0,3}[-*+][ \t]`)
)

// bullet shows a bullet list item's marker as "• ": joined into one
// snippet line, "fever. * Give fluids" reads as a stray asterisk.
func bullet(line string) string {
	if len(line) < 2 || !strings.ContainsAny(line[:min(len(line), 4)], "-*+") {
		return line
	}
	if m := listMarker.FindStringIndex(line); m != nil && strings.TrimSpace(line[m[1]:]) != "" && !thematicBreak(line) {
		return "• " + line[m[1]:]
	}
	return line
}

// thematicBreak reports a line of three or more *, - or _ (spaces
// between allowed): a rule, not a list.
func thematicBreak(line string) bool {
	t := strings.ReplaceAll(strings.TrimSpace(line), " ", "")
	return len(t) >= 3 && strings.Trim(t, t[:1]) == "" && strings.Contains("*-_", t[:1])
}

// HasText tells whether a passage has words to read outside its HTML
// tags and comments: a section holding only them (vagov's `</li></ol>`
// after a step's heading) has nothing to show but its heading. An
// autolink (<https://…>) is read. It stops at the first letter, so prose
// costs nothing.
func HasText(md string) bool {
	in := false // inside <…>
	for i, r := range md {
		switch {
		case in:
			in = r != '>'
		case r == '<':
			rest := md[i+1:]
			if strings.HasPrefix(rest, "http://") || strings.HasPrefix(rest, "https://") || strings.HasPrefix(rest, "mailto:") {
				return true
			}
			in = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return true
		}
	}
	return false
}
