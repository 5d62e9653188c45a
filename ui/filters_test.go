package ui

// chipLabels are the chips in force, as they read.
func chipLabels(w *Window) []string {
	var out []string
	for _, c := range w.filters.Chips() {
		out = append(out, c.Label())
	}
	return out
}
