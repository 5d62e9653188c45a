package index

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// DefaultWeights are the bm25 weights of the heading path, title and body
// columns: a word in a heading says more about a chunk than one in its body.
var DefaultWeights = [3]float64{4, 2, 1}

// SearchOptions narrow and page a search.
type SearchOptions struct {
	Limit         int      // hits returned; 0 means 20
	Offset        int      // hits skipped, for paging
	Folder        string   // only this library folder
	PathPrefix    string   // only files whose relative path starts so
	HeadingPrefix []string // only chunks under this heading path
	Weights       [3]float64
	SnippetWidth  int // characters; 0 means 220
	NoSnippets    bool
	Policy        Policy
}

// Policy says what a search does when not every word matches.
type Policy int

// The policies; evaluations measure them against each other (README).
const (
	// AllThenFill ranks chunks with every word first, then fills the page
	// with chunks that have any of them. The default: as precise as
	// AllThenAny for short queries, and as good as plain BM25 for long
	// questions where few chunks hold every word.
	AllThenFill Policy = iota
	// AllThenAny requires every word; only when no chunk has them all are
	// chunks with any of them ranked.
	AllThenAny
	// AnyWord ranks every chunk with any of the words (plain BM25).
	AnyWord
	// AllWords never relaxes.
	AllWords
)

// Hit is one ranked chunk with its citation and snippet.
type Hit struct {
	Rank        int
	Score       float64 // higher is better
	ChunkRowID  int64
	ChunkID     string
	Folder      string
	Path        string // relative to Folder, slash-separated
	StartLine   int
	EndLine     int
	HeadingPath []string
	Title       string
	Kind        string
	Section     string
	Text        string // the chunk's original Markdown
	Snippet     Snippet
	// Offline is set when the hit's folder could not be read at its last
	// scan: the text is as it was then, and the file may not open.
	Offline bool
}

// Citation is how a hit is quoted: folder/path:start-end · Heading > Path.
func (h Hit) Citation() string {
	loc := fmt.Sprintf("%s:%d-%d", filepath.ToSlash(filepath.Join(filepath.Base(h.Folder), h.Path)), h.StartLine, h.EndLine)
	if len(h.HeadingPath) == 0 {
		return loc
	}
	return loc + " · " + strings.Join(h.HeadingPath, " > ")
}

// Results of one search.
type Results struct {
	Hits     []Hit
	Total    int  // hits in all, not only this page
	AllWords int  // chunks that have every word (the rest have some)
	Relaxed  bool // no chunk had every word; ranked by any of them
	Elapsed  time.Duration
}

