package snippet

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// The markup a note's site generator reads and a person never sees. It is
// removed when text is shown (snippets, the preview, headings and
// citations), never from what is stored and searched.
var (
	// attributeBlock is a heading's trailing {#id}, {.class},
	// {#id .class key=value}: Pandoc's, kramdown's, VitePress's and
	// Hugo's heading attributes, starting with an id or a class.
	attributeBlock = regexp.MustCompile(`[ \t]*\{[ \t]*[#.][^\s{}]+(?:[ \t]+(?:[#.][^\s{}]+|[A-Za-z_][\w:-]*=(?:"[^"]*"|'[^']*'|[^\s{}"']+)))*[ \t]*\}[ \t]*$`)
	// liquidTag is one {% … %} tag, on one line.
	liquidTag = regexp.MustCompile(`\{%.*?%\}`)
	// backslashEscape is Markdown's escape of a punctuation character,
	// which a stored heading keeps.
	backslashEscape = regexp.MustCompile("\\\\([!-/:-@\\[-`{-~])")
	// quoted is a tag's quoted argument.
	quoted = regexp.MustCompile(`"([^"]*)"|'([^']*)'`)
	// endTag finds the end of a {% comment %} or {% raw %} block.
	endComment = regexp.MustCompile(`\{%-?\s*endcomment\s*-?%\}`)
	endRaw     = regexp.MustCompile(`\{%-?\s*endraw\s*-?%\}`)
	// rawString is an expression of one backtick string, {{quote `…`}}.
	rawString = regexp.MustCompile("^\\{\\{-?[ \\t]*[\\w.]+[ \\t]+`([^`]*)`[ \\t]*-?\\}\\}")
)

// markupParser finds what is code in a text: goldmark's CommonMark parser,
// with no extension (code is the same with or without them).
var markupParser = goldmark.New().Parser()

// Heading is a stored heading (or a document title) as a person reads it:
// without a trailing attribute block ("Runtime {#runtime}" → "Runtime"),
// Markdown's backslash escapes ("\#ttsc" → "#ttsc") and Liquid tags. The chunker stores a heading's inline text,
// code spans without their backticks, so nothing there tells code from
// markup: {{ … }} is left as it is (Vue's and Go's templates are written in
// headings as code), and only whole {% … %} tags are removed.
func Heading(h string) string {
	if !strings.ContainsAny(h, "{\\") {
		return h
	}
	out := attributeBlock.ReplaceAllString(h, "")
	out = Unescape(out) // "\#ttsc" is "#ttsc"

	if strings.Contains(out, "{%") {
		out = strings.Join(strings.Fields(liquidTag.ReplaceAllString(out, " ")), " ")
	}
	if strings.TrimSpace(out) == "" {
		return h // a heading of markup only: say what it is rather than nothing
	}
	return strings.TrimSpace(out)
}

// Unescape drops Markdown's backslash before a punctuation character
// ("\*Note" → "*Note"), in text that is not code.
func Unescape(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	return backslashEscape.ReplaceAllString(s, "$1")
}

// Headings is Heading for each heading of a path; it returns path itself
// when no heading changes.
func Headings(path []string) []string {
	var out []string
	for i, h := range path {
		if c := Heading(h); c != h {
			if out == nil {
				out = append([]string(nil), path...)
			}
			out[i] = c
		}
	}
	if out == nil {
		return path
	}
	return out
}

// StripMarkup returns Markdown without the markup a reader should never
// see, outside code (code blocks, code spans, <pre> and <script> blocks
// are content and stay as written):
//   - HTML comments, <!-- … -->, on one line or several;
//   - Liquid tags, {% … %} and {%- … -%}: a {% comment %} block goes with
//     its words, a {% raw %} block keeps its words as written, an image
//     tag ({% image "src" "alt" %}) becomes an image of its last quoted
//     argument, {% slack_channel "name" %} becomes #name (or its label),
//     any other tag
//     goes, and a link whose destination was a tag becomes its text;
//   - template expressions, {{ … }} (Liquid, Jekyll, Hugo, mdBook, the Go
//     site's templates), but for the strings some of them show (see
//     expression);
//   - a heading's trailing attribute block, {#id .class}.
//
// What is left is Markdown still: Readable and the preview read it.
func StripMarkup(md string) string {
	if !mayHaveMarkup(md) {
		return md
	}
	src := []byte(md)
	code, drops := markupRanges(src)
	var b strings.Builder
	b.Grow(len(md))
	ci, di := 0, 0
	for i := 0; i < len(md); {
		for ci < len(code) && code[ci][1] <= i {
			ci++
		}
		if ci < len(code) && code[ci][0] <= i {
			b.WriteString(md[i:code[ci][1]])
			i = code[ci][1]
			continue
		}
		for di < len(drops) && drops[di][1] <= i {
			di++
		}
		if di < len(drops) && drops[di][0] <= i {
			i = drops[di][1]
			continue
		}
		switch {
		case strings.HasPrefix(md[i:], "<!--"):
			end := strings.Index(md[i+4:], "-->")
			if end < 0 {
				return strings.TrimRight(b.String(), " \t") // a comment runs to the end
			}
			i += 4 + end + 3
		case strings.HasPrefix(md[i:], "{%"):
			i = liquid(&b, md, i, code)
		case strings.HasPrefix(md[i:], "{{"):
			i = expression(&b, md, i, code)
		default:
			b.WriteByte(md[i])
			i++
		}
	}
	return b.String()
}

