package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/testlib"
)

// A hit that joins a section's two halves (index/page) is shown in the
// preview as one tinted box holding both, under the lines it cites; the
// section's other passages stay outside it.
func TestAJoinedHitsPassagesShareTheTint(t *testing.T) {
	first := strings.Repeat("Imagine a game where a roll of three gives a hat and a roll of seven takes one; every other roll moves the player. ", 6)
	second := strings.Repeat("This code compiles although not every value is listed, because the last arm matches every value not listed before it. ", 4) +
		"The underscore is a special pattern that matches any value and does not bind to that value."
	third := strings.Repeat("Guards narrow an arm with an extra condition written after the pattern, as in any other branch of a program. ", 8)
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{
		"match.md": "# Match\n\n## Catch-all patterns\n\nFor a default case in a match, take one action for all other values. " + first + "\n\n" + second + "\n\n" + third + "\n",
		"other.md": "# Other\n\nA value of another kind.\n",
	})
	w := newWindow(t, ix)
	test.Type(w.search, "default case in match without binding the value")
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
