package ui

import (
	"folio/index"
	"folio/ui/internal/healthview"
)

// showHealth opens the library health window: how the notes are cut into
// passages, the problems found and the files left out (a click opens the
// file there), and what each folder holds. Esc or Ctrl+W closes it.
func (w *Window) showHealth() {
	healthview.Show(healthview.Opener{App: w.app, Size: w.win.Canvas().Size(), Measure: w.lib.Health, Spawn: w.spawn, Do: w.do,
		Open:    func(path string, line int) error { return w.openInShell(path, line) },
		Problem: func(what string, err error) { w.showProblem(what, err, "") },
		Shown:   func(h *index.Health) { w.health = h }})
}
