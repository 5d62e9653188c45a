package watch

import (
	"sort"
	"strings"
	"time"
)

// Batch is what changed in one library folder since its last batch.
type Batch struct {
	Folder string   // the library folder's root, as given to Sync
	Paths  []string // changed paths, slash separated and relative to Folder, sorted; nil: the whole folder
}

// batcher gathers changes into batches. It is pure (the caller gives the
// time), so debounce and batching are tested without waiting.
//
// A folder's batch is due once its changes have been quiet for quiet (an
// editor writes a file several times per save), or maxWait after its first
// change even if changes keep coming (a long branch switch still shows
// progress). Past maxPaths paths a batch is the whole folder: scanning it
// costs a stat per file, less than matching thousands of paths.
type batcher struct {
	quiet, maxWait time.Duration
	maxPaths       int
	pending        map[string]*pending
}

type pending struct {
	paths       map[string]bool
	all         bool
	first, last time.Time
}

func newBatcher(quiet, maxWait time.Duration, maxPaths int) *batcher {
	return &batcher{quiet: quiet, maxWait: maxWait, maxPaths: maxPaths, pending: map[string]*pending{}}
}

// add records a change of rel ("" for the whole folder) in folder at now.
func (b *batcher) add(folder, rel string, now time.Time) {
	p := b.pending[folder]
	if p == nil {
		p = &pending{paths: map[string]bool{}, first: now}
		b.pending[folder] = p
	}
	p.last = now
	if p.all {
		return
	}
	if rel == "" {
		p.all, p.paths = true, nil
		return
	}
	p.paths[rel] = true
	if len(p.paths) > b.maxPaths {
		p.all, p.paths = true, nil
	}
}

// due takes the batches that are due at now, in folder order.
func (b *batcher) due(now time.Time) []Batch {
	var out []Batch
	for folder, p := range b.pending {
		if now.Sub(p.last) < b.quiet && now.Sub(p.first) < b.maxWait {
			continue
		}
		delete(b.pending, folder)
		out = append(out, Batch{Folder: folder, Paths: p.list()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Folder < out[j].Folder })
	return out
}

// next is when the next batch falls due; false when nothing is pending.
func (b *batcher) next() (time.Time, bool) {
	var at time.Time
	for _, p := range b.pending {
		t := p.last.Add(b.quiet)
		if limit := p.first.Add(b.maxWait); limit.Before(t) {
			t = limit
		}
		if at.IsZero() || t.Before(at) {
			at = t
		}
	}
	return at, !at.IsZero()
}

// list is the pending paths, sorted, without those under another one.
func (p *pending) list() []string {
	if p.all {
		return nil
	}
	paths := make([]string, 0, len(p.paths))
	for rel := range p.paths {
		paths = append(paths, rel)
	}
	sort.Strings(paths)
	out := paths[:0]
	for _, rel := range paths {
		if n := len(out); n > 0 && strings.HasPrefix(rel, out[n-1]+"/") {
			continue // a folder's scan covers it
		}
		out = append(out, rel)
	}
	return out
}
