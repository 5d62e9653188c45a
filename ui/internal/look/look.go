// Package look is the window's theme: Fyne's default with every text
// colour at WCAG AA contrast, in the variant the user chose (the
// system's, light or dark) and at the text size the user chose.
package look

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// ColorNameMatch is the colour of matched words in snippets and of links:
// Fyne's primary blue reaches only 4.0:1 on the dark background and 3.1:1
// on a selected row, under WCAG AA's 4.5:1 for text.
const ColorNameMatch fyne.ThemeColorName = "folio-match"

// The variants a user can choose; System follows the desktop's setting.
const (
	System = "system"
	Light  = "light"
	Dark   = "dark"
)

// Modes are the variants in the order Preferences offers them, and
// ModeNames their names there.
var (
	Modes     = []string{System, Light, Dark}
	ModeNames = []string{"Same as the system", "Light", "Dark"}
)

// Scales are the text sizes offered, as factors of Fyne's: Ctrl++ and
// Ctrl+- step through them, Ctrl+0 goes back to 1.
var Scales = []float64{0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2}

// Step is the text size one step up (dir > 0) or down from scale, kept
// within Scales; dir 0 is the normal size.
func Step(scale float64, dir int) float64 {
	if dir == 0 {
		return 1
	}
	i := Nearest(scale)
	return Scales[min(max(i+dir, 0), len(Scales)-1)]
}

// Nearest is the index in Scales of the size closest to scale (a value
// from an older version or edited by hand).
func Nearest(scale float64) int {
	best := slices.Index(Scales, 1)
	for i, s := range Scales {
		if math.Abs(s-scale) < math.Abs(Scales[best]-scale) {
			best = i
		}
	}
	return best
}

// Percent is a text size as Preferences shows it ("125%").
func Percent(scale float64) string { return fmt.Sprintf("%.0f%%", scale*100) }

// Theme is the window's theme in mode (System, Light, Dark) with text
// sizes times scale.
type Theme struct {
	fyne.Theme
	Mode  string
	Scale float64
}

// New is the theme for mode and scale; an unknown mode is System, a
// scale outside Scales the nearest of them.
func New(mode string, scale float64) Theme {
	if !slices.Contains(Modes, mode) {
		mode = System
	}
	return Theme{Theme: theme.DefaultTheme(), Mode: mode, Scale: Scales[Nearest(scale)]}
}

// Size scales the text and the icons set in text; padding stays, so a
// larger text does not also spread the window out.
func (t Theme) Size(name fyne.ThemeSizeName) float32 {
	s := t.Theme.Size(name)
	switch name {
	case theme.SizeNameText, theme.SizeNameCaptionText, theme.SizeNameHeadingText,
		theme.SizeNameSubHeadingText, theme.SizeNameInlineIcon:
		return float32(math.Round(float64(s) * t.Scale))
	}
	return s
}

var (
	matchDark  = color.NRGBA{R: 0x8a, G: 0xb4, B: 0xff, A: 0xff}
	matchLight = color.NRGBA{R: 0x0b, G: 0x4f, B: 0xc4, A: 0xff}
	// The light variant's placeholder (#888) is 3.5:1 on white.
	placeholderLight = color.NRGBA{R: 0x6b, G: 0x6b, B: 0x6b, A: 0xff}
	// White on Fyne's primary blue is 4.47:1; a shade darker passes.
	primary = color.NRGBA{R: 0x25, G: 0x63, B: 0xeb, A: 0xff}
	// Fyne's focus is a faint tint (1.2:1 on a button); these fills stand
	// 2:1 off a button with its text still at 4.5:1. The light one needs
	// text darker than Fyne's #565656 (3.4:1 on it).
	focusDark       = color.NRGBA{R: 0x33, G: 0x66, B: 0xcc, A: 0xff}
	focusLight      = color.NRGBA{R: 0x8f, G: 0xb0, B: 0xee, A: 0xff}
	foregroundLight = color.NRGBA{R: 0x33, G: 0x33, B: 0x33, A: 0xff}
)

// Color is the colour in the chosen variant: Fyne passes the system's.
func (t Theme) Color(name fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	switch t.Mode {
	case Light:
		v = theme.VariantLight
	case Dark:
		v = theme.VariantDark
	}
	switch name {
	case ColorNameMatch, theme.ColorNameHyperlink:
		if v == theme.VariantLight {
			return matchLight
		}
		return matchDark
	case theme.ColorNamePrimary:
		return primary
	case theme.ColorNameFocus:
		if v == theme.VariantLight {
			return focusLight
		}
		return focusDark
	case theme.ColorNameForeground:
		if v == theme.VariantLight {
			return foregroundLight
		}
	case theme.ColorNamePlaceHolder:
		if v == theme.VariantLight {
			return placeholderLight
		}
	}
	return t.Theme.Color(name, v)
}
