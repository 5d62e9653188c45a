package index

import (
	"context"
	"fmt"
	"strconv"

	"folio/files"
)

// rootKey is the setting that holds a folder's identity at its last
// readable scan (files.RootIdentity): a settings row, so no schema change.
func rootKey(folderID int64) string { return "folder.root." + strconv.FormatInt(folderID, 10) }

// emptiedHere reports whether an empty root is the very folder the last
// scan listed, and not a mount point: its notes were deleted, it is not an
// unplugged drive. When unsure (no record yet, or a system that cannot
// tell) the answer is no, and the folder counts as offline.
func (ix *Index) emptiedHere(ctx context.Context, folderID int64, root string) bool {
	id, mount, ok := files.RootIdentity(root)
	if !ok || mount {
		return false
	}
	prev, found, err := ix.Setting(ctx, rootKey(folderID))
	return err == nil && found && prev == id
}

// recordRoot remembers the identity of a root a scan could list, writing
// only when it changed (a scan that changes nothing writes nothing).
func (ix *Index) recordRoot(ctx context.Context, folderID int64, root string) error {
	id, _, ok := files.RootIdentity(root)
	if !ok {
		return nil
	}
	prev, found, err := ix.Setting(ctx, rootKey(folderID))
	if err != nil || (found && prev == id) {
		return err
	}
	if _, err := ix.db.ExecContext(ctx, `INSERT OR REPLACE INTO settings(key, value) VALUES(?, ?)`, rootKey(folderID), id); err != nil {
		return fmt.Errorf("record the identity of %s: %w", root, classify(err))
	}
	return nil
}
