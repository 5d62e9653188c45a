// Package meta is what notes say of themselves (chunker.Meta: tags, a
// date, aliases) as the library keeps it: written beside each document,
// listed (the tag row), and turned into the SQL conditions of the search
// filters (tag:, folder:, after:, before:). It runs statements it is
// given a connection or transaction for; the schema is index/schema's.
package meta

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"folio/chunker"
	"folio/index/query"
	"folio/index/schema"
)

// Execer is a connection, a transaction or a writer's statement cache.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Querier reads.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

const (
	sqlSetMeta = `UPDATE documents SET tags = ?, aliases = ?, date = ?, meta = ? WHERE id = ?`
	sqlDelTags = `DELETE FROM tags WHERE doc_id = ?`
	sqlAddTag  = `INSERT OR IGNORE INTO tags(tag, doc_id) VALUES(?, ?)`
)

// Columns are the document row's columns for what a note says of itself,
// in the order tags, aliases, date, meta (the chunker.MetaVersion): a
// writer that inserts or updates the row sets them in the same statement.
func Columns(m chunker.Meta) []any {
	var date int64
	if !m.Date.IsZero() {
		date = m.Date.Unix()
		if date == 0 {
			date = 1 // the epoch itself is a date, not "none"
		}
	}
	return []any{schema.JoinPath(m.Tags), schema.JoinPath(m.Aliases), date, chunker.MetaVersion}
}

// Write stores what a note says of itself beside its document row: the
// joined columns for showing it, the tags table for finding it.
func Write(ctx context.Context, ex Execer, docID int64, m chunker.Meta) error {
	if _, err := ex.ExecContext(ctx, sqlSetMeta, append(Columns(m), docID)...); err != nil {
		return err
	}
	return WriteTags(ctx, ex, docID, m.Tags, true)
}

// WriteTags puts a document's tags in the tags table, replacing the ones it
// had unless it is new (a new row has none: the statement that would look
// costs as much as the rest of a one-passage note's row).
func WriteTags(ctx context.Context, ex Execer, docID int64, tags []string, replace bool) error {
	if replace {
		if _, err := ex.ExecContext(ctx, sqlDelTags, docID); err != nil {
			return err
		}
	}
	for _, t := range tags {
		if _, err := ex.ExecContext(ctx, sqlAddTag, t, docID); err != nil {
			return err
		}
	}
	return nil
}

// TagCount is a tag and how many documents carry it.
type TagCount struct {
	Tag       string
	Documents int
}

// Tags lists the library's tags, or one folder's (folderID not 0), most
// used first (then by name).
func Tags(ctx context.Context, q Querier, folderID int64) ([]TagCount, error) {
	sqlText, args := `SELECT tag, count(*) AS n FROM tags GROUP BY tag ORDER BY n DESC, tag`, []any(nil)
	if folderID != 0 {
		sqlText = `SELECT t.tag, count(*) AS n FROM tags t JOIN documents d ON d.id = t.doc_id
			WHERE d.folder_id = ? GROUP BY t.tag ORDER BY n DESC, t.tag`
		args = []any{folderID}
	}
	rows, err := q.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TagCount
	for rows.Next() {
		var t TagCount
		if err := rows.Scan(&t.Tag, &t.Documents); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// DatedSQL is schema.DatedSQL over documents d, the indexed expression.
var DatedSQL = strings.NewReplacer("date", "d.date", "mtime", "d.mtime").Replace(schema.DatedSQL)

// FolderID finds the library folder a folder: filter names. notice is
// set (and err nil) when none has the name: the search then finds
// nothing and says why.
type FolderID func(name string) (id int64, notice string, err error)

// Conditions turns filters into SQL conditions on d (documents), each
// starting with " AND".
func Conditions(fs []query.Filter, folder FolderID) (cond string, args []any, notices []string, err error) {
	var sb strings.Builder
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
			id, notice, err := folder(f.Value)
			switch {
			case err != nil:
				return "", nil, nil, err
			case notice != "" && f.Exclude:
				continue // excluding what is not there excludes nothing
			case notice != "":
				notices = append(notices, notice)
				sb.WriteString(" AND 0")
			case f.Exclude:
				sb.WriteString(" AND d.folder_id != ?")
				args = append(args, id)
			default:
				sb.WriteString(" AND d.folder_id = ?")
				args = append(args, id)
			}
		case query.FieldAfter, query.FieldBefore:
			op := ">="
			if (f.Field == query.FieldBefore) != f.Exclude {
				op = "<"
			}
			fmt.Fprintf(&sb, " AND %s %s ?", DatedSQL, op)
			args = append(args, f.At.Unix())
		}
	}
	return sb.String(), args, notices, nil
}

// Narrowing is how the first stage applies filters: SQL conditions
// joined to the FTS5 query (Filter, Args), or, when they select only a
// few passages, those passages' row ids (Rows: " AND rowid IN (…)").
type Narrowing struct {
	Filter string
	Args   []any
	Rows   string
	// Pick maps the FTS rows of Rows to the selected passages: a passage
	// copied from another document is found by its copy's row.
	Pick map[int64]int64
	// Own is Rows for near_fts: the ids of the selected passages that
	// share another's row, as a near-copy's own lines have a row under
	// its id (index/fts, nearrows.go).
	Own string
}

