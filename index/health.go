package index

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"folio/chunker"
	"folio/files"
	"folio/index/health"
	"folio/index/schema"
)

// Health describes the library's chunks: their sizes, the defects a
// reader would trip over, skipped files, and what each folder costs.
type Health struct {
	Options   chunker.Options // the library's chunk settings, for over/under
	Sizes     chunker.Sizes
	Histogram []Bin
	Counts    map[string]int // defects by kind (chunker.Defect*)
	Defects   []Defect
	Skipped   []FolderSkip
	Warnings  []FolderSkip // files indexed with a reservation (invalid UTF-8 replaced, embedded data left out)
	Folders   []FolderHealth
	Stale     int // documents changed since the last scan: not measured
	// MixedSettings is set when some documents were indexed with other
	// chunk settings than the library's current ones: each chunk is judged
	// against the settings its document was indexed with (Sizes.OverMax,
	// UnderMin), until a scan re-chunks it.
	MixedSettings bool
}

// Bin is one bar of the size histogram (chunker.Histogram).
type Bin = chunker.Bin

// Defect is one problem in one chunk, with its citation.
type Defect struct {
	Kind        string   `json:"kind"`
	Folder      string   `json:"folder"`
	Path        string   `json:"path"`
	StartLine   int      `json:"start_line"`
	EndLine     int      `json:"end_line"`
	HeadingPath []string `json:"heading_path"`
}

// Citation is how the defect is quoted, like a search hit.
func (d Defect) Citation() string {
	return Hit{Folder: d.Folder, Path: d.Path, StartLine: d.StartLine, EndLine: d.EndLine, HeadingPath: d.HeadingPath}.Citation()
}

// FolderSkip is a skipped file of one folder.
type FolderSkip struct {
	Folder string `json:"folder"`
	files.Skip
}

// FolderHealth is what one folder holds and costs.
type FolderHealth struct {
	Path          string `json:"path"`
	Documents     int    `json:"documents"`
	Chunks        int    `json:"chunks"`
	MarkdownBytes int64  `json:"markdown_bytes"`
	IndexBytes    int64  `json:"index_bytes"` // the folder's share of the database, by stored text
}

// Health measures the library. Sizes come from the stored chunks; defects
// need the documents' structure, so each file is read and split again with
// the settings it was indexed with, and measured where its chunks are still
// the stored ones (a file edited since the last scan counts as stale).
func (ix *Index) Health(ctx context.Context) (*Health, error) {
	h := &Health{Counts: map[string]int{}}
	var err error
	if h.Options, err = ix.ChunkOptions(ctx); err != nil {
		return nil, err
	}
	folders, err := ix.Folders(ctx)
	if err != nil {
		return nil, err
	}
	var dbBytes, storedTotal int64
	ix.db.QueryRowContext(ctx, `SELECT coalesce(sum(pgsize), 0) FROM dbstat`).Scan(&dbBytes)
	ix.db.QueryRowContext(ctx, `SELECT coalesce(sum(length(CAST(text AS BLOB))), 0) FROM chunks`).Scan(&storedTotal)
	var sizes []chunker.Chunk
	for _, f := range folders {
		var stored int64
		if err := ix.db.QueryRowContext(ctx, `SELECT coalesce(sum(length(CAST(c.text AS BLOB))), 0) FROM chunks c
			JOIN documents d ON d.id = c.doc_id WHERE d.folder_id = ?`, f.ID).Scan(&stored); err != nil {
			return nil, fmt.Errorf("health: %w", err)
		}
		fh := FolderHealth{Path: f.Path, Documents: f.Documents, Chunks: f.Chunks, MarkdownBytes: f.Bytes}
		if storedTotal > 0 {
			fh.IndexBytes = dbBytes * stored / storedTotal
		}
		h.Folders = append(h.Folders, fh)
		skips, err := ix.Skipped(ctx, f.ID)
		if err != nil {
			return nil, err
		}
		for _, s := range skips {
			h.Skipped = append(h.Skipped, FolderSkip{Folder: f.Path, Skip: s})
		}
		if err := ix.documentWarnings(ctx, f, h); err != nil {
			return nil, err
		}
		docs, err := ix.measureFolder(ctx, f, h)
		if err != nil {
			return nil, err
		}
		sizes = append(sizes, docs...)
	}
	over, under := h.Sizes.OverMax, h.Sizes.UnderMin // per document, by measureFolder
	h.Sizes = chunker.MeasureSizes(sizes, h.Options)
	h.Sizes.OverMax, h.Sizes.UnderMin = over, under
	h.Histogram = chunker.Histogram(sizes)
	return h, nil
}

