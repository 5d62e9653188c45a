package ui

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/index"
	"folio/index/snippet"
	"folio/ui/internal/flowview"
	"folio/ui/internal/launch"
	"folio/ui/internal/mdtext"
	"folio/ui/internal/tables"
	"folio/ui/internal/wraprow"
)

// preview shows the hit's whole section rendered as Markdown, with the
// hit's own chunk marked and scrolled into view.
type preview struct {
	w       *Window
	root    fyne.CanvasObject
	heading *widget.Label
	cite    *widget.Label
	body    *fyne.Container
	scroll  *container.Scroll
	actions *fyne.Container
	hit     index.Hit
	has     bool
	opened  atomic.Bool // the hit is an opened file's (Window.Open), not a search's
	seq     int
	hitBox  fyne.CanvasObject // the hit's chunk in body

	copyButton, pathButton *widget.Button

	query       string // what the shown hit was found with, for its matches
	matchBlocks []int  // indexes in body of the chunks holding matches
	current     int    // the match block last scrolled to
	matches     *widget.Label
	matchRow    *fyne.Container // the arrows and the count, when there are matches
}

func newPreview(w *Window) *preview {
	p := &preview{w: w}
	p.heading = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.heading.Wrapping = fyne.TextWrapWord
	p.cite = widget.NewLabel("")
	p.cite.Wrapping = fyne.TextWrapWord
	p.cite.SizeName = theme.SizeNameCaptionText
	p.body = container.NewVBox()
	p.scroll = container.NewVScroll(p.body)
	p.copyButton = widget.NewButtonWithIcon("Copy citation", theme.ContentCopyIcon(), p.copyCitation)
	p.pathButton = widget.NewButtonWithIcon("Copy path", theme.ContentCopyIcon(), p.copyPath)
	p.matches = widget.NewLabel("")
	prev := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { p.moveMatch(-1) })
	next := widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { p.moveMatch(1) })
	// A row that wraps: at 800×600 all four stay whole and reachable (a
	// scroller showed two, and "Show in fo" at the default width).
	p.actions = wraprow.New(
		widget.NewButtonWithIcon("Open in editor", theme.DocumentIcon(), p.openHit),
		fixedWidth(p.copyButton, "Copied"), fixedWidth(p.pathButton, "Copied"),
		widget.NewButtonWithIcon("Show in folder", theme.FolderOpenIcon(), p.showInFolder),
	)
	prev.Importance, next.Importance = widget.LowImportance, widget.LowImportance
	p.matchRow = container.NewHBox(prev, next, p.matches)
	p.matchRow.Hide()
	p.actions.Hide()
	p.root = container.NewBorder(container.NewVBox(p.heading, p.cite, p.actions, p.matchRow, widget.NewSeparator()), nil, nil, nil, p.scroll)
	return p
}

func (p *preview) clear() {
	p.w.showPreviewHint(true)
	p.has = false
	p.matchBlocks = nil
	p.matchRow.Hide()
	p.heading.SetText("")
	p.cite.SetText("")
	p.actions.Hide()
	p.body.Objects = nil
	p.body.Refresh()
}

// show loads the hit's section off the UI thread.
func (p *preview) show(h index.Hit) {
	p.w.showPreviewHint(false)
	p.opened.Store(false)
	p.hit, p.has, p.hitBox = h, true, nil
	p.query = p.w.lastQuery
	p.seq++
	seq := p.seq
	p.heading.SetText(breadcrumb(h))
	p.cite.SetText(h.Citation())
	p.actions.Show()
	p.w.spawn(func() {
		section, err := p.w.lib.Section(context.Background(), h.ChunkRowID)
		p.w.do(func() {
			if seq != p.seq {
				return
			}
			if err != nil {
				p.w.showProblem("The section around this result could not be read.", err, "Rescan the folder; if that fails, remove and add it again.")
				return
			}
			p.render(section, h)
		})
	})
}

