// Package health re-splits a folder's notes as the scan that stored them
// did and lists the problems a reader would trip over (chunker's
// defects), in parallel. It knows no SQL: the index hands it what it
// stored and merges what comes back into its report (index.Health).
package health

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"folio/chunker"
	"folio/files"
	"folio/index/schema"
	"folio/index/snippet"
)

// Doc is one stored document of a folder.
type Doc struct {
	Rel string   // its path inside the folder, slash-separated
	Tag string   // the chunker settings it was indexed with (schema.ParseChunkerTag)
	IDs []string // its stored chunk ids, in order
}

// Problem is one defect in one chunk, where the chunk is.
type Problem struct {
	Kind               string
	StartLine, EndLine int
	HeadingPath        []string
}

// Result is what re-splitting one document found.
type Result struct {
	Problems []Problem
	// Stale is set when the file is gone, unreadable, or splits into
	// other chunks than those stored: it changed since the scan and is
	// not measured.
	Stale bool
}

// Remeasure re-splits each of docs, read from folder as a scan reads it
// (never blocking on a FIFO nor following a link out of the folder), and
// measures the chunks that are still the stored ones. Results are in the
// order of docs. Re-splitting is most of a health report's time, so the
// files are measured on every core.
func Remeasure(ctx context.Context, folder string, docs []Doc) ([]Result, error) {
	results := make([]Result, len(docs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(docs) || ctx.Err() != nil {
					return
				}
				results[i] = remeasure(folder, docs[i])
			}
		}()
	}
	wg.Wait()
	return results, ctx.Err()
}

func remeasure(folder string, d Doc) Result {
	opt, ok := schema.ParseChunkerTag(d.Tag)
	data, err := files.ReadInside(folder, filepath.Join(folder, filepath.FromSlash(d.Rel)))
	if !ok || err != nil {
		return Result{Stale: true}
	}
	cd, err := chunker.Split(d.Rel, data, opt)
	if err != nil || !slices.EqualFunc(cd.Chunks, d.IDs, func(c chunker.Chunk, id string) bool { return c.ID == id }) {
		return Result{Stale: true}
	}
	var r Result
	for _, p := range chunker.MeasureDefects(cd, opt).Defects.Problems {
		c := cd.Chunks[p.Ordinal]
		r.Problems = append(r.Problems, Problem{Kind: p.Kind, StartLine: c.StartLine, EndLine: c.EndLine, HeadingPath: snippet.Headings(c.Path)})
	}
	return r
}
