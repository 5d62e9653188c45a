package index

import (
	"context"
	"fmt"

	"folio/chunker"
	"folio/index/schema"
)

const (
	sqlSetMeta = `UPDATE documents SET tags = ?, aliases = ?, date = ?, meta = ? WHERE id = ?`
	sqlDelTags = `DELETE FROM tags WHERE doc_id = ?`
	sqlAddTag  = `INSERT OR IGNORE INTO tags(tag, doc_id) VALUES(?, ?)`
)

// writeMeta stores what a note says of itself beside its document row:
// the joined columns for showing it, the tags table for finding it.
func (w *writer) writeMeta(docID int64, m chunker.Meta) error {
	var date int64
	if !m.Date.IsZero() {
		date = m.Date.Unix()
		if date == 0 {
			date = 1 // the epoch itself is a date, not "none"
		}
	}
	if _, err := w.exec(sqlSetMeta, schema.JoinPath(m.Tags), schema.JoinPath(m.Aliases), date, chunker.MetaVersion, docID); err != nil {
		return err
	}
	if _, err := w.exec(sqlDelTags, docID); err != nil {
		return err
	}
	for _, t := range m.Tags {
		if _, err := w.exec(sqlAddTag, t, docID); err != nil {
			return err
		}
	}
	return nil
}

// updateMeta records the metadata of a note whose text did not change
// (a library written by an older Folio): its chunks stay as they are.
// Only when its aliases differ are its FTS rows rewritten, since the
// title column holds them; the chunks and their ids are untouched.
func (w *writer) updateMeta(p prepared) error {
	aliases := schema.JoinPath(p.doc.Meta.Aliases)
	if aliases != p.old.aliases {
		if _, err := deleteFTSRows(context.Background(), w, sqlChunksOfDoc, p.old.id); err != nil {
			return err
		}
	}
	if _, err := w.exec(`UPDATE documents SET mtime = ?, warnings = ? WHERE id = ?`, p.file.Mtime, p.warnings, p.old.id); err != nil {
		return err
	}
	if err := w.writeMeta(p.old.id, p.doc.Meta); err != nil {
		return err
	}
	if aliases == p.old.aliases {
		return nil
	}
	w.replaced = true
	rows, err := w.QueryContext(context.Background(), sqlChunksOfDoc, p.old.id)
	if err != nil {
		return err
	}
	type row struct {
		id                int64
		path, text, title string
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.path, &r.text, &r.title); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range all {
		cols := ftsColumns(schema.SplitPath(r.path), r.title, r.text)
		if _, err := w.exec(sqlInsertFTS, r.id, cols[0], cols[1], cols[2]); err != nil {
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

// Tags lists the library's tags, most used first (then by name).
func (ix *Index) Tags(ctx context.Context) ([]TagCount, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT tag, count(*) AS n FROM tags GROUP BY tag ORDER BY n DESC, tag`)
	if err != nil {
		return nil, wrapf("list tags", err)
	}
	defer rows.Close()
	var out []TagCount
	for rows.Next() {
		var t TagCount
		if err := rows.Scan(&t.Tag, &t.Documents); err != nil {
			return nil, wrapf("list tags", err)
		}
		out = append(out, t)
	}
	return out, wrapf("list tags", rows.Err())
}

// wrapf wraps a SQLite failure in words, with what was being done.
func wrapf(doing string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", doing, classify(err))
}
