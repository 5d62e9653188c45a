package healthview

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index"
)

// Histogram draws the chunk size distribution as bars with their counts.
type Histogram struct {
	widget.BaseWidget
	bins []index.Bin
}

// NewHistogram is a histogram of bins.
func NewHistogram(bins []index.Bin) *Histogram {
	h := &Histogram{bins: bins}
	h.ExtendBaseWidget(h)
	return h
}

func (h *Histogram) CreateRenderer() fyne.WidgetRenderer {
	r := &histogramRenderer{h: h}
	for _, b := range h.bins {
		bar := canvas.NewRectangle(theme.Color(theme.ColorNamePrimary))
		count := canvas.NewText(strconv.Itoa(b.Count), theme.Color(theme.ColorNameForeground))
		count.TextSize = theme.CaptionTextSize()
		count.Alignment = fyne.TextAlignCenter
		label := canvas.NewText(fmt.Sprintf("%d–%d", b.From, b.To-1), theme.Color(theme.ColorNamePlaceHolder))
		label.TextSize = theme.CaptionTextSize()
		label.Alignment = fyne.TextAlignCenter
		r.bars = append(r.bars, bar)
		r.counts = append(r.counts, count)
		r.labels = append(r.labels, label)
		r.objects = append(r.objects, bar, count, label)
	}
	return r
}

type histogramRenderer struct {
	h              *Histogram
	bars           []*canvas.Rectangle
	counts, labels []*canvas.Text
	objects        []fyne.CanvasObject
}

func (r *histogramRenderer) Destroy()                     {}
func (r *histogramRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *histogramRenderer) Refresh()                     { r.Layout(r.h.Size()); canvas.Refresh(r.h) }
func (r *histogramRenderer) MinSize() fyne.Size           { return fyne.NewSize(float32(len(r.bars))*48, 160) }

func (r *histogramRenderer) Layout(size fyne.Size) {
	if len(r.bars) == 0 {
		return
	}
	largest := 1
	for _, b := range r.h.bins {
		largest = max(largest, b.Count)
	}
	text := theme.CaptionTextSize() + 4
	slot := size.Width / float32(len(r.bars))
	plot := size.Height - 2*text
	for i, b := range r.h.bins {
		height := plot * float32(b.Count) / float32(largest)
		x := float32(i) * slot
		r.bars[i].Move(fyne.NewPos(x+slot*0.1, text+plot-height))
		r.bars[i].Resize(fyne.NewSize(slot*0.8, height))
		r.counts[i].Move(fyne.NewPos(x, plot-height))
		r.counts[i].Resize(fyne.NewSize(slot, text))
		r.labels[i].Move(fyne.NewPos(x, text+plot))
		r.labels[i].Resize(fyne.NewSize(slot, text))
	}
}
