package flow

import (
	"reflect"
	"testing"
)

func TestWordDirections(t *testing.T) {
	// A number after a left-to-right word is left to right (W7), also
	// past a comma; one between right-to-left words is not.
	words := []string{"يستخدم", "Vue", "3", "و", "npm", "،", "2024", "الآن", "5", "أيام."}
	got := WordDirections(words, true)
	want := []bool{false, true, true, false, true, false, true, false, false, false}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("directions %v, want %v", got, want)
	}
	for in, out := range map[string]string{"بببب.": ".بببب", "(مثال)": "(مثال)", "«نص»،": "،«نص»", "كلمة": "كلمة"} {
		if got := VisualRTLWord(in); got != out {
			t.Errorf("VisualRTLWord(%q) = %q, want %q", in, got, out)
		}
	}
}
