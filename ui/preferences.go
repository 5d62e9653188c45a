package ui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
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
	PrefTheme        = "theme"     // look.System, look.Light or look.Dark
	PrefTextSize     = "text.size" // a factor of Fyne's text size (look.Scales)
)

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
	private := widget.NewCheck("Keep no search history", nil)
	private.Checked = w.store != nil && w.store.KeepNone()
	form := widget.NewForm(
		widget.NewFormItem("Chunk max (characters)", maxE),
		widget.NewFormItem("Chunk min (characters)", minE),
		widget.NewFormItem("Overlap (sentences)", ovE),
		widget.NewFormItem("Number of results", resE),
		widget.NewFormItem("Search history", private),
	)
	// Settings that cannot be used are said in the dialog, which keeps them.
	var msg string
	d, save := w.showChecked("Preferences", "Save", form, func() error {
		var err error
		if msg, err = w.applyPreferences(maxE.Text, minE.Text, ovE.Text, resE.Text); err != nil {
			return fmt.Errorf("%v. Use whole numbers: max at least 1, min and overlap 0 or more.", err)
		}
		if w.store != nil && private.Checked != w.store.KeepNone() {
			return w.store.SetKeepNone(private.Checked)
		}
		return nil
	})
	// The note opens once the dialog is gone: hiding a dialog also hides
	// the ones shown over it.
	d.SetOnClosed(func() {
		if msg != "" {
			w.showMessage("Preferences", msg)
		}
	})
	d.Resize(fyne.NewSize(480, 0)) // entries wide enough to read their values
	for _, e := range []*dialogEntry{maxE, minE, ovE, resE} {
		e.OnSubmitted = func(string) { save() }
	}
}

// applyPreferences validates and stores the settings; it says when the
// chunk settings changed, since that re-chunks files on the next scan.
func (w *Window) applyPreferences(maxS, minS, overlapS, resultsS string) (string, error) {
	var nums [4]int
	for i, s := range []string{maxS, minS, overlapS, resultsS} {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return "", fmt.Errorf("%q is not a whole number", s)
		}
		nums[i] = n
	}
	opt := chunker.Options{Max: nums[0], Min: nums[1], Overlap: nums[2]}
	if err := opt.Validate(); err != nil {
		return "", err
	}
	if nums[3] < 1 {
		return "", fmt.Errorf("number of results must be at least 1")
	}
	prefs := w.app.Preferences()
	prefs.SetInt(PrefResults, nums[3])
	if opt == w.chunkOptions() {
		return "", nil
	}
	prefs.SetInt(PrefChunkMax, opt.Max)
	prefs.SetInt(PrefChunkMin, opt.Min)
	prefs.SetInt(PrefChunkOverlap, opt.Overlap)
	if err := w.lib.SetChunkOptions(context.Background(), opt); err != nil {
		return "", err
	}
	return "Chunk settings changed: the next scan re-chunks every file (use Rescan on a folder).", nil
}
