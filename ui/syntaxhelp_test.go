package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

// F1 says what a search can say, filters included, beside the keys.
func TestF1ShowsTheSearchSyntaxWithFilters(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	pressOnCanvas(w, fyne.KeyF1)
	if overlays(w) != 1 {
		t.Fatalf("F1: %d dialogs", overlays(w))
	}
	texts := fynetest.Texts(w.win.Canvas().Overlays().Top())
	for _, want := range []string{"\"exact phrase\"", "in:word", "tag:policy", "folder:NAME", "after:2024-03", "-tag:draft", "Ctrl+F"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the help lacks %q:\n%s", want, texts)
		}
	}
}
