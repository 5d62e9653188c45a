package snippet

import (
	"regexp"
	"strings"
)

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
	if !strings.ContainsAny(md, "|`~[<\\") {
		return md // nothing to rewrite: most prose
	}
	lines := strings.Split(md, "\n")
	var b strings.Builder
	b.Grow(len(md))
	fence := "" // the open code fence, "" outside code
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
		b.WriteString(proseText(line))
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
)

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
	if !strings.ContainsAny(s, "[<") && (!unescape || !strings.Contains(s, "\\")) {
		return s
	}
	if !strings.Contains(s, "`") {
		s = autolink.ReplaceAllString(markdownLink.ReplaceAllString(s, "$1"), "$1")
		if unescape {
			s = Unescape(s)
		}
		return s
	}
	s = ReplaceOutside(markdownLink, s, codeSpans(s), firstGroup)
	s = ReplaceOutside(autolink, s, codeSpans(s), firstGroup)
	if unescape {
		s = ReplaceOutside(backslashEscape, s, codeSpans(s), firstGroup)
	}
	return s
}

func firstGroup(s string, m []int) string { return s[m[2]:m[3]] }
