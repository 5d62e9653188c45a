package flowview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"folio/index/snippet"
)

// A right-to-left line keeps left-to-right runs in their order and puts a
// word's full stop on its left.
func TestRightToLeftLayoutKeepsLatinRunsAndPunctuation(t *testing.T) {
	test.NewTempApp(t)
	s := &View{}
	s.ExtendBaseWidget(s)
	s.Set(snippet.Snippet{Text: "يستخدم Vue 3 الآن."})
	w := test.NewTempWindow(t, s)
	w.Resize(fyne.NewSize(600, 100))
	s.Resize(fyne.NewSize(600, 40))
	r := test.WidgetRenderer(s).(*renderer)
	r.Layout(s.Size())
	x := map[string]float32{}
	for i, tx := range r.texts {
		x[s.words[r.pieces[i].Word].Text] = tx.Position().X
		if s.words[r.pieces[i].Word].Text == "الآن." && tx.Text != ".الآن" {
			t.Errorf("the last word is drawn %q, want its full stop on the left", tx.Text)
		}
	}
	if !(x["يستخدم"] > x["3"] && x["3"] > x["Vue"] && x["Vue"] > x["الآن."]) {
		t.Errorf("positions %v: want يستخدم rightmost, then Vue 3 reading left to right, then الآن. leftmost", x)
	}
}
