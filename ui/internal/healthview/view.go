// Package healthview is the Health window: how the library's notes are
// cut into passages (in sentences and a histogram), the problems found,
// the files left out or read with a reservation (a click on any of them
// opens the file at its line), and what each folder holds.
package healthview

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/index"
	"folio/index/snippet"
)

// Row is one line of the report's list: a heading, a folder, or a place
// in a file that a click opens (Path not empty).
type Row struct {
	Text    string
	Heading bool
	Path    string // the file, absolute
	Line    int
}

// Rows are the report's list: the problems found, the files left out,
// the files read with a note, the folders.
func Rows(h *index.Health) []Row {
	var rows []Row
	places := defectPlaces(h.Defects)
	found := fmt.Sprintf("Problems found (%d)", len(places))
	if len(places) == 0 {
		found = "Problems found: none, every passage reads on its own"
	}
	rows = append(rows, Row{Text: found, Heading: true})
	for _, p := range places {
		rows = append(rows, Row{Text: p.text(), Path: filepath.Join(p.Folder, filepath.FromSlash(p.Path)), Line: p.StartLine})
	}
	if len(h.Skipped) > 0 {
		rows = append(rows, Row{Text: fmt.Sprintf("Files left out (%d): not searchable", len(h.Skipped)), Heading: true})
	}
	for _, sk := range h.Skipped {
		rows = append(rows, fileRow(sk, sk.Reason))
	}
	if len(h.Warnings) > 0 {
		rows = append(rows, Row{Text: fmt.Sprintf("Searchable, with a note (%d)", len(h.Warnings)), Heading: true})
	}
	for _, wn := range h.Warnings {
		rows = append(rows, fileRow(wn, wn.Reason))
	}
	rows = append(rows, Row{Text: fmt.Sprintf("Folders (%d)", len(h.Folders)), Heading: true})
	for _, f := range h.Folders {
		rows = append(rows, Row{Text: fmt.Sprintf("%s — %s · %s · %s of Markdown · %s of index",
			f.Path, plural(f.Documents, "document"), plural(f.Chunks, "passage"), bytes(f.MarkdownBytes), bytes(f.IndexBytes))})
	}
	return rows
}

// lineIn finds the line a reason names ("line 3: …", "lines 3-9: …").
var lineIn = regexp.MustCompile(`\blines? (\d+)`)

func fileRow(s index.FolderSkip, reason string) Row {
	line := 1
	if m := lineIn.FindStringSubmatch(reason); m != nil {
		line, _ = strconv.Atoi(m[1])
	}
	return Row{Text: filepath.Join(filepath.Base(s.Folder), s.Path) + " — " + reason,
		Path: filepath.Join(s.Folder, filepath.FromSlash(s.Path)), Line: line}
}

// Summary says how the notes are cut, in sentences.
func Summary(h *index.Health) string {
	s, docs := h.Sizes, 0
	for _, f := range h.Folders {
		docs += f.Documents
	}
	out := fmt.Sprintf("Your %s are searched in %s. Half of the passages are under %s characters and 9 in 10 are under %s; the shortest has %s, the longest %s.",
		plural(docs, "document"), plural(s.N, "passage"), snippet.Thousands(s.P50), snippet.Thousands(s.P90), snippet.Thousands(s.Min), snippet.Thousands(s.Max))
	if h.MixedSettings {
		out += fmt.Sprintf("\nSome files were cut with other passage sizes than today's: %s are longer and %s shorter than the sizes each was cut with. A rescan cuts them again at %s characters at most, %s at least.",
			snippet.Thousands(s.OverMax), snippet.Thousands(s.UnderMin), snippet.Thousands(h.Options.Max), snippet.Thousands(h.Options.Min))
	} else {
		out += fmt.Sprintf("\n%s longer than the largest size, %s characters (tables, code and long sentences are kept whole); %s shorter than the smallest, %s.",
			Capitalise(are(s.OverMax)), snippet.Thousands(h.Options.Max), are(s.UnderMin), snippet.Thousands(h.Options.Min))
	}
	if h.Stale > 0 {
		out += fmt.Sprintf("\n%s changed since the last scan and %s not checked for problems: rescan to check them.", plural(h.Stale, "document"), map[bool]string{true: "was", false: "were"}[h.Stale == 1])
	}
	return out
}

// Explain says in a sentence what each kind of problem listed means.
func Explain(h *index.Health) string {
	var lines []string
	seen := map[string]bool{}
	for _, d := range h.Defects {
		if !seen[d.Kind] {
			seen[d.Kind] = true
			lines = append(lines, Capitalise(d.Kind)+": "+chunker.DefectAdvice(d.Kind))
		}
	}
	if len(h.Skipped) > 0 {
		lines = append(lines, "Files left out: Folio could not index them, for the reason given; fix the file and rescan its folder.")
	}
	if len(h.Warnings) > 0 {
		lines = append(lines, "With a note: the file is searchable, but part of it was not read as written (the note says which).")
	}
	if len(lines) == 0 {
		return "No problems found: every passage reads on its own."
	}
	return "A click on a line opens the file there.\n" + strings.Join(lines, "\n")
}

// New is the Health window's content for the report h; a click (or
// Space, or Enter) on a place opens it with open, a failure goes to
// problem; Esc in the list calls esc.
func New(h *index.Health, open func(path string, line int) error, problem func(error), esc func()) fyne.CanvasObject {
	summary := widget.NewLabel(Summary(h))
	summary.Wrapping = fyne.TextWrapWord
	explain := widget.NewLabel(Explain(h))
	explain.Wrapping = fyne.TextWrapWord
	rows := Rows(h)
	list := NewList(rows, esc)
	list.OnSelected = func(id widget.ListItemID) {
		list.UnselectAll()
		if r := rows[id]; r.Path != "" {
			if err := open(r.Path, r.Line); err != nil {
				problem(err)
			}
		}
	}
	return container.NewBorder(container.NewVBox(summary, NewHistogram(h.Histogram), explain), nil, nil, nil, list)
}

// defectPlace is one defect kind at one place, however many passages
// share it (a long sentence cut twice is one place).
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

func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return snippet.Thousands(n) + " " + one + "s"
}

// bytes is a size in kB under a megabyte, else in MB.
func bytes(n int64) string {
	if n < 1e6 {
		return fmt.Sprintf("%s kB", snippet.Thousands(int((n+999)/1000)))
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// are is "none is", "1 is" or "12 are".
func are(n int) string {
	switch n {
	case 0:
		return "none is"
	case 1:
		return "1 is"
	}
	return snippet.Thousands(n) + " are"
}
