package index

// copies keeps the first passage of each set of copies found in different
// files (of the same kind of library) and lists the others in its AlsoIn,
// in order. Adding a passage costs about one map look-up per band, whatever
// the number kept.
type copies struct {
	kept    []Hit
	buckets map[uint64][]int // band key → indexes in kept
}

func (c *copies) add(h Hit) {
	if c.buckets == nil {
		c.buckets = map[uint64][]int{}
	}
	keys := h.sig.BandKeys()
	for _, k := range keys {
		for _, i := range c.buckets[k] {
			// The sample library's copy of a user's passage is not its
			// copy: it ranks after the user's own.
			if (c.kept[i].Folder != h.Folder || c.kept[i].Path != h.Path) && c.kept[i].Sample == h.Sample && c.kept[i].sig.Same(h.sig) {
				c.kept[i].AlsoIn = append(c.kept[i].AlsoIn, h)
				return
			}
		}
	}
	for _, k := range keys {
		c.buckets[k] = append(c.buckets[k], len(c.kept))
	}
	c.kept = append(c.kept, h)
}
