package index

import (
	"context"
	"fmt"
	"math"
	"strings"

	"folio/index/query"
	"folio/index/schema"
	"folio/index/snippet"
)

// ExampleQueries picks up to n searches a newcomer could try, taken from
// the library's own headings: short ones (two to four words), different
// from each other, spread over the folders, from the user's own notes
// before the bundled sample. The same library gives the same examples at
// every launch: the chunks are read at fixed places of the chunk table
// (the golden-ratio sequence over its ids, a seek by id each), so its
// cost does not grow with the library either.
func (ix *Index) ExampleQueries(ctx context.Context, n int) ([]string, error) {
	var last int64
	var users int
	if err := ix.db.QueryRowContext(ctx, `SELECT coalesce((SELECT max(id) FROM chunks), 0),
		(SELECT count(*) FROM folders WHERE sample = 0 AND n_chunks > 0)`).Scan(&last, &users); err != nil {
		return nil, fmt.Errorf("example queries: %w", classify(err))
	}
	if last == 0 || n <= 0 {
		return nil, nil
	}
	perFolder := n // one folder: all from it
	if users > 1 {
		perFolder = (n + users - 1) / users
	}
	seen := map[string]bool{}
	fromFolder := map[int64]int{}
	var out []string
	const phi = 0.6180339887498949
	pos := 0.5
	for try := 0; try < 60 && len(out) < n; try++ {
		pos += phi
		pos -= math.Floor(pos)
		var path string
		var folder int64
		var sample bool
		err := ix.db.QueryRowContext(ctx, `SELECT c.path, d.folder_id, f.sample FROM chunks c
			JOIN documents d ON d.id = c.doc_id JOIN folders f ON f.id = d.folder_id
			WHERE c.id >= ? ORDER BY c.id LIMIT 1`, 1+int64(pos*float64(last))).Scan(&path, &folder, &sample)
		if err != nil {
			continue // a gap at the end of the ids
		}
		if sample && users > 0 || fromFolder[folder] >= perFolder {
			continue
		}
		heading := query.ExampleHeading(snippet.Headings(schema.SplitPath(path)))
		if heading == "" || seen[strings.ToLower(heading)] {
			continue
		}
		seen[strings.ToLower(heading)] = true
		fromFolder[folder]++
		out = append(out, heading)
	}
	return out, nil
}
