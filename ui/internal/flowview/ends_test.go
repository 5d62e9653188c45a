package flowview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"folio/index/snippet"
)

// drawnX lays s out at width and gives the left edge of each drawn text.
func drawnX(t *testing.T, s *View, width float32) map[string]float32 {
	t.Helper()
	w := test.NewTempWindow(t, s)
	w.Resize(fyne.NewSize(width+20, 200))
	s.Resize(fyne.NewSize(width, 100))
	r := test.WidgetRenderer(s).(*renderer)
	r.Layout(s.Size())
	x := map[string]float32{}
	for _, tx := range r.texts {
		x[tx.Text] = tx.Position().X
	}
	return x
}

// In an Arabic sentence, the comma and full stop after a Latin word (inline
// code in the note) are drawn on its left, where the sentence goes on:
// "الموجهة v-else-if، كما" reads كما ،v-else-if الموجهة from the left.
func TestRightToLeftPunctuationAfterLatinWordGoesLeft(t *testing.T) {
	test.NewTempApp(t)
	s := &View{}
	s.ExtendBaseWidget(s)
	s.Set(snippet.Snippet{Text: "الموجهة v-else-if، كما يشير لـ Vue. يمكن"})
	x := drawnX(t, s, 700)
	comma, code := x["،"], x["if"]
	if _, ok := x["،"]; !ok {
		t.Fatalf("the comma is not drawn on its own: %v", x)
	}
	if !(comma < code && comma > x["كما"]) {
		t.Errorf("comma at %.0f, v-else-if's \"if\" at %.0f, كما at %.0f: want the comma between them, left of the code", comma, code, x["كما"])
	}
	if stop, ok := x["."]; !ok || !(stop < x["Vue"] && stop > x["يمكن"]) {
		t.Errorf("full stop at %.0f (drawn %v), Vue at %.0f, يمكن at %.0f: want it left of Vue", stop, ok, x["Vue"], x["يمكن"])
	}
}
