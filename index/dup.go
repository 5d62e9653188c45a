package index

import "folio/index/dedup"

// copies keeps the first passage of each set of copies found in different
// files (of the same kind of library) and lists the others in its AlsoIn,
// in order (dedup.Kept finds them).
type copies struct {
	kept  []Hit
	index *dedup.Kept
}

// newCopies is ready for about n passages.
func newCopies(n int) copies {
	return copies{kept: make([]Hit, 0, n), index: dedup.NewKept(n)}
}

func (c *copies) add(h Hit) {
	i, dup := c.index.Add(h.sig, func(i int) bool {
		// The sample library's copy of a user's passage is not its
		// copy: it ranks after the user's own.
		k := &c.kept[i]
		return (k.Folder != h.Folder || k.Path != h.Path) && k.Sample == h.Sample
	})
	if dup {
		c.kept[i].AlsoIn = append(c.kept[i].AlsoIn, h)
		return
	}
	c.kept = append(c.kept, h)
}

// keep keeps h as a passage of its own, whatever it copies.
func (c *copies) keep(h Hit) {
	c.index.Keep(h.sig)
	c.kept = append(c.kept, h)
}