// CodeRanges returns the byte ranges of md that are code, in order: code
// blocks, code spans with their backticks, <pre> and <script> blocks.
func CodeRanges(md string) [][2]int {
	if !strings.ContainsAny(md, "`~<\t") && !strings.Contains(md, "    ") {
		return nil // no code can begin
	}
	code, _ := markupRanges([]byte(md))
	return code
}

// ReplaceOutside replaces each match of re in s that does not begin in one
// of the code ranges with repl of the match (its submatch indexes into s).
func ReplaceOutside(re *regexp.Regexp, s string, code [][2]int, repl func(s string, m []int) string) string {
	ms := re.FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		if inRanges(code, m[0]) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(repl(s, m))
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// codeSpans are the code spans of one line or cell, backticks included: a
// run of backticks up to the next run of the same length (CommonMark's
// rule, without a parse).
func codeSpans(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		if s[i] != '`' || (i > 0 && s[i-1] == '\\') {
			i++
			continue
		}
		n, end := runLen(s, i), -1
		for j := i + n; j < len(s); {
			if s[j] != '`' {
				j++
				continue
			}
			m := runLen(s, j)
			if m == n {
				end = j + m
				break
			}
			j += m
		}
		if end < 0 {
			i += n // no closing run: the backticks are text
			continue
		}
		out = append(out, [2]int{i, end})
		i = end
	}
	return out
}

func runLen(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	return n
}

// mayHaveMarkup is a quick look for what StripMarkup removes, before a
// parse: a {{ in a code span of its line (a tldr page's placeholders) is
// not markup.
func mayHaveMarkup(md string) bool {
	if strings.Contains(md, "}") && (strings.Contains(md, "{#") || strings.Contains(md, "{.")) {
		return true
	}
	for _, open := range []string{"<!--", "{%", "{{"} {
		for rest, off := md, 0; ; {
			i := strings.Index(rest, open)
			if i < 0 {
				break
			}
			at := off + i
			ls := strings.LastIndexByte(md[:at], '\n') + 1
			le := strings.IndexByte(md[at:], '\n')
			if le < 0 {
				le = len(md) - at
			}
			if !inRanges(codeSpans(md[ls:at+le]), at-ls) {
				return true
			}
			rest, off = md[at+len(open):], at+len(open)
		}
	}
	return false
}

// markupRanges parses md and returns, in order, the byte ranges that are
// code (kept as written) and the ranges of heading attribute blocks (to
// drop).
func markupRanges(src []byte) (code, drops [][2]int) {
	doc := markupParser.Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch v := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if l := n.Lines(); l.Len() > 0 {
				code = append(code, [2]int{l.At(0).Start, l.At(l.Len() - 1).Stop})
			}
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			if l := n.Lines(); l.Len() > 0 && verbatimHTML(src[l.At(0).Start:l.At(0).Stop]) {
				last := l.At(l.Len() - 1).Stop
				if v.HasClosure() {
					last = v.ClosureLine.Stop
				}
				code = append(code, [2]int{l.At(0).Start, last})
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			start, end := -1, -1
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					if start < 0 {
						start = t.Segment.Start
					}
					end = t.Segment.Stop
				}
			}
			if start >= 0 {
				// the backticks too: a tag is never half in code
				for start > 0 && src[start-1] == '`' {
					start--
				}
				for end < len(src) && src[end] == '`' {
					end++
				}
				code = append(code, [2]int{start, end})
			}
			return ast.WalkSkipChildren, nil
		case *ast.Heading:
			if l := n.Lines(); l.Len() > 0 {
				seg := l.At(l.Len() - 1)
				if loc := attributeBlock.FindIndex(src[seg.Start:seg.Stop]); loc != nil {
					drops = append(drops, [2]int{seg.Start + loc[0], seg.Start + loc[1]})
				}
			}
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(code, func(i, j int) bool { return code[i][0] < code[j][0] })
	// A heading's attribute block written inside code (## `{#x}`) is code.
	kept := drops[:0]
	for _, d := range drops {
		if !inRanges(code, d[0]) {
			kept = append(kept, d)
		}
	}
	return code, kept
}

// verbatimHTML reports an HTML block whose text is shown as written:
// <pre>, <script>, <style>, <textarea>.
func verbatimHTML(first []byte) bool {
	t := strings.ToLower(strings.TrimSpace(string(first)))
	for _, tag := range []string{"<pre", "<script", "<style", "<textarea"} {
		if strings.HasPrefix(t, tag) && (len(t) == len(tag) || strings.ContainsAny(t[len(tag):len(tag)+1], " \t>")) {
			return true
		}
	}
	return false
}

