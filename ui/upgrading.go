package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/index/snippet"
	"folio/ui/internal/look"
)

// Upgrading is the window shown while a library written by an older Folio
// is brought forward before the main window can open on it: a minute at
// 84,000 passages, several at a million. It says what is being done and
// how far it has come, and stopping is always possible: what is done
// stays, and the update goes on the next time Folio opens.
type Upgrading struct {
	win      fyne.Window
	step     *widget.Label
	count    *widget.Label
	bar      *widget.ProgressBar
	infinite *widget.ProgressBarInfinite
	stop     *widget.Button
	stopped  bool
	cancel   func()
}

// NewUpgrading opens the window; cancel is called once, when the person
// presses Stop, presses Escape or closes the window. merging says the work
// is the merge an interrupted change left, not an update.
func NewUpgrading(a fyne.App, merging bool, cancel func()) *Upgrading {
	look.Apply(a)
	u := &Upgrading{win: a.NewWindow("Folio: updating the library"), cancel: cancel}
	// Lines broken by hand: a wrapped label asks for its height at no
	// width, which made the window three times as tall as its text.
	text := "This library was written by an earlier version of Folio\n" +
		"and is being updated for this one. It happens once;\nyour notes are only read, never changed."
	if merging {
		text = "A change to this library was interrupted last time\n" +
			"(a folder removed, many notes deleted): Folio is finishing it.\nYour notes are only read, never changed."
	}
	intro := widget.NewLabel(text)
	u.step = widget.NewLabelWithStyle("Starting…", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.step.Truncation = fyne.TextTruncateEllipsis
	u.count = widget.NewLabel("")
	u.bar = widget.NewProgressBar()
	u.bar.Hide()
	u.infinite = widget.NewProgressBarInfinite()
	u.stop = widget.NewButton("Stop and quit", u.Stop)
	note := widget.NewLabel("Stopping keeps what is done: the update goes on from there\nthe next time Folio opens this library.")
	u.win.SetContent(container.NewPadded(container.NewVBox(intro, u.step, container.NewStack(u.bar, u.infinite), u.count,
		note, container.NewCenter(u.stop))))
	u.win.SetCloseIntercept(u.Stop)
	u.win.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		if k.Name == fyne.KeyEscape {
			u.Stop()
		}
	})
	u.win.Resize(fyne.NewSize(540, 300))
	u.win.Show()
	u.win.Canvas().Focus(u.stop)
	return u
}

// Set shows a step and how far it is: done of total passages, or a bar
// that only moves when total is 0 (a step that cannot tell). UI thread.
func (u *Upgrading) Set(step string, done, total int64) {
	if u.stopped {
		return // "Stopping…" stays until the work has stopped
	}
	u.step.SetText(step)
	if total <= 0 {
		u.bar.Hide()
		u.infinite.Show()
		u.infinite.Start()
		u.count.SetText("")
		return
	}
	u.infinite.Stop()
	u.infinite.Hide()
	u.bar.Show()
	u.bar.SetValue(float64(done) / float64(total))
	u.count.SetText(snippet.Thousands(int(done)) + " of " + plural(int(total), "passage"))
}

// Stop asks the work to stop, once, and says it is stopping.
func (u *Upgrading) Stop() {
	if u.stopped {
		return
	}
	u.stopped = true
	u.stop.Disable()
	u.step.SetText("Stopping after the passages being written…")
	u.cancel()
}

// Close closes the window (the work is over, done or stopped).
func (u *Upgrading) Close() {
	u.infinite.Stop()
	u.win.Close()
}

// Window is the window itself, for tests and for the caller's focus.
func (u *Upgrading) Window() fyne.Window { return u.win }
