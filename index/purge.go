package index

import (
	"context"

	"folio/index/fts"
)

// Removed text leaves the search index by the cheaper of two ways for
// what an operation deletes (index/fts: exact deletes, or plain deletes
// and one merge).

// finishChanges ends an operation that changed the library: an owed merge
// is made (or asked for, optimize), and when text was removed or replaced
// the journal is written back and truncated.
func (ix *Index) finishChanges(ctx context.Context, replaced, optimize bool) error {
	pending, err := fts.PurgePending(ctx, ix.db)
	if err != nil {
		return err
	}
	if pending || optimize {
		if err := fts.MergeAll(ctx, ix.db); err != nil {
			return err
		}
	}
	if replaced || pending {
		ix.checkpoint()
	}
	return nil
}
