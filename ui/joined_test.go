package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"folio/internal/testutil"
	"folio/internal/testutil/testlib"
)

// A hit that joins a section's two halves (index/page) is shown in the
// preview as one tinted box holding both, under the lines it cites; the
// section's other passages stay outside it.
func TestAJoinedHitsPassagesShareTheTint(t *testing.T) {
	third := strings.Repeat("Guards narrow an arm with an extra condition written after the pattern, as in any other branch of a program. ", 8)
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{
		"match.md": testutil.CutSection + "\n" + third + "\n",
		"other.md": "# Other\n\nA value of another kind.\n",
	})
	w := newWindow(t, ix)
	test.Type(w.search, testutil.CutQuestion)
	waitFor(t, "the preview", func() bool {
		return onUI(w, func() bool { return w.preview.hitBox != nil && w.preview.hit.Path == "match.md" })
	})
	onUI(w, func() bool {
		if h := w.preview.hit; h.StartLine != 5 || h.EndLine != 7 {
			t.Fatalf("the hit cites %d-%d; the test needs the two halves joined (5-7)", h.StartLine, h.EndLine)
		}
		box := rowTexts(w.preview.hitBox)
		if !strings.Contains(box, "Lines 5–7") || !strings.Contains(box, "default case") || !strings.Contains(box, "does not bind") || strings.Contains(box, "Guards narrow") {
			t.Errorf("the tinted box holds %q: want both halves under Lines 5–7, and not the next passage", box)
		}
		return true
	})
}
