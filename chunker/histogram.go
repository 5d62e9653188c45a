package chunker

import "sort"

// Bin is one bar of a size histogram: chunks of From ≤ size < To characters.
type Bin struct {
	From, To int
	Count    int
}

// Histogram puts chunk sizes into bins of a round width, about a dozen.
func Histogram(chunks []Chunk) []Bin {
	if len(chunks) == 0 {
		return nil
	}
	sizes := make([]int, len(chunks))
	for i, c := range chunks {
		sizes[i] = len([]rune(c.Text))
	}
	sort.Ints(sizes)
	// Bins up to the 99th percentile; the long tail goes in the last bin.
	top := sizes[min(len(sizes)-1, len(sizes)*99/100)]
	width := 50
	for _, w := range []int{50, 100, 150, 200, 250, 500, 1000, 2000, 5000} {
		width = w
		if top/w <= 12 {
			break
		}
	}
	n := top/width + 1
	bins := make([]Bin, n+1)
	for i := range bins {
		bins[i] = Bin{From: i * width, To: (i + 1) * width}
	}
	bins[n].To = sizes[len(sizes)-1] + 1
	for _, s := range sizes {
		bins[min(s/width, n)].Count++
	}
	if bins[n].Count == 0 {
		bins = bins[:n]
	}
	return bins
}
