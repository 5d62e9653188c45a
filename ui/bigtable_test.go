package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"folio/internal/testutil/testlib"
)

// pipeTable is a note with one table of rows rows and cols columns, as
// the hostile probe wrote it.
func pipeTable(rows, cols int) string {
	var b strings.Builder
	b.WriteString("# E\n\n|")
	for i := range cols {
		fmt.Fprintf(&b, "c%d|", i)
	}
	b.WriteString("\n|" + strings.Repeat("---|", cols) + "\n")
	for j := range rows {
		b.WriteString("|")
		for i := range cols {
			fmt.Fprintf(&b, "v%d_%d|", j, i)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// builtObjects counts the canvas objects built under o, widgets' renderers
// included (asking for a renderer builds it, as drawing does), up to
// limit: the unbounded preview has hundreds of thousands.
func builtObjects(o fyne.CanvasObject, limit int) int {
	n := 0
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if n >= limit || !o.Visible() {
			return
		}
		n++
		switch v := o.(type) {
		case *fyne.Container:
			for _, c := range v.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(v).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return n
}

// labelsSaying is the texts of the labels under o that contain words.
func labelsSaying(o fyne.CanvasObject, words string) []string {
	var out []string
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch v := o.(type) {
		case *widget.Label:
			if strings.Contains(v.Text, words) {
				out = append(out, v.Text)
			}
		case *fyne.Container:
			for _, c := range v.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

// openNote adds a folder holding name (content) and shows the note in the
// preview, as `folio FILE.md` does; it waits up to 20 s, where the
// unbounded preview took minutes.
func openNote(t *testing.T, name, content string) *Window {
	ix, dir := testlib.WithFolder(t, map[string]string{name: content})
	w := newWindow(t, ix)
	w.Open([]string{filepath.Join(dir, name)})
	deadline := time.Now().Add(20 * time.Second)
	for !onUI(w, func() bool { return w.preview.hitBox != nil && w.preview.hit.Path == name }) {
		if time.Now().After(deadline) {
			t.Fatalf("%s not shown in 20 s", name)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return w
}

// A note with a huge table (or header row, or paragraph) is shown with a
// bounded number of objects, and the preview says what it holds.
func TestPreviewOfHugeNotesIsBounded(t *testing.T) {
	long := "# P\n\n" + strings.Repeat("Words of one enormous paragraph go on and on. ", 20000) + "\n"
	for _, tc := range []struct {
		name, note, says string
	}{
		{"rows", pipeTable(5000, 20), "5,000 rows and 20 columns"},
		{"columns", pipeTable(20, 5000), "20 rows and 5,000 columns"},
		{"paragraph", long, "later passages of this section are not shown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := openNote(t, "export.md", tc.note)
			const limit = 5000 // the 5,000-row table's grid was 100,000 labels
			var n int
			var says []string
			onUI(w, func() bool {
				n = builtObjects(w.preview.root, 10*limit)
				says = labelsSaying(w.preview.body, tc.says)
				return true
			})
			t.Logf("%d objects built", n)
			if n > limit {
				t.Errorf("the preview built %d objects or more, want at most %d", n, limit)
			}
			if len(says) == 0 {
				t.Errorf("no line in the preview says %q", tc.says)
			}
		})
	}
}

// A small table is still a grid of labels, every cell drawn.
func TestPreviewSmallTableStaysAGrid(t *testing.T) {
	box := renderMarkdown(pipeTable(3, 4)).(*fyne.Container)
	grid := box.Objects[1].(*fyne.Container) // after the heading
	if len(grid.Objects) != 4*4 {
		t.Fatalf("%d cells, want 16", len(grid.Objects))
	}
	if l := grid.Objects[5].(*widget.Label); l.Text != "v0_1" {
		t.Errorf("cell 5 says %q", l.Text)
	}
}

// BenchmarkPreviewBigTable renders the passage of a 5,000-row table and
// lays it out in a preview-sized window, building what a draw builds.
func BenchmarkPreviewBigTable(b *testing.B) {
	test.NewTempApp(b)
	md := pipeTable(5000, 20)
	for b.Loop() {
		o := renderMarkdown(md)
		w := test.NewWindow(container.NewVScroll(o))
		w.Resize(fyne.NewSize(600, 700))
		builtObjects(o, 1<<20)
		w.Close()
	}
}
