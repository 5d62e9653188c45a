package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/fynetest"
)

// The window an older library's update shows: what it is doing, how far
// it has come, and a way out that asks the work to stop exactly once,
// whether by the button, Escape or the window's close box.
func TestUpgradingSaysHowFarAndStopsOnce(t *testing.T) {
	a := test.NewTempApp(t)
	stops := 0
	u := NewUpgrading(a, false, func() { stops++ })
	c := u.Window().Canvas()
	u.Set("Indexing every passage again", 12345, 84211)
	text := fynetest.ShownTexts(c.Content(), nil)
	for _, want := range []string{"Indexing every passage again", "12,345 of 84,211 passages", "earlier version of Folio", "never changed", "goes on from there"} {
		if !strings.Contains(text, want) {
			t.Errorf("window shows %q, missing %q", text, want)
		}
	}
	if u.bar.Hidden || u.bar.Value < 0.14 || u.bar.Value > 0.15 {
		t.Errorf("progress bar hidden %v at %.3f, want shown at 0.147", u.bar.Hidden, u.bar.Value)
	}
	// A step that cannot count: a moving bar, no numbers.
	u.Set("Compacting the search index", 0, 0)
	if !u.bar.Hidden || u.infinite.Hidden || strings.Contains(fynetest.ShownTexts(c.Content(), nil), "of 84,211") {
		t.Error("a step without a count still shows the last count")
	}
	if c.Focused() != u.stop {
		t.Errorf("focus on %T, want the Stop button (Enter or Space stops)", c.Focused())
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if stops != 1 || !u.stop.Disabled() {
		t.Fatalf("after Escape: %d stops, button disabled %v", stops, u.stop.Disabled())
	}
	test.Tap(u.stop)
	u.Window().Close()
	u.Set("Finding passages that are copies", 10, 20)
	if stops != 1 {
		t.Errorf("stop asked %d times, want once", stops)
	}
	if text := fynetest.ShownTexts(c.Content(), nil); !strings.Contains(text, "Stopping") {
		t.Errorf("after stopping the window shows %q, want it to say it is stopping", text)
	}
}

// The merge an interrupted removal left says so, not that the library is
// from an older Folio.
func TestUpgradingForAMergeSaysWhy(t *testing.T) {
	a := test.NewTempApp(t)
	u := NewUpgrading(a, true, func() {})
	text := fynetest.ShownTexts(u.Window().Canvas().Content(), nil)
	if !strings.Contains(text, "interrupted last time") || strings.Contains(text, "earlier version") {
		t.Errorf("merge window says %q", text)
	}
}
