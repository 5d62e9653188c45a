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

// Choice is a drop-down list whose Esc and Enter go to keys first: a
// focused widget takes the keys before the window, so a dialog holding
// one would not close on Esc.
type Choice struct {
	widget.Select
	Keys func(*fyne.KeyEvent) bool // true: the key was used
}

func newChoice(options []string, changed func(string)) *Choice {
	c := &Choice{}
	c.Options, c.OnChanged = options, changed
	c.ExtendBaseWidget(c)
	return c
}

func (c *Choice) TypedKey(k *fyne.KeyEvent) {
	if (k.Name == fyne.KeyEscape || k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter) && c.Keys != nil && c.Keys(k) {
		return
	}
	c.Select.TypedKey(k)
}

// ThemeChoice chooses the theme, applied and remembered at once.
func ThemeChoice(a fyne.App) *Choice {
	prefs := a.Preferences()
	choice := newChoice(ModeNames, nil)
	// The choice shows what is in force; only a change applies (opening
	// Preferences must not re-theme every window).
	choice.SetSelectedIndex(max(slices.Index(Modes, prefs.StringWithFallback(PrefTheme, System)), 0))
	choice.OnChanged = func(name string) {
		prefs.SetString(PrefTheme, Modes[max(slices.Index(ModeNames, name), 0)])
		Apply(a)
	}
	return choice
}

// SizeChoice chooses the text size, applied and remembered at once.
func SizeChoice(a fyne.App) *Choice {
	prefs := a.Preferences()
	var names []string
	for _, s := range Scales {
		names = append(names, Percent(s))
	}
	choice := newChoice(names, nil)
	choice.SetSelectedIndex(Nearest(prefs.FloatWithFallback(PrefTextSize, 1)))
	choice.OnChanged = func(name string) {
		prefs.SetFloat(PrefTextSize, Scales[max(slices.Index(names, name), 0)])
		Apply(a)
	}
	return choice
}
