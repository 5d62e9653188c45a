package mdtext

import (
	"slices"
	"testing"
)

func TestTableCellsShowWhatAReaderReads(t *testing.T) {
	for _, c := range []struct {
		row  string
		want []string
	}{
		{"| ![Goroutines by year](https://example.org/g.png) | a [chart](c.md) | <https://go.dev> |", []string{"[Goroutines by year]", "a chart", "https://go.dev"}},
		{"| ![](x.png) | {{ site.note }}yearly | <!-- hidden --> shown |", []string{"[image]", "yearly", "shown"}},
		{"| `{{ msg }}` | `![kept](code.png)` |", []string{"`{{ msg }}`", "`![kept](code.png)`"}},
		{"plain | cells", []string{"plain", "cells"}},
	} {
		if got := TableCells(c.row); !slices.Equal(got, c.want) {
			t.Errorf("TableCells(%q) = %q, want %q", c.row, got, c.want)
		}
	}
}

func TestReadableKeepsMarkdownAndCode(t *testing.T) {
	md := "## Runtime {#runtime}\n\n<!-- note -->\nSee [the notes]({% page \"/x/\" %}).\n\n```liquid\n{% raw %}{{ x }}{% endraw %}\n```"
	want := "## Runtime\n\n\nSee the notes.\n\n```liquid\n{% raw %}{{ x }}{% endraw %}\n```"
	if got := Readable(md); got != want {
		t.Errorf("Readable:\n got %q\nwant %q", got, want)
	}
}

func TestImagesAsTextLeavesCode(t *testing.T) {
	md := "```md\n![kept](x.png) <https://kept.example>\n```\n\n![Chart](c.png) and `![kept](y.png)`, <https://go.dev>"
	want := "```md\n![kept](x.png) <https://kept.example>\n```\n\n[Chart] and `![kept](y.png)`, [https://go.dev](https://go.dev)"
	if got := ImagesAsText(md); got != want {
		t.Errorf("ImagesAsText:\n got %q\nwant %q", got, want)
	}
}