func inRanges(rs [][2]int, p int) bool {
	i := sort.Search(len(rs), func(i int) bool { return rs[i][1] > p })
	return i < len(rs) && rs[i][0] <= p
}

// closing is the offset just past the first delim at or after from that is
// not in code and comes before a blank line (a tag or expression may wrap
// but stays in its paragraph), else -1.
func closing(md string, from int, delim string, code [][2]int) int {
	for i := from; i+len(delim) <= len(md); i++ {
		if md[i] == '\n' && strings.HasPrefix(strings.TrimLeft(md[i+1:], " \t"), "\n") {
			return -1
		}
		if strings.HasPrefix(md[i:], delim) && !inRanges(code, i) {
			return i + len(delim)
		}
	}
	return -1
}

// liquid writes what the {% … %} tag at md[i:] shows and returns the
// offset after it (and after its block, for comment and raw).
func liquid(b *strings.Builder, md string, i int, code [][2]int) int {
	end := closing(md, i+2, "%}", code)
	if end < 0 {
		b.WriteString("{%")
		return i + 2
	}
	body := strings.TrimSpace(strings.Trim(md[i+2:end-2], "-"))
	name := body
	if k := strings.IndexAny(body, " \t\n"); k >= 0 {
		name = body[:k]
	}
	switch {
	case name == "comment":
		if loc := endComment.FindStringIndex(md[end:]); loc != nil {
			return end + loc[1]
		}
	case name == "raw":
		if loc := endRaw.FindStringIndex(md[end:]); loc != nil {
			b.WriteString(md[end : end+loc[0]])
			return end + loc[1]
		}
	case strings.HasPrefix(name, "image") || strings.HasPrefix(name, "img"):
		if args := quoted.FindAllStringSubmatch(body, -1); len(args) > 0 {
			last := args[len(args)-1]
			alt := last[1] + last[2]
			if len(args) == 1 {
				alt = "" // only a source: an image without words
			}
			b.WriteString("![" + strings.NewReplacer("[", "(", "]", ")").Replace(alt) + "]()")
			return end
		}
	case name == "slack_channel": // {% slack_channel "name" ["label"] %}
		if args := quoted.FindAllStringSubmatch(body, -1); len(args) > 0 {
			if len(args) > 1 {
				b.WriteString(args[1][1] + args[1][2])
			} else {
				b.WriteString("#" + strings.TrimPrefix(args[0][1]+args[0][2], "#"))
			}
			return end
		}
	}
	return dropped(b, md, end)
}

// expression writes what the {{ … }} expression at md[i:] shows and
// returns the offset after it. Most show nothing a note's reader needs (a
// variable, an included file); a string written in backticks is kept as
// written ({{raw `code`}}, {{quote `…`}} on the Go site), and so is the
// string of {{raw "…"}}; {{image "src"}} is an image.
func expression(b *strings.Builder, md string, i int, code [][2]int) int {
	if m := rawString.FindStringSubmatchIndex(md[i:]); m != nil {
		b.WriteString(md[i+m[2] : i+m[3]]) // it may hold blank lines
		return i + m[1]
	}
	end := closing(md, i+2, "}}", code)
	if end < 0 {
		b.WriteString("{{")
		return i + 2
	}
	body := strings.TrimSpace(strings.Trim(md[i+2:end-2], "-"))
	name, arg := body, ""
	if k := strings.IndexAny(body, " \t\n"); k >= 0 {
		name, arg = body[:k], strings.TrimSpace(body[k:])
	}
	switch {
	case name == "raw" && len(arg) >= 2 && arg[0] == '"':
		if s, err := strconv.Unquote(arg); err == nil {
			b.WriteString(s)
			return end
		}
	case strings.HasPrefix(name, "image") || strings.HasPrefix(name, "img"):
		b.WriteString("![]()")
		return end
	}
	return dropped(b, md, end)
}

// dropped finishes removing markup that ended at end: when the markup was
// a link's whole destination ([text]({% page "…" %})), the link becomes
// its text, as there is nowhere it could go.
func dropped(b *strings.Builder, md string, end int) int {
	out := b.String()
	if !strings.HasSuffix(out, "](") || !strings.HasPrefix(md[end:], ")") {
		return end
	}
	depth := 0
	for j := len(out) - 3; j >= 0; j-- {
		switch out[j] {
		case ']':
			depth++
		case '[':
			if j > 0 && out[j-1] == '\\' {
				continue
			}
			if depth > 0 {
				depth--
				continue
			}
			start := j
			if j > 0 && out[j-1] == '!' {
				start = j - 1 // an image: its alt text
			}
			rest := out[:start] + out[j+1:len(out)-2]
			b.Reset()
			b.WriteString(rest)
			return end + 1
		case '\n':
			if j > 0 && out[j-1] == '\n' {
				return end // a blank line: no link
			}
		}
	}
	return end
}
