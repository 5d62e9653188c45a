package ui

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/ui/internal/healthview"
)

// showHealth opens the library health view: the chunk size histogram,
// defects with their citations (a click opens the file there), skipped
// files and what each folder costs.
func (w *Window) showHealth() {
	win := w.app.NewWindow("Library health")
	win.Resize(fyne.NewSize(900, 700))
	// Measuring re-reads every file: closing the window or Cancel stops it.
	ctx, cancel := context.WithCancel(context.Background())
	win.SetOnClosed(cancel)
	progress := widget.NewProgressBarInfinite()
	stop := widget.NewButton("Cancel", win.Close)
	win.SetContent(container.NewCenter(container.NewVBox(widget.NewLabel("Measuring the library…"), progress, stop)))
	win.Show()
	w.spawn(func() {
		h, err := w.lib.Health(ctx)
		w.do(func() {
			progress.Stop()
			if ctx.Err() != nil {
				return // closed by the user
			}
			if err != nil {
				win.Close()
				w.showProblem("The library could not be measured.", err, "Rescan your folders and try again.")
				return
			}
			w.health = h
			win.SetContent(w.healthView(h))
		})
	})
}

// healthView is the report's content; a click on a defect opens its file.
func (w *Window) healthView(h *index.Health) fyne.CanvasObject {
	return healthview.New(h, func(path string, line int) error { return w.openInShell(path, line) },
		func(err error) { w.showProblem("The file could not be opened.", err, "") })
}
