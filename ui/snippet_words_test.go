package ui

import (
	"strings"
	"testing"

	"folio/index/snippet"
	"folio/internal/testutil/fynetest"
	"folio/ui/internal/flowview"
)

// Punctuation after a highlighted word stays glued to it in every script:
// the last byte of "م" (0x85) and of "à" (0xA0) are not spaces.
func TestSnippetPunctuationStaysOnItsWord(t *testing.T) {
	for _, c := range []struct{ text, hit, glued string }{
		{"اليوم، الساعة العاشرة", "اليوم", "،"},
		{"voilà, the dose", "voilà", ","},
		{"文件。下一句", "文件", "。"},
		{"crème. Then", "crème", "."},
	} {
		i := strings.Index(c.text, c.hit)
		words := flowview.SnippetWords(snippet.Snippet{Text: c.text, Highlights: [][2]int{{i, i + len(c.hit)}}})
		hit, k := "", 0 // a CJK word may be drawn a character at a time
		for ; k < len(words) && words[k].Tag == flowview.TagMatch; k++ {
			hit += words[k].Text
		}
		if hit != c.hit || k == len(words) || words[k].Text != c.glued || words[k].Space || words[k].Break {
			t.Errorf("%q: words %+v, want %q glued to the highlighted %q", c.text, words, c.glued, c.hit)
		}
	}
}

// The preview shows an image as its alt text (never loading it).
func TestPreviewShowsImagesAsTheirAltText(t *testing.T) {
	for md, want := range map[string]string{
		"See ![A chart of doses](https://example.org/c.png) below.": "[A chart of doses]",
		"![Ward map](map.png \"the map\")":                          "[Ward map]",
		"Logo: ![](logo.svg)":                                       "[image]",
		"![Reference style][fig1]":                                  "[Reference style]",
	} {
		rt := renderMarkdown(md)
		// The shown text, without deepTexts' separators between segments.
		got := strings.Join(strings.Fields(strings.NewReplacer(" | ", " ").Replace(fynetest.Texts(rt))), " ")
		got = strings.NewReplacer("[ ", "[", " ]", "]").Replace(got)
		if !strings.Contains(got, want) || strings.Contains(got, "http") || strings.Contains(got, ".png") || strings.Contains(got, "!") {
			t.Errorf("%q shows %q, want %q", md, got, want)
		}
	}
}
