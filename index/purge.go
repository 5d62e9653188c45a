package index

import (
	"context"

	"folio/index/fts"
)

// finishChanges ends an operation that changed the library and wrote
// written passages (whole: all of a folder scanned, not cancelled): a
// merge owed by removed text (index/fts: exact deletes, or plain ones and
// a merge) or one fts.MergeDue asks for is made, and when text was removed
// or replaced the journal is written back and truncated.
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
