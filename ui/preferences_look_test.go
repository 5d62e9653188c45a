package ui

import (
	"context"
	"fmt"
	"image/color"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/index"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/ui/internal/look"
	"folio/ui/internal/sizes"
)

// selectOnTop is the choice in the top dialog offering option.
func selectOnTop(t *testing.T, w *Window, option string) *look.Choice {
	t.Helper()
	var found *look.Choice
	fynetest.Walk(w.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		if s, ok := o.(*look.Choice); ok && slices.Contains(s.Options, option) {
			found = s
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("no choice offering %q in %q", option, topTexts(w))
	}
	return found
}

func dark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r+g+b < 3*0x8000
}

// Preferences choose the theme and the text size; each applies at once,
// whatever the system's variant, and is remembered.
func TestPreferencesChooseTheThemeAndTextSizeAppliedAtOnce(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	normal := textSize(w)
	w.showPreferences()
	themes := selectOnTop(t, w, "Light")
	if themes.Selected != "Same as the system" {
		t.Errorf("theme at first %q", themes.Selected)
	}
	bg := func(v fyne.ThemeVariant) color.Color {
		return w.app.Settings().Theme().Color(theme.ColorNameBackground, v)
	}
	themes.SetSelected("Light")
	if dark(bg(theme.VariantDark)) || dark(bg(theme.VariantLight)) {
		t.Error("Light: the background is dark")
	}
	themes.SetSelected("Dark")
	if !dark(bg(theme.VariantLight)) {
		t.Error("Dark: the background is light on a light system")
	}
	if got := w.app.Preferences().String(PrefTheme); got != "dark" {
		t.Errorf("theme remembered as %q", got)
	}
	textSizes := selectOnTop(t, w, "150%")
	if textSizes.Selected != "100%" {
		t.Errorf("text size at first %q", textSizes.Selected)
	}
	textSizes.SetSelected("150%")
	if got := textSize(w); got != normal*1.5 {
		t.Errorf("150%%: text %v, normal %v", got, normal)
	}
	pressOnCanvas(w, fyne.KeyEscape) // Cancel keeps what was applied at once
	w.showPreferences()
	if s := selectOnTop(t, w, "150%").Selected; s != "150%" {
		t.Errorf("reopened at %q", s)
	}
	if s := selectOnTop(t, w, "Light").Selected; s != "Dark" {
		t.Errorf("reopened with %q", s)
	}
}

// notes are n documents of varied length, some with a table.
func notes(n int) map[string]string {
	out := map[string]string{}
	for i := 0; i < n; i++ {
		body := strings.Repeat(fmt.Sprintf("Sentence %d of the note goes on for a while. ", i), 8+i*3)
		out[fmt.Sprintf("n%02d.md", i)] = fmt.Sprintf("# Note %d\n\n%s\n\n## Table\n\n| a | b |\n|---|---|\n| %d | x |\n\n## End\n\n%s\n", i, body, i, body)
	}
	return out
}

// Beside the size fields, Preferences say what a size does to this
// library, in a sentence and a table, and say it again for a new size.
func TestPreferencesSayWhatAPassageSizeDoesToTheLibrary(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, notes(20))
	w := newWindow(t, ix)
	w.showPreferences()
	said := func(part string) func() bool {
		return func() bool { return onUI(w, func() bool { return strings.Contains(topTexts(w), part) }) }
	}
	waitFor(t, "the sweep for 1,200", said("At 1,200 characters at most, these 20 documents make"))
	text := topTexts(w)
	for _, want := range []string{"Half of them are under", "9 in 10 under", "9 in 10\nare under", "Passages", "Measured 20 documents", "2,000"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in %q", want, text)
		}
	}
	if strings.Contains(text, "chunk") || strings.Contains(text, "percentile") {
		t.Errorf("developer words in %q", text)
	}
	es := entriesOnTop(w)
	es[0].SetText("500") // not one of the sweep's sizes: measured too
	waitFor(t, "the sweep for 500", said("At 500 characters at most"))
	es[0].SetText("abc") // nothing to measure; the last table stays
	if !strings.Contains(topTexts(w), "At 500 characters") {
		t.Error("a wrong size cleared the table")
	}
}

// slowSweep never finishes measuring until it is stopped.
type slowSweep struct {
	*index.Index
	started chan struct{}
	once    *sync.Once
}

func (s slowSweep) ChunkSweep(ctx context.Context, _ int, _ []int, _ chunker.Options) ([]chunker.SweepRow, int, error) {
	s.once.Do(func() { close(s.started) })
	<-ctx.Done()
	return nil, 0, fmt.Errorf("chunk sweep: %w", ctx.Err())
}

// A slow measurement runs off the UI thread with a progress bar; Stop
// ends it, and closing Preferences stops it too.
func TestASlowMeasurementShowsProgressAndStops(t *testing.T) {
	lib := slowSweep{testlib.Open(t), make(chan struct{}), new(sync.Once)}
	w := newWindow(t, lib)
	w.showPreferences() // returns: the window is not frozen
	<-lib.started
	waitFor(t, "the progress", func() bool {
		return onUI(w, func() bool { return strings.Contains(topTexts(w), "Measuring a sample of your notes") })
	})
	var stop *widget.Button
	fynetest.Walk(w.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		if b, ok := o.(*look.Button); ok && b.Text == "Stop" {
			stop = &b.Button
		}
		return stop == nil
	})
	if stop == nil {
		t.Fatalf("no Stop button in %q", topTexts(w))
	}
	test.Tap(stop)
	if !strings.Contains(topTexts(w), "Not measured") || stop.Text != "Measure" {
		t.Errorf("after Stop: %q, button %q", topTexts(w), stop.Text)
	}
	test.Tap(stop) // Measure again, then close the dialog while it runs
	waitFor(t, "measuring again", func() bool { return onUI(w, func() bool { return stop.Text == "Stop" }) })
	pressOnCanvas(w, fyne.KeyEscape)
	if overlays(w) != 0 {
		t.Error("Esc did not close Preferences")
	}
}

// The sentence reads the row for a person.
func TestSweepSentenceSpeaksOfPassages(t *testing.T) {
	row := chunker.SweepRow{Max: 1200, Size: chunker.Sizes{N: 2517, Min: 12, P50: 640, P90: 1050, Max: 3100, OverMax: 12}}
	got := sizes.Sentence(row, 300)
	want := "At 1,200 characters at most, these 300 documents make 2,517 passages. Half of them are under 640 characters, 9 in 10 under 1,050; the longest has 3,100. 12 are longer: tables, code blocks and long sentences are kept whole."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// A focused theme or text size choice passes Esc to the dialog, which
// closes; Enter saves.
func TestEscFromAFocusedChoiceClosesPreferences(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	for _, key := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		w.showPreferences()
		choice := selectOnTop(t, w, "Light")
		w.win.Canvas().Focus(choice)
		w.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: key})
		if overlays(w) != 0 {
			t.Errorf("%s in the theme choice left %q", key, topTexts(w))
		}
	}
}
