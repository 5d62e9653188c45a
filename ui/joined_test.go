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

// A hit in front matter's prose is previewed as its values, one paragraph
// each, tinted under its lines: not as YAML read as Markdown (keys,
// addresses as list items).
func TestAFrontMatterHitIsPreviewedAsItsWords(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{
		"memorial.md": "---\ntitle: Memorial items\nlinks:\n  - url: /flags/\n    description: Ask for a flag to drape over the casket.\n  - url: /certificates/\n    description: Apply for an engraved certificate signed by the current president.\n---\n# Memorial items\n\nPlan ahead.\n",
	})
	w := newWindow(t, ix)
	test.Type(w.search, "engraved certificate president")
	waitFor(t, "the preview", func() bool {
		return onUI(w, func() bool { return w.preview.hitBox != nil && w.preview.hit.Path == "memorial.md" })
	})
	onUI(w, func() bool {
		box := rowTexts(w.preview.hitBox)
		if !strings.Contains(box, "Lines 5–7") || !strings.Contains(box, "Apply for an engraved certificate") || !strings.Contains(box, "drape over the casket") || strings.Contains(box, "description") || strings.Contains(box, "certificates/") {
			t.Errorf("the tinted box holds %q: want both descriptions' words under Lines 5–7, without their keys or the links", box)
		}
		return true
	})
}