// FewRows is the most passages that are looked up one by one; FTS5
// answers a rowid lookup in some 0.4 ms with a question's words, so past
// this a join with the filters (one pass over the matches) costs less.
const FewRows = 24

// Narrow chooses how filters narrow the first stage; filter and args are
// the conditions on d (documents) and f (folders). A tag on a note or two
// selects a handful of passages: looking each up costs a fraction of
// joining every match of the words with the filters (BenchmarkFilters,
// rare-tag). The lookup stops after FewRows+1 rows, so it is cheap for a
// common tag too.
func Narrow(ctx context.Context, q Querier, fs []query.Filter, filter string, args []any) (Narrowing, error) {
	nw := Narrowing{Filter: filter, Args: args}
	tagged := false
	for _, f := range fs {
		tagged = tagged || f.Field == query.FieldTag && !f.Exclude
	}
	if !tagged || filter == "" {
		return nw, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT c.canon, c.id FROM documents d JOIN folders f ON f.id = d.folder_id
		JOIN chunks c ON c.doc_id = d.id WHERE 1`+filter+` LIMIT ?`, append(append([]any(nil), args...), FewRows+1)...)
	if err != nil {
		return nw, err
	}
	defer rows.Close()
	var ids, own []string
	pick := map[int64]int64{}
	n := 0
	for rows.Next() {
		n++
		var canon, id int64
		if err := rows.Scan(&canon, &id); err != nil {
			return nw, err
		}
		if _, ok := pick[canon]; !ok {
			ids = append(ids, strconv.FormatInt(canon, 10))
		}
		pick[canon] = id
		if id != canon {
			own = append(own, strconv.FormatInt(id, 10))
		}
	}
	if err := rows.Err(); err != nil || n > FewRows {
		return nw, err
	}
	if len(ids) == 0 {
		// Nothing (FTS5 reads rowid IN (NULL) as no constraint at all).
		return Narrowing{Rows: " AND 0"}, nil
	}
	nw = Narrowing{Rows: " AND rowid IN (" + strings.Join(ids, ",") + ")", Pick: pick}
	if len(own) > 0 {
		nw.Own = " AND rowid IN (" + strings.Join(own, ",") + ")"
	}
	return nw, nil
}

// Page is one page of the notes that filter (conditions on d and f)
// selects, for filters given without words: their document ids, newest
// first (byPath: by folder and path), and how many there are, counted up
// to countCap. The sample library's notes come last.
func Page(ctx context.Context, db *sql.DB, filter string, args []any, byPath bool, limit, offset, countCap int) (ids []int64, total int, err error) {
	order := DatedSQL + " DESC, f.path, d.rel_path"
	if byPath {
		order = "f.path, d.rel_path"
	}
	from := ` FROM documents d JOIN folders f ON f.id = d.folder_id WHERE d.n_chunks > 0` + filter
	rows, err := db.QueryContext(ctx, `SELECT d.id`+from+` ORDER BY f.sample, `+order+` LIMIT ? OFFSET ?`,
		append(append([]any(nil), args...), limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, 0, err
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	err = db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1`+from+` LIMIT ?)`, append(append([]any(nil), args...), countCap)...).Scan(&total)
	return ids, total, err
}

// UnknownTags says which tags fs asks for (not excludes) that no note
// has ("no note is tagged #x"), nested tags counting for their parents.
func UnknownTags(ctx context.Context, db *sql.DB, fs []query.Filter) ([]string, error) {
	var out []string
	for _, f := range fs {
		if f.Field != query.FieldTag || f.Exclude {
			continue
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM tags WHERE tag = ? OR (tag > ? AND tag < ?) LIMIT 1)`,
			f.Value, f.Value+"/", f.Value+"0").Scan(&n); err != nil {
			return nil, err
		}
		if n == 0 {
			out = append(out, "no note is tagged #"+f.Value)
		}
	}
	return out, nil
}

// Scope is the SQL conditions on d (documents) and c (chunks) of a path
// prefix (a file or folder inside the library folders) and a heading path
// prefix (a section and what is under it).
func Scope(pathPrefix string, headingPrefix []string) (string, []any) {
	var sb strings.Builder
	var args []any
	if pathPrefix != "" {
		sb.WriteString(` AND d.rel_path LIKE ? ESCAPE '\'`)
		args = append(args, likePrefix(filepath.ToSlash(pathPrefix)))
	}
	if len(headingPrefix) > 0 {
		joined := schema.JoinPath(headingPrefix)
		sb.WriteString(` AND (c.path = ? OR c.path LIKE ? ESCAPE '\')`)
		args = append(args, joined, likePrefix(joined+schema.PathSep))
	}
	return sb.String(), args
}

func likePrefix(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s) + "%"
}
