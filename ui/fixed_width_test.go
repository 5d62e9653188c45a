package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/ui/internal/look"
)

// The preview's copy buttons follow the text size: after Ctrl++ then
// Ctrl+0 they were left at the larger size, wider and taller than their
// neighbours. They stay wide enough for "Copied" at any size.
func TestCopyButtonsFollowTheTextSize(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(look.New(look.Dark, 1.5))
	b := widget.NewButtonWithIcon("Copy citation", theme.ContentCopyIcon(), nil)
	held := fixedWidth(b, "Copied")
	short := widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), nil)
	heldShort := fixedWidth(short, "Copied")
	w := test.NewTempWindow(t, held)
	w.Resize(fyne.NewSize(400, 100))
	a.Settings().SetTheme(look.New(look.Dark, 1))
	if got, want := held.MinSize(), b.MinSize(); got.Width > want.Width+0.5 || got.Height > want.Height+0.5 {
		t.Errorf("at 100%% the button is held at %v, its own size is %v", got, want)
	}
	short.SetText("Copied")
	copied := short.MinSize()
	short.SetText("Copy")
	if got := heldShort.MinSize(); got.Width < copied.Width-0.5 {
		t.Errorf("held at %.1f wide, narrower than \"Copied\" (%.1f)", got.Width, copied.Width)
	}
}
