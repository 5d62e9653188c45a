package chunker

import "context"

// SweepRow is what one target maximum does to a set of documents: how
// many chunks, their size distribution, and how many exceed the target
// (atomic blocks: tables, code, single sentences or list items).
type SweepRow struct {
	Max  int   `json:"max"`
	Size Sizes `json:"sizes"` // Size.OverMax counts chunks over Max
}

// SweepMaxes are the targets the design note sweeps, around Folio's
// default, from a sentence to a long section.
var SweepMaxes = []int{120, 200, 300, 400, 600, 800, 1200, 2000}

// Sweep splits every document at each maximum, the other settings as in
// base, and measures the result: "measure the distribution, do not guess
// the number". A maximum where the rows stop changing is past the
// documents' natural blocks. The minimum is kept at most half of each
// maximum (a minimum above the target would merge chunks up to it and
// measure the minimum instead). It
// stops with ctx's error when ctx ends; documents that cannot be split
// (too deep, too many blocks) are left out of every row alike.
func Sweep(ctx context.Context, docs [][]byte, maxes []int, base Options) ([]SweepRow, error) {
	rows := make([]SweepRow, 0, len(maxes))
	for _, max := range maxes {
		opt := base
		opt.Max = max
		opt.Min = min(base.Min, max/2)
		var all []Chunk
		for _, data := range docs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			doc, err := SplitContext(ctx, "", data, opt)
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				continue
			}
			all = append(all, doc.Chunks...)
		}
		s := MeasureSizes(all, opt)
		rows = append(rows, SweepRow{Max: max, Size: s})
	}
	return rows, nil
}
