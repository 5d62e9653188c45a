package index

import (
	"context"

	"folio/index/session"
)

// A writing session is one process that opened the library for writing
// (index/session): a session left behind by a process that no longer runs
// means the library was not closed cleanly, and only then is it checked.

// WriterVersion is the Folio release that writes with this process,
// recorded in every library it opens for writing. The program sets it at
// start, before opening a library.
var WriterVersion = "dev"

// WrittenBySetting is the setting that holds the WriterVersion of the
// last process that opened the library for writing.
const WrittenBySetting = "folio.written_by"

func (ix *Index) startSession(ctx context.Context) error {
	var err error
	ix.sessionID, ix.unclean, err = session.Start(ctx, ix.db, WrittenBySetting, WriterVersion)
	return err
}

// Unclean reports that a process which wrote to the library ended without
// closing it; CheckUnclean verifies the file.
func (ix *Index) Unclean() bool { return ix.unclean }

// CheckUnclean runs a quick check when the library was not closed cleanly,
// and forgets the dead sessions once the file is found sound. A window
// runs it in the background; the command line before it writes.
func (ix *Index) CheckUnclean(ctx context.Context) error {
	if !ix.unclean {
		return nil
	}
	if err := ix.QuickCheck(ctx); err != nil {
		return err
	}
	if err := session.ForgetEnded(ctx, ix.db, ix.sessionID); err != nil {
		return err
	}
	ix.unclean = false
	return nil
}
