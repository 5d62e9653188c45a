package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"folio/index/query"
	"folio/index/schema"
	"folio/index/snippet"
)

// ExampleQueries picks up to n searches a newcomer could try, taken from
// the library's own headings: short ones (two to four words), different
// from each other. It reads a few dozen chunks from random places of the
// chunk table (a seek by id each), so its cost does not grow with the
// library.
func (ix *Index) ExampleQueries(ctx context.Context, n int) ([]string, error) {
	var last int64
	if err := ix.db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM chunks`).Scan(&last); err != nil {
		return nil, fmt.Errorf("example queries: %w", classify(err))
	}
	if last == 0 {
		return nil, nil
	}
	seen := map[string]bool{}
	var out []string
	for try := 0; try < 40 && len(out) < n; try++ {
		var path string
		err := ix.db.QueryRowContext(ctx, `SELECT path FROM chunks WHERE id >= ? ORDER BY id LIMIT 1`, 1+rand.Int64N(last)).Scan(&path)
		if err != nil {
			continue // a gap at the end of the ids
		}
		heading := query.ExampleHeading(snippet.Headings(schema.SplitPath(path)))
		if heading == "" || seen[strings.ToLower(heading)] {
			continue
		}
		seen[strings.ToLower(heading)] = true
		out = append(out, heading)
	}
	return out, nil
}
