package healthview

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/index"
)

// New is the Health panel's content for the report h: the summary and
// the histogram, then tabs of defects (a click opens the file at the
// passage with open; a failure goes to problem), skipped files and
// warnings, and the folders' sizes.
func New(h *index.Health, open func(path string, line int) error, problem func(error)) fyne.CanvasObject {
	s := h.Sizes
	limits := fmt.Sprintf("%d over the maximum of %d (tables, code and long sentences are kept whole) · %d under the minimum of %d",
		s.OverMax, h.Options.Max, s.UnderMin, h.Options.Min)
	if h.MixedSettings {
		limits = fmt.Sprintf("%d over the maximum and %d under the minimum each file was indexed with (the settings changed since: a rescan re-chunks with max %d, min %d)",
			s.OverMax, s.UnderMin, h.Options.Max, h.Options.Min)
	}
	summary := widget.NewLabel(fmt.Sprintf("%d chunks · min %d · median %d · 90th percentile %d · max %d characters\n%s",
		s.N, s.Min, s.P50, s.P90, s.Max, limits))
	summary.Wrapping = fyne.TextWrapWord

	total := 0
	for _, n := range h.Counts {
		total += n
	}
	defectTitle := fmt.Sprintf("Defects (%d)", total)
	if h.Stale > 0 {
		defectTitle += fmt.Sprintf(" · %d documents changed since the last scan were not measured", h.Stale)
	}
	places := defectPlaces(h.Defects)
	defects := widget.NewList(
		func() int { return len(places) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(places[id].text())
		})
	defects.OnSelected = func(id widget.ListItemID) {
		d := places[id].Defect
		if err := open(filepath.Join(d.Folder, filepath.FromSlash(d.Path)), d.StartLine); err != nil {
			problem(err)
		}
		defects.UnselectAll()
	}
	var skipped []string
	for _, sk := range h.Skipped {
		skipped = append(skipped, filepath.Join(filepath.Base(sk.Folder), sk.Path)+": "+sk.Reason)
	}
	for _, wn := range h.Warnings {
		skipped = append(skipped, filepath.Join(filepath.Base(wn.Folder), wn.Path)+": indexed, but "+wn.Reason)
	}
	skipList := widget.NewList(func() int { return len(skipped) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(skipped[id]) })
	folders := container.NewVBox()
	for _, f := range h.Folders {
		folders.Add(widget.NewLabel(fmt.Sprintf("%s — %d documents · %d chunks · %.1f MB Markdown · %.1f MB index",
			f.Path, f.Documents, f.Chunks, float64(f.MarkdownBytes)/1e6, float64(f.IndexBytes)/1e6)))
	}
	var advice []string
	seenKind := map[string]bool{}
	for _, p := range places {
		if !seenKind[p.Kind] {
			seenKind[p.Kind] = true
			advice = append(advice, Capitalise(p.Kind)+": "+chunker.DefectAdvice(p.Kind))
		}
	}
	explain := widget.NewLabel(strings.Join(advice, "\n"))
	explain.Wrapping = fyne.TextWrapWord
	tabs := container.NewAppTabs(
		container.NewTabItem(defectTitle, container.NewBorder(explain, nil, nil, nil, defects)),
		container.NewTabItem(fmt.Sprintf("Skipped files (%d) and warnings (%d)", len(h.Skipped), len(h.Warnings)), skipList),
		container.NewTabItem("Folders", container.NewVScroll(folders)),
	)
	top := container.NewVBox(summary, NewHistogram(h.Histogram))
	return container.NewBorder(top, nil, nil, nil, tabs)
}

// defectPlace is one defect kind at one place, however many chunks share
// it (a long sentence cut twice is one place).
type defectPlace struct {
	index.Defect
	chunks int
}

// text puts the count first, where a narrow row cannot cut it off.
func (p defectPlace) text() string {
	kind := Capitalise(p.Kind)
	if p.chunks > 1 {
		kind = fmt.Sprintf("%d passages: %s", p.chunks, p.Kind)
	}
	return kind + " — " + p.Citation()
}

func defectPlaces(defects []index.Defect) []defectPlace {
	var out []defectPlace
	at := map[[2]string]int{}
	for _, d := range defects {
		key := [2]string{d.Kind, d.Citation()}
		if i, ok := at[key]; ok {
			out[i].chunks++
			continue
		}
		at[key] = len(out)
		out = append(out, defectPlace{Defect: d, chunks: 1})
	}
	return out
}

// Capitalise starts s with a capital letter (a kind, an error, said as a
// sentence).
func Capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
