// Package sizes is Preferences' passage-size advice: what each largest
// passage size would do to this library (the design note's sweep:
// "measure the distribution, do not guess the number"), said in words,
// measured off the UI thread again whenever the size fields change.
package sizes

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/chunker"
	"folio/index/snippet"
	"folio/ui/internal/look"
)

// Parse reads the three passage-size fields. What is wrong is said in a
// user's words, naming the field.
func Parse(maxS, minS, overlapS string) (chunker.Options, error) {
	var n [3]int
	for i, s := range []string{maxS, minS, overlapS} {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return chunker.Options{}, fmt.Errorf("%q is not a whole number", s)
		}
		n[i] = v
	}
	opt := chunker.Options{Max: n[0], Min: n[1], Overlap: n[2]}
	switch {
	case opt.Max < 1:
		return opt, fmt.Errorf("the largest passage must be at least 1 character")
	case opt.Min < 0 || opt.Overlap < 0:
		return opt, fmt.Errorf("the smallest passage and the sentences repeated cannot be below 0")
	}
	return opt, nil
}

// Measure sweeps the library at each largest size in maxes, the other
// settings as in base; n is how many documents the rows measure.
type Measure func(ctx context.Context, maxes []int, base chunker.Options) (rows []chunker.SweepRow, n int, err error)

// Pause is how long the fields must rest before the library is measured
// again: every keystroke would start a sweep.
const Pause = 400 * time.Millisecond

// Panel shows the sweep for the sizes typed, with a progress bar and a
// Stop button while it measures.
type Panel struct {
	Root     fyne.CanvasObject
	Sentence *widget.Label   // what the typed size does, in a sentence
	Table    *fyne.Container // a row per size: passages and their lengths
	Status   *widget.Label
	Button   *look.Button // Stop while measuring, else Measure (Keys: a dialog's Esc)

	measure Measure
	ctx     context.Context
	spawn   func(func()) // runs off the UI thread
	do      func(func()) // runs on the UI thread

	mu    sync.Mutex
	timer *time.Timer
	stop  context.CancelFunc
	seq   int

	opt      chunker.Options // the sizes last asked for
	measured chunker.Options // the settings rows were measured with
	rows     []chunker.SweepRow
	docs     int
	progress *widget.ProgressBarInfinite
}

// New is a panel measuring with measure under ctx (closing the window
// cancels it); spawn and do are the window's.
func New(ctx context.Context, measure Measure, spawn, do func(func())) *Panel {
	p := &Panel{measure: measure, ctx: ctx, spawn: spawn, do: do}
	title := widget.NewLabelWithStyle("What a size does to your library", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.Sentence = widget.NewLabel("")
	p.Sentence.Wrapping = fyne.TextWrapWord
	p.Status = widget.NewLabel("")
	p.Status.Wrapping = fyne.TextWrapWord
	p.progress = widget.NewProgressBarInfinite()
	p.progress.Stop()
	p.progress.Hide()
	p.Button = look.NewButton("Measure", nil, func() {
		if p.Button.Text == "Stop" {
			p.Stop()
			return
		}
		p.Update(p.opt, 0)
	})
	p.Table = container.NewVBox()
	advice := widget.NewLabel("Past the size where the rows stop changing, your notes' own paragraphs and sections decide the passages: a larger size only makes results longer to read.")
	advice.Wrapping = fyne.TextWrapWord
	p.Root = container.NewVBox(title, container.NewBorder(nil, nil, nil, p.Button, p.Status), p.progress, p.Sentence, p.Table, advice)
	return p
}

// columns head the table.
var columns = []string{"Size at\nmost", "Passages", "Shortest", "Half are\nunder", "9 in 10\nare under", "Longest", "Longer than\nthe size"}

// Update shows what opt does, measuring the library again after pause
// unless the rows measured already hold opt's size.
func (p *Panel) Update(opt chunker.Options, pause time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.opt = opt
	if p.rows != nil && p.measured.Min == opt.Min && p.measured.Overlap == opt.Overlap && slices.ContainsFunc(p.rows, func(r chunker.SweepRow) bool { return r.Max == opt.Max }) {
		p.show()
		return
	}
	p.cancelLocked()
	p.seq++
	seq := p.seq
	p.timer = time.AfterFunc(pause, func() { p.spawn(func() { p.run(seq, opt) }) })
}

// Stop cancels a pending or running measurement (the dialog closed, or
// the user pressed Stop).
func (p *Panel) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cancelLocked()
	p.seq++
	p.progress.Stop()
	p.progress.Hide()
	p.Button.SetText("Measure")
	if p.rows == nil {
		p.Status.SetText("Not measured. Measure reads a sample of your notes at each size.")
	}
}

