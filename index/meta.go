package index

import (
	"context"
	"fmt"

	"folio/index/fts"
	"folio/index/meta"
	"folio/index/schema"
)

// updateMeta records the metadata of a note whose text did not change
// (a library written by an older Folio): its chunks stay as they are.
// Only when its aliases differ are its FTS rows rewritten, since the
// title column holds them; the chunks and their ids are untouched.
func (w *writer) updateMeta(p prepared) error {
	rewrite := schema.JoinPath(p.doc.Meta.Aliases) != p.old.aliases
	if rewrite {
		// Out of the search index: its rows go, and copies elsewhere that
		// pointed at them get rows of their own.
		if err := fts.Unplace(context.Background(), w, `c.doc_id = ?`, p.old.id); err != nil {
			return err
		}
		w.replaced = true
	}
	if _, err := w.exec(`UPDATE documents SET mtime = ?, warnings = ? WHERE id = ?`, p.file.Mtime, p.warnings, p.old.id); err != nil {
		return err
	}
	if err := meta.Write(context.Background(), w, p.old.id, p.doc.Meta); err != nil || !rewrite {
		return err
	}
	// Back in under the new title, with the keys of their new columns.
	return fts.Rekey(context.Background(), w, `c.doc_id = ?`, p.old.id)
}

// TagCount is a tag and how many documents carry it.
type TagCount = meta.TagCount

// Tags lists the library's tags, most used first (then by name); with a
// folder's id (Folder.ID, not 0), that folder's only.
func (ix *Index) Tags(ctx context.Context, folderID int64) ([]TagCount, error) {
	tags, err := meta.Tags(ctx, ix.db, folderID)
	if err != nil {
		return nil, fmt.Errorf("list tags: %w", classify(err))
	}
	return tags, nil
}