func (p *preview) render(section []index.SectionChunk, h index.Hit) {
	p.body.Objects = nil
	p.hitBox = nil
	p.matchBlocks, p.current = nil, -1
	lo, hi := p.shownPassages(section, h)
	if lo > 0 {
		p.body.Add(tables.Caption(fmt.Sprintf("%s earlier passages of this section are not shown. Open in editor to read them.", snippet.Thousands(lo))))
	}
	var hitText *fyne.Container // the hit's passages: two when it joins a section's halves
	for _, c := range section[lo:hi] {
		md := c.Text
		if c.Kind == string(chunker.KindFront) { // its values, a paragraph each, not YAML's keys
			md = strings.ReplaceAll(chunker.FrontText(c.Text), "\n", "\n\n")
		}
		text, own := renderMarkdown(md), c.ChunkRowID == h.ChunkRowID || c.ChunkRowID == h.Joined
		if at := len(p.body.Objects); highlightMatches(text, p.query) > 0 {
			if own && hitText != nil {
				at-- // in the hit's box, which is the block
			}
			if p.matchBlocks = append(p.matchBlocks, at); own && p.current < 0 {
				p.current = len(p.matchBlocks) - 1
			}
		}
		switch {
		case !own:
			p.body.Add(text)
		case hitText != nil:
			hitText.Add(text)
		default: // the hit's own lines: tinted, with their line numbers
			lines := fmt.Sprintf("Lines %d–%d", h.StartLine, h.EndLine)
			if h.StartLine == h.EndLine {
				lines = fmt.Sprintf("Line %d", h.StartLine) // not "Lines 12–12"
			}
			label := widget.NewLabelWithStyle(lines, fyne.TextAlignTrailing, fyne.TextStyle{Italic: true})
			label.SizeName = theme.SizeNameCaptionText
			bg := canvas.NewRectangle(theme.Color(theme.ColorNameSelection))
			bg.CornerRadius = theme.InputRadiusSize()
			hitText = container.NewVBox(label, text)
			p.hitBox = container.NewStack(bg, container.NewPadded(hitText))
			p.body.Add(p.hitBox)
		}
	}
	if hi < len(section) {
		p.body.Add(tables.Caption(fmt.Sprintf("%s later passages of this section are not shown. Open in editor to read them.", snippet.Thousands(len(section)-hi))))
	}
	p.body.Refresh()
	p.showMatchCount()
	p.scroll.ScrollToTop()
	if box := p.hitBox; box != nil {
		// The box, not p.hitBox: laying the body out may show another
		// hit, which resets p.hitBox (CI caught the nil dereference).
		flowview.Settle(p.body, p.scroll.Size().Width)
		p.scroll.Offset = fyne.NewPos(0, box.Position().Y)
		p.scroll.Refresh()
	}
}

// shownPassages is the range of the section shown: all of it, unless it
// is too long to lay out, then the hit's passage and its neighbours.
func (p *preview) shownPassages(section []index.SectionChunk, h index.Hit) (lo, hi int) {
	texts := make([]string, len(section))
	hit := 0
	for i, c := range section {
		texts[i] = c.Text
		if c.ChunkRowID == h.ChunkRowID {
			hit = i
		}
	}
	if len(texts) == 0 {
		return 0, 0
	}
	return mdtext.SectionWindow(texts, hit)
}

// moveMatch scrolls to the next (dir 1) or previous (-1) passage of the
// section that holds the query's words (F3, Shift+F3, the arrows).
func (p *preview) moveMatch(dir int) {
	if len(p.matchBlocks) == 0 {
		return
	}
	p.current = (p.current + dir + len(p.matchBlocks)) % len(p.matchBlocks)
	block := p.body.Objects[p.matchBlocks[p.current]]
	p.scroll.Offset = fyne.NewPos(0, block.Position().Y)
	p.scroll.Refresh()
	p.showMatchCount()
}

func (p *preview) showMatchCount() {
	p.matchRow.Show()
	switch n := len(p.matchBlocks); {
	case n == 0:
		p.matches.SetText("")
		p.matchRow.Hide()
	case p.current < 0:
		p.matches.SetText(plural(n, "passage") + " with matches (F3)")
	default:
		p.matches.SetText(fmt.Sprintf("passage %d of %d with matches (F3)", p.current+1, n))
	}
}

// safeSegments replaces images with their alt text: Folio never fetches
// anything, so a remote image in a note is shown as words, not loaded.
// Links stay links; they open only when clicked.
func safeSegments(segs []widget.RichTextSegment) []widget.RichTextSegment {
	out := make([]widget.RichTextSegment, 0, len(segs))
	for _, s := range segs {
		switch seg := s.(type) {
		case *widget.ImageSegment:
			alt := seg.Title
			if alt == "" {
				alt = "image"
			}
			out = append(out, &widget.TextSegment{Text: "[" + alt + "]", Style: widget.RichTextStyleInline})
		case *widget.ParagraphSegment:
			seg.Texts = safeSegments(seg.Texts)
			out = append(out, seg)
		case *widget.ListSegment:
			seg.Items = safeSegments(seg.Items)
			out = append(out, seg)
		default:
			out = append(out, s)
		}
	}
	return flowSegments(out)
}