// measureFolder re-splits the folder's documents and records defects; it
// returns the stored chunks (text only) for the size distribution.
func (ix *Index) measureFolder(ctx context.Context, f Folder, h *Health) ([]chunker.Chunk, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT d.id, d.rel_path, d.chunker, c.chunk_id, c.text
		FROM documents d JOIN chunks c ON c.doc_id = d.id WHERE d.folder_id = ? ORDER BY d.id, c.ordinal`, f.ID)
	if err != nil {
		return nil, fmt.Errorf("health: %w", err)
	}
	var docs []health.Doc
	var firsts []int // index of each document's first chunk in all
	var all []chunker.Chunk
	var last int64 = -1
	for rows.Next() {
		var id int64
		var rel, tag, chunkID, text string
		if err := rows.Scan(&id, &rel, &tag, &chunkID, &text); err != nil {
			rows.Close()
			return nil, fmt.Errorf("health: %w", err)
		}
		if id != last {
			docs = append(docs, health.Doc{Rel: rel, Tag: tag})
			firsts = append(firsts, len(all))
			last = id
		}
		d := &docs[len(docs)-1]
		d.IDs = append(d.IDs, chunkID)
		all = append(all, chunker.Chunk{Text: text})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("health: %w", err)
	}
	results, err := health.Remeasure(ctx, f.Path, docs)
	if err != nil {
		return nil, err
	}
	for i, d := range docs {
		opt, ok := schema.ParseChunkerTag(d.Tag)
		// Each chunk is judged against the settings its document was
		// indexed with, not settings changed since.
		judge := h.Options
		if ok {
			judge = opt
			h.MixedSettings = h.MixedSettings || opt.Max != h.Options.Max || opt.Min != h.Options.Min
		}
		own := chunker.MeasureSizes(all[firsts[i]:firsts[i]+len(d.IDs)], judge)
		h.Sizes.OverMax += own.OverMax
		h.Sizes.UnderMin += own.UnderMin
		if results[i].Stale {
			h.Stale++
			continue
		}
		for _, p := range results[i].Problems {
			h.Counts[p.Kind]++
			h.Defects = append(h.Defects, Defect{Kind: p.Kind, Folder: f.Path, Path: d.Rel,
				StartLine: p.StartLine, EndLine: p.EndLine, HeadingPath: p.HeadingPath})
		}
	}
	return all, nil
}

// documentWarnings adds the folder's documents indexed with a reservation.
func (ix *Index) documentWarnings(ctx context.Context, f Folder, h *Health) error {
	rows, err := ix.db.QueryContext(ctx, `SELECT rel_path, warnings FROM documents WHERE folder_id = ? AND warnings != '' ORDER BY rel_path`, f.ID)
	if err != nil {
		return fmt.Errorf("health: %w", classify(err))
	}
	defer rows.Close()
	for rows.Next() {
		var w FolderSkip
		if err := rows.Scan(&w.Path, &w.Reason); err != nil {
			return fmt.Errorf("health: %w", classify(err))
		}
		w.Folder = f.Path
		h.Warnings = append(h.Warnings, w)
	}
	return classify(rows.Err())
}

// ChunkSweep is chunker.Sweep over up to sample of the library's
// documents, spread evenly in path order (the same library, the same
// table), read as Health reads them (no link followed out of a folder; a
// file gone since the scan is left out). n is how many were measured.
func (ix *Index) ChunkSweep(ctx context.Context, sample int, maxes []int, base chunker.Options) (rows []chunker.SweepRow, n int, err error) {
	var list string
	if err := ix.db.QueryRowContext(ctx, `SELECT coalesce(group_concat(folder || char(0) || rel, char(0) ORDER BY n), '') FROM (
		SELECT f.path AS folder, d.rel_path AS rel, row_number() OVER (ORDER BY f.path, d.rel_path) AS n, count(*) OVER () AS total
		FROM documents d JOIN folders f ON f.id = d.folder_id) WHERE (n - 1) * ?1 / total < n * ?1 / total`, sample).Scan(&list); err != nil {
		return nil, 0, fmt.Errorf("chunk sweep: %w", classify(err))
	}
	var docs [][]byte
	for parts := strings.Split(list, "\x00"); len(parts) > 1 && ctx.Err() == nil; parts = parts[2:] {
		if data, err := files.ReadInside(parts[0], filepath.Join(parts[0], filepath.FromSlash(parts[1]))); err == nil {
			docs = append(docs, data)
		}
	}
	if rows, err = chunker.Sweep(ctx, docs, maxes, base); err != nil {
		return nil, 0, fmt.Errorf("chunk sweep: %w", err)
	}
	return rows, len(docs), nil
}
