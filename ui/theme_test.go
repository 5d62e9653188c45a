package ui

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
)

// luminance is WCAG's relative luminance.
func luminance(c color.Color) float64 {
	r, g, b, _ := color.NRGBAModel.Convert(c).(color.NRGBA).RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is WCAG's contrast ratio of two opaque colours.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// over composes a translucent colour over an opaque one.
func over(fg, bg color.Color) color.Color {
	f := color.NRGBAModel.Convert(fg).(color.NRGBA)
	b := color.NRGBAModel.Convert(bg).(color.NRGBA)
	a := float64(f.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.NRGBA{R: mix(f.R, b.R), G: mix(f.G, b.G), B: mix(f.B, b.B), A: 255}
}

// Every text colour the window uses reaches WCAG AA (4.5:1) on every
// background it is drawn on, in the dark and the light variant.
func TestTextContrastReachesWCAGAA(t *testing.T) {
	th := Theme()
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		c := func(n fyne.ThemeColorName) color.Color { return th.Color(n, v) }
		bg := c(theme.ColorNameBackground)
		surfaces := map[string]color.Color{
			"background":     bg,
			"selected row":   over(c(theme.ColorNameSelection), bg),
			"input field":    over(c(theme.ColorNameInputBackground), bg),
			"dialog":         over(c(theme.ColorNameOverlayBackground), bg),
			"button":         over(c(theme.ColorNameButton), bg),
			"header":         over(c(theme.ColorNameHeaderBackground), bg),
			"primary button": over(c(theme.ColorNamePrimary), bg),
		}
		for _, p := range []struct {
			text    fyne.ThemeColorName
			surface []string
		}{
			{theme.ColorNameForeground, []string{"background", "selected row", "input field", "dialog", "button", "header"}},
			{ColorNameMatch, []string{"background", "selected row"}},
			{theme.ColorNameHyperlink, []string{"background", "selected row", "dialog"}},
			{theme.ColorNamePlaceHolder, []string{"input field"}},
			{theme.ColorNameForegroundOnPrimary, []string{"primary button"}},
		} {
			for _, s := range p.surface {
				if r := contrast(over(c(p.text), surfaces[s]), surfaces[s]); r < 4.5 {
					t.Errorf("variant %d: %s on %s is %.2f:1, under 4.5:1", v, p.text, s, r)
				}
			}
		}
	}
}

// No label of the window is drawn in Fyne's low-importance ("disabled")
// grey, which is 1.5:1 on the dark background.
func TestNoLabelUsesTheDisabledGrey(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"a.md": "# A\n\n## Part\n\nalpha notes\n"})
	w := newWindow(t, ix)
	waitFor(t, "the folder", func() bool { return len(w.library.folders) == 1 })
	test.Type(w.search, "alpha")
	waitFor(t, "the preview", func() bool { return w.preview.hitBox != nil && len(w.library.folders) == 1 })
	row := w.results.list.CreateItem()
	w.results.list.UpdateItem(0, row)
	side := w.library.list.CreateItem()
	w.library.list.UpdateItem(0, side)
	var low []string
	for _, o := range []fyne.CanvasObject{w.win.Content(), row, side} {
		fynetest.Walk(o, func(o fyne.CanvasObject) bool {
			if v, ok := o.(*widget.Label); ok {
				if v.Importance == widget.LowImportance && v.Text != "" {
					low = append(low, v.Text)
				}
				return false
			}
			return true
		})
	}
	if len(low) > 0 {
		t.Errorf("labels in the disabled grey: %q", low)
	}
}

// The keyboard focus is clearly visible (WCAG 2.4.7): a focused button's
// background differs from the unfocused one by 2:1 (Fyne's tint: 1.2:1),
// a low-importance button's (a chip) from the background too, and its
// text still reaches 4.5:1. Fyne marks focus by the fill the text sits
// on, so 2.4.13's 3:1 and the text's 4.5:1 cannot both be met.
func TestKeyboardFocusIsClearlyVisible(t *testing.T) {
	th := Theme()
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		c := func(n fyne.ThemeColorName) color.Color { return th.Color(n, v) }
		bg := c(theme.ColorNameBackground)
		for _, s := range []struct {
			name    string
			surface color.Color
		}{
			{"button", over(c(theme.ColorNameButton), bg)},
			{"low-importance button", bg},
			{"button in a dialog", over(c(theme.ColorNameButton), over(c(theme.ColorNameOverlayBackground), bg))},
		} {
			focused := over(c(theme.ColorNameFocus), over(c(theme.ColorNameButton), s.surface))
			if r := contrast(focused, s.surface); r < 2 {
				t.Errorf("variant %d: a focused %s is %.2f:1 against an unfocused one, under 2:1", v, s.name, r)
			}
			if r := contrast(c(theme.ColorNameForeground), focused); r < 4.5 {
				t.Errorf("variant %d: text on a focused %s is %.2f:1, under 4.5:1", v, s.name, r)
			}
		}
	}
}