// flowSegments undoes two ways Fyne's Markdown breaks a sentence. It puts
// a space after each piece of text followed by an inline one, so tldr's
// "[c]reate", which goldmark gives as "[", "c", "]reate", shows as
// "[ c]reate"; and in a blockquote each piece of text ends its own line,
// so "such as `gzip` or `bzip2`" breaks around the code.
func flowSegments(segs []widget.RichTextSegment) []widget.RichTextSegment {
	for i, s := range segs {
		t, ok := s.(*widget.TextSegment)
		if !ok || i+1 >= len(segs) {
			continue
		}
		if t.Style == widget.RichTextStyleBlockquote && segs[i+1].Inline() {
			t.Style.Inline = true // the code or link that follows is on the same line
		}
		next, ok := segs[i+1].(*widget.TextSegment)
		if ok && (strings.HasSuffix(t.Text, "[ ") || strings.HasSuffix(t.Text, " ") && strings.HasPrefix(next.Text, "]")) {
			t.Text = strings.TrimSuffix(t.Text, " ")
		}
	}
	return segs
}

func (p *preview) filePath() string {
	return filepath.Join(p.hit.Folder, filepath.FromSlash(p.hit.Path))
}

func (p *preview) openHit() {
	if !p.has {
		if h, ok := p.w.results.current(); ok {
			p.hit, p.has = h, true
		} else {
			return
		}
	}
	h, ok := p.w.checkCitation(p.hit)
	if !ok {
		return
	}
	p.w.remember() // a search that found what was opened is worth keeping
	if err := p.w.openInShell(p.filePath(), h.StartLine); err != nil {
		p.w.showProblem("The file could not be opened.", err, "Check that the file still exists, or set $EDITOR to your editor.")
	}
}

func (p *preview) copyCitation() {
	if !p.has {
		return
	}
	if h, ok := p.w.checkCitation(p.hit); ok {
		p.w.app.Clipboard().SetContent(h.Citation())
		p.copied(p.copyButton, "Copy citation")
	}
}

// copyPath copies the file's full path with the passage's first line
// (path:line, as editors and terminals open it).
func (p *preview) copyPath() {
	if !p.has {
		return
	}
	if h, ok := p.w.checkCitation(p.hit); ok {
		p.w.app.Clipboard().SetContent(fmt.Sprintf("%s:%d", h.File(), h.StartLine))
		p.copied(p.pathButton, "Copy path")
	}
}

// copied says on the button, for a moment, that the copy happened.
func (p *preview) copied(b *widget.Button, label string) {
	b.SetText("Copied")
	time.AfterFunc(1500*time.Millisecond, func() {
		if p.w.bgCtx.Err() == nil { // the window is still open
			p.w.do(func() { b.SetText(label) })
		}
	})
}

// checkCitation checks a hit against its file before it is opened or
// copied (index.Cite): the hit comes back with the lines where its passage
// is now. If the passage is gone, the user is told and offered a rescan of
// the file, and ok is false.
func (w *Window) checkCitation(h index.Hit) (index.Hit, bool) {
	c := index.Cite(h)
	if !c.Gone {
		h.StartLine, h.EndLine = c.StartLine, c.EndLine
		return h, true
	}
	what := "This passage was changed since it was indexed: it is no longer in " + h.Path + "."
	if c.Missing {
		what = h.Path + " was moved or deleted since it was indexed."
	}
	w.showConfirm("Changed since indexed", what+"\n\nRescan the file now?", "Rescan", func() { w.rescanFile(h) })
	return h, false
}

// rescanFile indexes one file again, off the UI thread, then repeats the
// search.
func (w *Window) rescanFile(h index.Hit) {
	w.spawn(func() {
		_, err := w.lib.ScanFolder(w.bgCtx, h.Folder, index.ImportOptions{Only: []string{h.Path}})
		w.do(func() {
			if err != nil && w.bgCtx.Err() == nil {
				w.showProblem("The file could not be rescanned.", err, "")
			}
			w.refreshFolders()
			w.rerunSearch()
		})
	})
}

