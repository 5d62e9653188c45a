package ui

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/ui/internal/look"
	"folio/ui/internal/sizes"
)

// Preference keys (Fyne preferences).
const (
	PrefChunkMax     = "chunk.max"
	PrefChunkMin     = "chunk.min"
	PrefChunkOverlap = "chunk.overlap"
	PrefResults      = "results"
	PrefSplit        = "split.results" // the results' share of the width
	PrefWidth        = "window.width"  // the window's size as last left
	PrefHeight       = "window.height"
	PrefTheme        = look.PrefTheme
	PrefTextSize     = look.PrefTextSize
)

// SweepSample is how many of the library's documents Preferences measures
// the passage sizes on: enough for the distribution, quick to re-split.
const SweepSample = 300

// resultsLimit is the number of results asked for, from preferences.
func (w *Window) resultsLimit() int {
	return w.app.Preferences().IntWithFallback(PrefResults, 50)
}

// chunkOptions reads the chunk settings from Fyne preferences.
func (w *Window) chunkOptions() chunker.Options {
	def := chunker.DefaultOptions()
	prefs := w.app.Preferences()
	return chunker.Options{
		Max:     prefs.IntWithFallback(PrefChunkMax, def.Max),
		Min:     prefs.IntWithFallback(PrefChunkMin, def.Min),
		Overlap: prefs.IntWithFallback(PrefChunkOverlap, def.Overlap),
	}
}

func (w *Window) showPreferences() {
	cur := w.chunkOptions()
	maxE, minE, ovE, resE := w.newDialogEntry(), w.newDialogEntry(), w.newDialogEntry(), w.newDialogEntry()
	maxE.SetText(strconv.Itoa(cur.Max))
	minE.SetText(strconv.Itoa(cur.Min))
	ovE.SetText(strconv.Itoa(cur.Overlap))
	resE.SetText(strconv.Itoa(w.resultsLimit()))
	// Private lookups: turning it on forgets the history kept so far.
	private := w.newDialogCheck("Keep no search history")
	private.Checked = w.store != nil && w.store.KeepNone()
	sweep := sizes.New(w.bgCtx, func(ctx context.Context, maxes []int, base chunker.Options) ([]chunker.SweepRow, int, error) {
		return w.lib.ChunkSweep(ctx, SweepSample, maxes, base)
	}, w.spawn, w.do)
	sweep.Button.Keys = w.dialogChoiceKey
	remeasure := func(string) {
		if opt, err := sizes.Parse(maxE.Text, minE.Text, ovE.Text); err == nil {
			sweep.Update(opt, sizes.Pause)
		}
	}
	maxE.OnChanged, minE.OnChanged, ovE.OnChanged = remeasure, remeasure, remeasure
	themes, textSizes := look.ThemeChoice(w.app), look.SizeChoice(w.app)
	themes.Keys, textSizes.Keys = w.dialogChoiceKey, w.dialogChoiceKey
	form := widget.NewForm(widget.NewFormItem("Theme", themes),
		&widget.FormItem{Text: "Text size", Widget: textSizes, HintText: "Ctrl++, Ctrl+- and Ctrl+0 in the main window too."},
		&widget.FormItem{Text: "Largest passage (characters)", Widget: maxE, HintText: "Results are passages up to this long; tables and code are kept whole."},
		&widget.FormItem{Text: "Smallest passage (characters)", Widget: minE, HintText: "A shorter piece joins its neighbour in the same section."},
		&widget.FormItem{Text: "Sentences repeated", Widget: ovE, HintText: "How many sentences of a passage begin the next one too."})
	// What the sizes do comes right under their fields.
	search := widget.NewForm(widget.NewFormItem("Number of results", resE), widget.NewFormItem("Search history", private))
	scroll := container.NewVScroll(container.NewVBox(form, sweep.Root, widget.NewSeparator(), search))
	followFocus(scroll, maxE, minE, ovE, resE, sweep.Button, private)
	winSize := w.win.Canvas().Size()
	scroll.SetMinSize(fyne.NewSize(min(720, winSize.Width-80), max(min(560, winSize.Height-200), 200)))
	// Settings that cannot be used are said in the dialog, which keeps them.
	var msg string
	d, save := w.showChecked("Preferences", "Save", scroll, func() error {
		var err error
		if msg, err = w.applyPreferences(maxE.Text, minE.Text, ovE.Text, resE.Text); err != nil {
			return fmt.Errorf("%v. Use whole numbers: the largest passage at least 1, the others 0 or more.", err)
		}
		if w.store != nil && private.Checked != w.store.KeepNone() {
			return w.store.SetKeepNone(private.Checked)
		}
		return nil
	})
	// The note opens once the dialog is gone: hiding a dialog also hides
	// the ones shown over it.
	d.SetOnClosed(func() {
		sweep.Stop()
		if msg != "" {
			w.showMessage("Preferences", msg)
		}
	})
	for _, e := range []*dialogEntry{maxE, minE, ovE, resE} {
		e.OnSubmitted = func(string) { save() }
	}
	sweep.Update(cur, 0)
}

// applyPreferences validates and stores the settings; it says when the
// chunk settings changed, since that re-chunks files on the next scan.
func (w *Window) applyPreferences(maxS, minS, overlapS, resultsS string) (string, error) {
	opt, err := sizes.Parse(maxS, minS, overlapS)
	if err != nil {
		return "", err
	}
	results, err := strconv.Atoi(strings.TrimSpace(resultsS))
	if err != nil || results < 1 {
		return "", errors.New("the number of results must be a whole number, at least 1")
	}
	prefs := w.app.Preferences()
	prefs.SetInt(PrefResults, results)
	if opt == w.chunkOptions() {
		return "", nil
	}
	prefs.SetInt(PrefChunkMax, opt.Max)
	prefs.SetInt(PrefChunkMin, opt.Min)
	prefs.SetInt(PrefChunkOverlap, opt.Overlap)
	if err := w.lib.SetChunkOptions(context.Background(), opt); err != nil {
		return "", fmt.Errorf("saving the passage sizes: %w", err)
	}
	return "Passage sizes changed: the next scan cuts every file again (use Rescan on a folder).", nil
}
