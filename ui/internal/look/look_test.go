package look

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// Steps stay within the sizes offered, and Ctrl+0 is the normal size.
func TestStepStaysWithinTheSizesOffered(t *testing.T) {
	if got := Step(1, 1); got != 1.1 {
		t.Errorf("one step up from 100%%: %v", got)
	}
	if got := Step(2, 1); got != 2 {
		t.Errorf("past the largest: %v", got)
	}
	if got := Step(0.8, -1); got != 0.8 {
		t.Errorf("past the smallest: %v", got)
	}
	if got := Step(1.3, -1); got != 1.1 {
		t.Errorf("from a size edited by hand (1.3): %v", got)
	}
	if got := Step(1.75, 0); got != 1 {
		t.Errorf("normal: %v", got)
	}
}

// A chosen variant wins over the system's; text scales, padding does not.
func TestTheChosenVariantAndSizeApply(t *testing.T) {
	test.NewTempApp(t)
	light, dark := New(Light, 1), New(Dark, 1.5)
	if light.Color(theme.ColorNameBackground, theme.VariantDark) != New(System, 1).Color(theme.ColorNameBackground, theme.VariantLight) {
		t.Error("Light on a dark system is not light")
	}
	if dark.Color(theme.ColorNameForeground, theme.VariantLight) != New(System, 1).Color(theme.ColorNameForeground, theme.VariantDark) {
		t.Error("Dark on a light system is not dark")
	}
	if dark.Size(theme.SizeNameText) != 1.5*light.Size(theme.SizeNameText) || dark.Size(theme.SizeNamePadding) != light.Size(theme.SizeNamePadding) {
		t.Errorf("text %v / %v, padding %v / %v", dark.Size(theme.SizeNameText), light.Size(theme.SizeNameText), dark.Size(theme.SizeNamePadding), light.Size(theme.SizeNamePadding))
	}
	if New("purple", 9).Mode != System || New("purple", 9).Scale != 2 {
		t.Error("an unknown mode or size is not mended")
	}
}