// Search runs a query typed by a person. Any input gives results or an
// empty list; only a broken database gives an error.
func (ix *Index) Search(ctx context.Context, input string, opt SearchOptions) (*Results, error) {
	start := time.Now()
	q := ParseQuery(input)
	res := &Results{}
	if q.Empty() {
		res.Elapsed = time.Since(start)
		return res, nil
	}
	if opt.Limit <= 0 {
		opt.Limit = 20
	}
	if opt.Weights == ([3]float64{}) {
		opt.Weights = DefaultWeights
	}
	if opt.SnippetWidth <= 0 {
		opt.SnippetWidth = 220
	}
	filter, args, err := ix.filters(ctx, opt)
	if err != nil {
		return nil, err
	}
	all, any := q.MatchAll(), q.MatchAny()
	if opt.Policy == AnyWord || !q.Relaxable() {
		all = any
	}
	total, err := ix.count(ctx, all, filter, args)
	if err != nil {
		return nil, err
	}
	res.Total = total
	if opt.Policy != AnyWord || !q.Relaxable() {
		res.AllWords = total // plain BM25 does not count chunks with every word
	}
	if err := ix.page(ctx, q, all, filter, args, opt.Offset, opt.Limit, opt, res); err != nil {
		return nil, fmt.Errorf("search %q: %w", input, classify(err))
	}
	// The relaxed hits follow the strict ones: chunks with some words but
	// not all, so pages neither repeat nor skip a hit, and the total counts
	// both whatever page is asked for.
	if all != any && (opt.Policy == AllThenFill || opt.Policy == AllThenAny && total == 0) {
		rest := any
		if total > 0 {
			rest = "(" + any + ") NOT (" + all + ")"
		}
		restTotal, err := ix.count(ctx, rest, filter, args)
		if err != nil {
			return nil, err
		}
		if len(res.Hits) < opt.Limit && restTotal > 0 {
			offset := max(0, opt.Offset-total)
			if err := ix.page(ctx, q, rest, filter, args, offset, opt.Limit-len(res.Hits), opt, res); err != nil {
				return nil, fmt.Errorf("search %q: %w", input, classify(err))
			}
			for i := range res.Hits {
				res.Hits[i].Rank = opt.Offset + i + 1
			}
		}
		res.Relaxed = total == 0 && restTotal > 0
		res.Total = total + restTotal
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// page appends one page of hits for an FTS5 expression to res.
func (ix *Index) page(ctx context.Context, q Query, match, filter string, args []any, offset, limit int, opt SearchOptions, res *Results) error {
	if limit <= 0 {
		return nil
	}
	sqlText := fmt.Sprintf(`SELECT c.id, c.chunk_id, c.kind, c.path, c.section, c.start_line, c.end_line, c.text,
		d.rel_path, d.title, f.path, f.offline != '', bm25(chunks_fts, %g, %g, %g) AS score
		FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
		JOIN documents d ON d.id = c.doc_id JOIN folders f ON f.id = d.folder_id
		WHERE chunks_fts MATCH ?%s ORDER BY score, c.id LIMIT ? OFFSET ?`,
		opt.Weights[0], opt.Weights[1], opt.Weights[2], filter)
	rows, err := ix.db.QueryContext(ctx, sqlText, append(append([]any{match}, args...), limit, offset)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var h Hit
		var path string
		if err := rows.Scan(&h.ChunkRowID, &h.ChunkID, &h.Kind, &path, &h.Section, &h.StartLine, &h.EndLine, &h.Text,
			&h.Path, &h.Title, &h.Folder, &h.Offline, &h.Score); err != nil {
			return err
		}
		h.Score = -h.Score // bm25 is lower-is-better
		h.HeadingPath = splitPath(path)
		h.Rank = offset + len(res.Hits) + 1
		if !opt.NoSnippets {
			h.Snippet = MakeSnippet(h.Text, q.Matches, opt.SnippetWidth)
		}
		res.Hits = append(res.Hits, h)
	}
	return rows.Err()
}

func (ix *Index) count(ctx context.Context, match, filter string, args []any) (int, error) {
	var n int
	q := `SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?`
	if filter != "" {
		q = `SELECT count(*) FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
			JOIN documents d ON d.id = c.doc_id WHERE chunks_fts MATCH ?` + filter
	}
	if err := ix.db.QueryRowContext(ctx, q, append([]any{match}, args...)...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count matches: %w", classify(err))
	}
	return n, nil
}

// filters turns the options into SQL conditions on c (chunks) and d
// (documents).
func (ix *Index) filters(ctx context.Context, opt SearchOptions) (string, []any, error) {
	var sb strings.Builder
	var args []any
	if opt.Folder != "" {
		f, err := ix.folderByPath(ctx, opt.Folder)
		if err != nil {
			return "", nil, fmt.Errorf("search: %w", err)
		}
		sb.WriteString(" AND d.folder_id = ?")
		args = append(args, f.ID)
	}
	if opt.PathPrefix != "" {
		sb.WriteString(` AND d.rel_path LIKE ? ESCAPE '\'`)
		args = append(args, likePrefix(filepath.ToSlash(opt.PathPrefix)))
	}
	if len(opt.HeadingPrefix) > 0 {
		joined := joinPath(opt.HeadingPrefix)
		sb.WriteString(` AND (c.path = ? OR c.path LIKE ? ESCAPE '\')`)
		args = append(args, joined, likePrefix(joined+pathSep))
	}
	return sb.String(), args, nil
}

func likePrefix(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s) + "%"
}

// SectionChunk is one chunk of a section, for showing a hit in context.
type SectionChunk struct {
	ChunkRowID  int64
	Ordinal     int
	Kind        string
	StartLine   int
	EndLine     int
	HeadingPath []string
	Text        string
}

// Section returns every chunk of the hit's section, in order.
func (ix *Index) Section(ctx context.Context, chunkRowID int64) ([]SectionChunk, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT c.id, c.ordinal, c.kind, c.start_line, c.end_line, c.path, c.text
		FROM chunks c JOIN chunks h ON h.doc_id = c.doc_id AND h.section = c.section
		WHERE h.id = ? ORDER BY c.ordinal`, chunkRowID)
	if err != nil {
		return nil, fmt.Errorf("section of chunk %d: %w", chunkRowID, classify(err))
	}
	defer rows.Close()
	var out []SectionChunk
	for rows.Next() {
		var s SectionChunk
		var path string
		if err := rows.Scan(&s.ChunkRowID, &s.Ordinal, &s.Kind, &s.StartLine, &s.EndLine, &path, &s.Text); err != nil {
			return nil, fmt.Errorf("section of chunk %d: %w", chunkRowID, err)
		}
		s.HeadingPath = splitPath(path)
		out = append(out, s)
	}
	return out, rows.Err()
}