func (p *Panel) cancelLocked() {
	if p.timer != nil {
		p.timer.Stop()
	}
	if p.stop != nil {
		p.stop()
	}
}

// run measures off the UI thread; a newer Update or Stop drops its answer.
func (p *Panel) run(seq int, opt chunker.Options) {
	ctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	maxes := chunker.SweepMaxes
	if !slices.Contains(maxes, opt.Max) {
		maxes = append(slices.Clone(maxes), opt.Max)
		slices.Sort(maxes)
	}
	p.mu.Lock()
	if seq != p.seq {
		p.mu.Unlock()
		return
	}
	p.stop = cancel
	p.mu.Unlock()
	p.do(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if seq != p.seq {
			return
		}
		p.Status.SetText(fmt.Sprintf("Measuring a sample of your notes at %d sizes…", len(maxes)))
		p.Button.SetText("Stop")
		p.progress.Show()
		p.progress.Start()
	})
	rows, n, err := p.measure(ctx, maxes, opt)
	p.do(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if seq != p.seq {
			return
		}
		p.progress.Stop()
		p.progress.Hide()
		p.Button.SetText("Measure")
		switch {
		case err != nil:
			p.Status.SetText("Your notes could not be measured: " + err.Error())
			return
		case n == 0:
			p.Status.SetText("There are no notes to measure yet: add a folder first.")
			return
		}
		p.rows, p.docs, p.measured = rows, n, opt
		p.Status.SetText(fmt.Sprintf("Measured %s of your notes (the same ones each time).", plural(n, "document")))
		p.show()
	})
}

// show fills the sentence and the table from the rows measured; the row
// of the size typed is in bold.
func (p *Panel) show() {
	// The headings in a grid of their own: a grid's rows are all as tall
	// as its tallest cell, and they take two lines.
	head := container.NewGridWithColumns(len(columns))
	for _, c := range columns {
		head.Add(widget.NewLabelWithStyle(c, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
	}
	body := container.NewGridWithColumns(len(columns))
	p.Sentence.SetText("")
	for _, r := range p.rows {
		s := r.Size
		mine := r.Max == p.opt.Max
		for _, v := range []int{r.Max, s.N, s.Min, s.P50, s.P90, s.Max, s.OverMax} {
			body.Add(widget.NewLabelWithStyle(snippet.Thousands(v), fyne.TextAlignTrailing, fyne.TextStyle{Bold: mine}))
		}
		if mine {
			p.Sentence.SetText(Sentence(r, p.docs))
		}
	}
	p.Table.Objects = []fyne.CanvasObject{head, body}
	p.Table.Refresh()
}

// Sentence says what one row means, for a reader rather than a table.
func Sentence(r chunker.SweepRow, docs int) string {
	s := r.Size
	out := fmt.Sprintf("At %s characters at most, these %s make %s. Half of them are under %s characters, 9 in 10 under %s; the longest has %s.",
		snippet.Thousands(r.Max), plural(docs, "document"), plural(s.N, "passage"), snippet.Thousands(s.P50), snippet.Thousands(s.P90), snippet.Thousands(s.Max))
	switch s.OverMax {
	case 0:
		return out + " None is longer than the size."
	case 1:
		return out + " 1 is longer: a table, a code block or a long sentence is kept whole."
	}
	return out + fmt.Sprintf(" %s are longer: tables, code blocks and long sentences are kept whole.", snippet.Thousands(s.OverMax))
}

func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return snippet.Thousands(n) + " " + one + "s"
}
