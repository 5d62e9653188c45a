package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/ui/internal/flowview"
)

// ColorNameMatch is the colour of matched words in snippets and of links:
// Fyne's primary blue reaches only 4.0:1 on the dark background and 3.1:1
// on a selected row, under WCAG AA's 4.5:1 for text.
const ColorNameMatch = flowview.ColorNameMatch

// folioTheme is Fyne's default theme with every text colour the window
// uses at WCAG AA contrast (4.5:1) on the background, on input fields and
// on a selected row, in the dark and the light variant (theme_test.go
// measures them). Secondary lines (citations, folder figures) are set in
// the caption size in the foreground colour rather than in Fyne's
// "disabled" grey (1.5:1); disabled buttons keep it, as WCAG allows for
// inactive controls.
type folioTheme struct{ fyne.Theme }

// Theme is the window's theme.
func Theme() fyne.Theme { return folioTheme{theme.DefaultTheme()} }

// rowLabels are the two lines of a list row (a folder, a result): a bold
// head and a secondary line in the caption size, not in grey (see
// folioTheme), both cut with an ellipsis where the row is narrow.
func rowLabels() (head, secondary *widget.Label) {
	head = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Truncation = fyne.TextTruncateEllipsis
	secondary = widget.NewLabel("")
	secondary.Truncation = fyne.TextTruncateEllipsis
	secondary.SizeName = theme.SizeNameCaptionText
	return head, secondary
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

func (t folioTheme) Color(name fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
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
