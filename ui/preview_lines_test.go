package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

// A passage of one line is "Line 3" over the preview's tinted passage,
// not "Lines 3–3".
func TestPreviewNamesAOneLinePassageByItsLine(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"facts.md": "# Quokkas\n\nQuokkas smile for the camera and live on Rottnest Island off Perth.\n"})
	w := newWindow(t, ix)
	test.Type(w.search, "quokkas smile")
	waitFor(t, "the preview", func() bool { return onUI(w, func() bool { return w.preview.hitBox != nil }) })
	var shown string
	onUI(w, func() bool { shown = fynetest.Texts(w.preview.hitBox); return true })
	h := w.results.hits[0]
	if h.StartLine != h.EndLine {
		t.Fatalf("the passage is lines %d–%d, want one line", h.StartLine, h.EndLine)
	}
	if strings.Contains(shown, "Lines ") || !strings.Contains(shown, "Line ") {
		t.Errorf("the passage is labelled %q", strings.SplitN(shown, " | ", 2)[0])
	}
}