func (p *preview) showInFolder() {
	if !p.has {
		return
	}
	if err := p.w.openURL(launch.FileURL(filepath.Dir(p.filePath()))); err != nil {
		p.w.showProblem("The folder could not be shown.", err, "")
	}
}

func parseURL(u string) (*url.URL, error) { return url.Parse(u) }

// renderMarkdown renders a chunk: pipe tables as a grid (Fyne's Markdown
// has no tables), everything else as rich text.
func renderMarkdown(md string) fyne.CanvasObject {
	md = mdtext.KeepIndentLTR(mdtext.Readable(md))
	box := container.NewVBox()
	var prose []string
	flush := func() {
		if len(prose) == 0 {
			return
		}
		if text, more := mdtext.BoundProse(strings.Join(prose, "\n")); flowview.IsRTL(text) {
			for _, b := range mdtext.SplitFences(text) {
				if b.Code { // code reads left to right, its indentation kept
					proseBlocks(box, safeSegments(widget.NewRichTextFromMarkdown(b.Text).Segments))
					continue
				}
				for _, para := range strings.Split(mdtext.UnwrapParagraphs(b.Text), "\n") {
					if para = strings.TrimSpace(strings.TrimLeft(para, "#>-* ")); para != "" {
						box.Add(flowview.NewRTLParagraph(para))
					}
				}
			}
			if more != "" {
				box.Add(tables.Caption(more))
			}
			prose = nil
			return
		}
		text, more := mdtext.BoundProse(strings.Join(prose, "\n"))
		proseBlocks(box, safeSegments(widget.NewRichTextFromMarkdown(mdtext.ImagesAsText(mdtext.UnwrapParagraphs(text))).Segments))
		if more != "" {
			box.Add(tables.Caption(more))
		}
		prose = nil
	}
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if i+1 < len(lines) && mdtext.IsTableRow(lines[i]) && mdtext.IsDelimiterRow(lines[i+1]) {
			flush()
			rows := []string{lines[i]}
			j := i + 2
			for ; j < len(lines) && mdtext.IsTableRow(lines[j]); j++ {
				rows = append(rows, lines[j])
			}
			box.Add(tables.View(rows))
			i = j - 1
			continue
		}
		prose = append(prose, lines[i])
	}
	flush()
	return box
}

// proseBlocks adds Fyne's Markdown segments to box as Folio lays them
// out: each paragraph, heading and list item one flow of words (see
// snippetView), code blocks as Fyne's rich text, rules as separators.
func proseBlocks(box *fyne.Container, segs []widget.RichTextSegment) {
	var runs []widget.RichTextSegment
	flush := func() {
		if len(runs) > 0 {
			o := fyne.CanvasObject(flowview.NewProse(runs))
			if t, ok := runs[len(runs)-1].(*widget.TextSegment); ok && t.Style == widget.RichTextStyleBlockquote { // a quote is indented
				o = container.New(layout.NewCustomPaddedLayout(0, 0, 2*theme.InnerPadding(), 0), o)
			}
			box.Add(o)
			runs = nil
		}
	}
	for _, s := range segs {
		switch v := s.(type) {
		case *widget.ListSegment:
			flush()
			for _, item := range v.Segments() {
				texts := item.(*widget.ParagraphSegment).Texts // the bullet, then the item
				bullet := widget.NewLabelWithStyle(strings.TrimSpace(texts[0].Textual()), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
				inner := container.NewVBox()
				proseBlocks(inner, texts[1].(*widget.ParagraphSegment).Texts)
				box.Add(container.NewBorder(nil, nil, container.NewVBox(bullet), nil, inner))
			}
		case *widget.ParagraphSegment:
			flush()
			proseBlocks(box, v.Texts)
		case *widget.SeparatorSegment:
			flush()
			box.Add(widget.NewSeparator())
		case *widget.TextSegment:
			if v.Style.TextStyle.Monospace && !v.Style.Inline { // a code block keeps its lines
				flush()
				t := widget.NewRichText(v)
				t.Wrapping = fyne.TextWrapWord
				box.Add(t)
				continue
			}
			runs = append(runs, v)
			if !v.Inline() {
				flush()
			}
		default:
			runs = append(runs, s)
		}
	}
	flush()
}
