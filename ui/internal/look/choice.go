package look

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Preference keys of the look (Fyne preferences).
const (
	PrefTheme    = "theme"     // System, Light or Dark
	PrefTextSize = "text.size" // a factor of Fyne's text size (Scales)
)

// Apply sets the theme and the text size a's preferences hold; Fyne
// redraws every window at once.
func Apply(a fyne.App) {
	prefs := a.Preferences()
	a.Settings().SetTheme(New(prefs.StringWithFallback(PrefTheme, System), prefs.FloatWithFallback(PrefTextSize, 1)))
}

// Zoom makes the text a step larger (dir > 0) or smaller, or normal (0),
// remembers it and applies it.
func Zoom(a fyne.App, dir int) {
	prefs := a.Preferences()
	prefs.SetFloat(PrefTextSize, Step(prefs.FloatWithFallback(PrefTextSize, 1), dir))
	Apply(a)
}

// ThemeChoice chooses the theme, applied and remembered at once.
func ThemeChoice(a fyne.App) *widget.Select {
	prefs := a.Preferences()
	choice := widget.NewSelect(ModeNames, func(name string) {
		prefs.SetString(PrefTheme, Modes[max(slices.Index(ModeNames, name), 0)])
		Apply(a)
	})
	choice.SetSelectedIndex(max(slices.Index(Modes, prefs.StringWithFallback(PrefTheme, System)), 0))
	return choice
}

// SizeChoice chooses the text size, applied and remembered at once.
func SizeChoice(a fyne.App) *widget.Select {
	prefs := a.Preferences()
	var names []string
	for _, s := range Scales {
		names = append(names, Percent(s))
	}
	choice := widget.NewSelect(names, func(name string) {
		prefs.SetFloat(PrefTextSize, Scales[max(slices.Index(names, name), 0)])
		Apply(a)
	})
	choice.SetSelectedIndex(Nearest(prefs.FloatWithFallback(PrefTextSize, 1)))
	return choice
}
