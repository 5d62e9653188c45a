package flow

import (
	"reflect"
	"testing"
)

func TestSplitLTREndsResolvesPunctuationByItsNeighbours(t *testing.T) {
	words := Words([]Run{{Text: "الموجهة v-else-if، كما لـ (v-if). ثم Vue, React"}})
	words = SplitLTREnds(words)
	var texts []string
	for _, w := range words {
		texts = append(texts, w.Text)
	}
	// Words breaks after a hyphen already: "v-if" is "v", "-", "if".
	want := []string{"الموجهة", "v", "-", "else", "-", "if", "،", "كما", "لـ", "(", "v", "-", "if", ").", "ثم", "Vue", ",", "React"}
	if !reflect.DeepEqual(texts, want) {
		t.Fatalf("words %q, want %q", texts, want)
	}
	for i, w := range words {
		if glued := w.Text == "،" || texts[max(0, i-1)] == "(" || w.Text == ")." || w.Text == ","; glued && (w.Space || w.Break) {
			t.Errorf("%q may start a line or has a space before it: it must stay with its word", w.Text)
		}
	}
	ltr := WordDirections(texts, true)
	for i, tx := range texts {
		wantLTR := tx == "v" || tx == "-" || tx == "else" || tx == "if" || tx == "Vue" || tx == "," || tx == "React"
		if ltr[i] != wantLTR {
			t.Errorf("%q left to right %v, want %v", tx, ltr[i], wantLTR)
		}
	}
}
