package index

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"folio/index/query"
	"folio/index/schema"
	"folio/index/snippet"
)

// datedSQL is schema.DatedSQL over documents d, the indexed expression.
var datedSQL = strings.NewReplacer("date", "d.date", "mtime", "d.mtime").Replace(schema.DatedSQL)

// filterSQL turns filters into SQL conditions on d (documents), each
// starting with " AND". A folder name that names no library folder is not
// an error for a typed query: the search finds nothing and notices say
// why (a broken database is still an error).
func (ix *Index) filterSQL(ctx context.Context, fs []query.Filter) (string, []any, []string, error) {
	var sb strings.Builder
	var args []any
	var notices []string
	var folders []Folder
	for _, f := range fs {
		not := ""
		if f.Exclude {
			not = "NOT "
		}
		switch f.Field {
		case query.FieldTag:
			// The tag itself and the tags nested under it: "a/" up to "a0"
			// ('0' follows '/').
			fmt.Fprintf(&sb, " AND d.id %sIN (SELECT doc_id FROM tags WHERE tag = ? OR (tag > ? AND tag < ?))", not)
			args = append(args, f.Value, f.Value+"/", f.Value+"0")
		case query.FieldFolder:
			if folders == nil {
				var err error
				if folders, err = ix.Folders(ctx); err != nil {
					return "", nil, nil, err
				}
			}
			fo, err := FolderNamed(folders, f.Value)
			if err != nil {
				if f.Exclude {
					continue // excluding what is not there excludes nothing
				}
				notices = append(notices, err.Error())
				sb.WriteString(" AND 0")
				continue
			}
			if f.Exclude {
				sb.WriteString(" AND d.folder_id != ?")
			} else {
				sb.WriteString(" AND d.folder_id = ?")
			}
			args = append(args, fo.ID)
		case query.FieldAfter, query.FieldBefore:
			op := ">="
			if (f.Field == query.FieldBefore) != f.Exclude {
				op = "<"
			}
			fmt.Fprintf(&sb, " AND %s %s ?", datedSQL, op)
			args = append(args, f.At.Unix())
		}
	}
	return sb.String(), args, notices, nil
}

// listDocuments answers filters without words: the notes they select,
// each by its first passage, newest first (or by path), a page at a time.
func (ix *Index) listDocuments(ctx context.Context, filter string, args []any, opt SearchOptions, res *Results) error {
	order := datedSQL + " DESC, f.path, d.rel_path"
	if opt.Sort == SortPath {
		order = "f.path, d.rel_path"
	}
	from := ` FROM documents d JOIN folders f ON f.id = d.folder_id
		JOIN chunks c ON c.doc_id = d.id AND c.ordinal = 0 WHERE 1` + filter
	rows, err := ix.db.QueryContext(ctx, `SELECT `+hitColumns+`, 0`+from+` ORDER BY f.sample, `+order+` LIMIT ? OFFSET ?`,
		append(append([]any(nil), args...), opt.Limit, opt.Offset)...)
	if err != nil {
		return err
	}
	if _, err := scanHits(rows, func(h Hit) {
		h.Rank = opt.Offset + len(res.Hits) + 1
		if !opt.NoSnippets {
			h.Snippet = snippet.Make(snippet.Readable(h.Text), nil, opt.SnippetWidth)
		}
		h.Stale = !h.Offline && h.changedOnDisk()
		res.Hits = append(res.Hits, h)
	}); err != nil {
		return err
	}
	err = ix.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1`+from+` LIMIT ?)`, append(append([]any(nil), args...), countCap)...).Scan(&res.Total)
	res.TotalCapped = res.Total >= countCap
	return err
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
