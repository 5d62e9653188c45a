package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/ui/internal/look"
)

// ColorNameMatch is the colour of matched words in snippets and of links
// (look.ColorNameMatch).
const ColorNameMatch = look.ColorNameMatch

// Theme is the window's theme in the system's variant at the normal text
// size; every text colour reaches WCAG AA (theme_test.go measures them).
func Theme() fyne.Theme { return look.New(look.System, 1) }

// rowLabels are the two lines of a list row (a folder, a result): a bold
// head and a secondary line in the caption size, not in Fyne's "disabled"
// grey (1.5:1 on the dark background), both cut with an ellipsis where
// the row is narrow.
func rowLabels() (head, secondary *widget.Label) {
	head = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Truncation = fyne.TextTruncateEllipsis
	secondary = widget.NewLabel("")
	secondary.Truncation = fyne.TextTruncateEllipsis
	secondary.SizeName = theme.SizeNameCaptionText
	return head, secondary
}
