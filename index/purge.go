package index

import (
	"context"

	"folio/index/fts"
)

// Removed text leaves the search index by the cheaper of two ways for
// what an operation deletes (index/fts: exact deletes, or plain deletes
// and one merge).

// finishChanges ends an operation that changed the library, which wrote
// written passages (whole: a scan of a whole folder, not cancelled): an
// owed merge is made, or one fts.MergeDue asks for, and when text was
// removed or replaced the journal is written back and truncated.
func (ix *Index) finishChanges(ctx context.Context, replaced bool, written int, whole bool) error {
	pending, err := fts.PurgePending(ctx, ix.db)
	if err == nil && !pending && (written > 0 || whole) {
		pending, err = fts.MergeDue(ctx, ix.db, written, whole)
	}
	if err != nil {
		return err
	}
	if pending {
		if err := fts.MergeAll(ctx, ix.db); err != nil {
			return err
		}
	}
	if replaced || pending {
		ix.checkpoint()
	}
	return nil
}
