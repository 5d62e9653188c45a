package index

import (
	"context"
	"sort"

	"folio/index/meta"
	"folio/index/query"
	"folio/index/snippet"
)

// filterSQL turns filters into SQL conditions on d (documents) (see
// meta.Conditions). A folder name that names no library folder is not an
// error for a typed query: the search finds nothing and notices say why.
func (ix *Index) filterSQL(ctx context.Context, fs []query.Filter) (string, []any, []string, error) {
	var folders []Folder
	cond, args, notices, err := meta.Conditions(fs, func(name string) (int64, string, error) {
		if folders == nil {
			var err error
			if folders, err = ix.Folders(ctx); err != nil {
				return 0, "", err
			}
		}
		f, err := FolderNamed(folders, name)
		if err != nil {
			return 0, err.Error(), nil
		}
		return f.ID, "", nil
	})
	if err != nil {
		return "", nil, nil, err
	}
	unknown, err := meta.UnknownTags(ctx, ix.db, fs) // said, rather than "no results"
	return cond, args, append(notices, unknown...), err
}

// listDocuments answers filters without words: the notes they select,
// each by its first passage, newest first (or by path), a page at a time.
// fcond and fargs are the filters' conditions on d. The page's notes are
// chosen first and their passages read after, so the cost is the sort of
// the selected notes' rows, not a passage lookup for each of them.
func (ix *Index) listDocuments(ctx context.Context, fcond string, fargs []any, opt SearchOptions, res *Results) error {
	opt.HeadingPrefix = nil // it narrows passages, not notes
	filter, args, err := ix.filters(ctx, opt)
	if err != nil {
		return err
	}
	filter, args = filter+fcond, append(args, fargs...)
	ids, total, err := meta.Page(ctx, ix.db, filter, args, opt.Sort == SortPath, opt.Limit, opt.Offset, countCap)
	if err != nil {
		return err
	}
	res.Total, res.TotalCapped = total, total >= countCap
	for _, id := range ids {
		// A note is shown by its first passage of prose: a leading HTML
		// block (a <style>, a banner) or code says little of what it is about.
		rows, err := ix.db.QueryContext(ctx, `SELECT `+hitColumns+`, 0 FROM chunks c
			JOIN documents d ON d.id = c.doc_id JOIN folders f ON f.id = d.folder_id
			WHERE c.doc_id = ? ORDER BY c.kind IN ('html', 'code'), c.ordinal LIMIT 1`, id)
		if err != nil {
			return err
		}
		if _, err := scanHits(rows, func(h Hit) {
			h.Rank = opt.Offset + len(res.Hits) + 1
			if !opt.NoSnippets {
				h.Snippet = snippet.Make(snippet.ReadableOf(h.Text, h.Front()), nil, opt.SnippetWidth)
			}
			h.Stale = !h.Offline && h.changedOnDisk()
			res.Hits = append(res.Hits, h)
		}); err != nil {
			return err
		}
	}
	return nil
}

// sortHits orders ranked passages by date (newest first) or by path; the
// ranking's order breaks ties. The sample library stays after the user's
// own notes whatever the order.
func sortHits(hits []Hit, by string) {
	switch by {
	case SortDate:
		sort.SliceStable(hits, func(i, j int) bool {
			if hits[i].Sample != hits[j].Sample {
				return !hits[i].Sample
			}
			return hits[i].Date.After(hits[j].Date)
		})
	case SortPath:
		sort.SliceStable(hits, func(i, j int) bool {
			a, b := hits[i], hits[j]
			switch {
			case a.Sample != b.Sample:
				return !a.Sample
			case a.Folder != b.Folder:
				return a.Folder < b.Folder
			case a.Path != b.Path:
				return a.Path < b.Path
			}
			return a.StartLine < b.StartLine
		})
	}
}
