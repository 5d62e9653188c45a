// Package upgrade brings a library written by an older Folio forward: its
// schema, its search index in this analyser's terms, its copies sharing
// rows. Each step goes on from where an interrupted one stopped, so a
// cancelled upgrade loses nothing and resumes the next time the library
// is opened. A new library is written at this version whole (Create).
package upgrade

import (
	"context"
	"database/sql"
	"fmt"

	"folio/index/dberr"
	"folio/index/fts"
	"folio/index/schema"
)

// Step is what an upgrade is doing, in words for the person waiting.
type Step string

const (
	Schema  Step = "Updating the library's format"
	Reindex Step = "Indexing every passage again for this version's word analysis"
	Copies  Step = "Finding passages that are copies of each other"
	Near    Step = "Finding passages that nearly copy others"
	// NearRows lets those near-copies share their first copy's row.
	NearRows Step = "Letting near-copies share one row"
	Compact  Step = "Compacting the search index"
)

// Progress hears each step as it starts and as it goes on: done of total
// passages, total 0 when the step cannot tell how far it is.
type Progress func(step Step, done, total int64)

// Needed reports a library this Folio must bring forward before use (not
// one a newer Folio wrote: that one cannot be opened at all).
func Needed(ctx context.Context, db *sql.DB) (bool, error) {
	var version int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return false, dberr.Classify(err)
	}
	if version != schema.Version {
		return version < schema.Version, nil
	}
	if outdated, err := fts.Outdated(ctx, db); err != nil || outdated {
		return outdated, err
	}
	if pending, err := fts.PlacePending(ctx, db); err != nil || pending {
		return pending, err
	}
	if pending, err := fts.KeyNearPending(ctx, db); err != nil || pending {
		return pending, err
	}
	return fts.ShareNearPending(ctx, db)
}

// Run migrates the schema, brings the search index to this analyser's
// terms, lets copies written before share their rows and keys their
// near-copies, then merges away the rows they gave up. A cancelled ctx
// stops it between batches.
func Run(ctx context.Context, db *sql.DB, progress Progress) error {
	step := func(s Step) fts.Progress {
		if progress == nil {
			return nil
		}
		progress(s, 0, 0)
		return func(done, total int64) { progress(s, done, total) }
	}
	var version int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return dberr.Classify(err)
	}
	if version < schema.Version {
		step(Schema)
		if err := migrate(ctx, db); err != nil {
			return err
		}
	}
	if outdated, err := fts.Outdated(ctx, db); err != nil {
		return err
	} else if outdated {
		if err := fts.Rebuild(ctx, db, step(Reindex)); err != nil {
			return err
		}
	}
	if pending, err := fts.PlacePending(ctx, db); err != nil {
		return err
	} else if pending {
		if err := fts.PlaceOld(ctx, db, step(Copies)); err != nil {
			return err
		}
	}
	if pending, err := fts.KeyNearPending(ctx, db); err != nil {
		return err
	} else if pending {
		if err := fts.KeyNearOld(ctx, db, step(Near)); err != nil {
			return err
		}
	}
	if pending, err := fts.ShareNearPending(ctx, db); err != nil {
		return err
	} else if pending {
		if err := fts.ShareNearOld(ctx, db, step(NearRows)); err != nil {
			return err
		}
	}
	// The rows the copies gave up leave the file now, also when the
	// library was opened only to read.
	if pending, err := fts.PurgePending(ctx, db); err != nil || !pending {
		return err
	}
	step(Compact)
	return fts.MergeAll(ctx, db)
}

// migrate runs schema.Migrations from the file's version on, each in one
// IMMEDIATE transaction that re-reads the version first, so two processes
// opening an old library at once migrate it once.
func migrate(ctx context.Context, db *sql.DB) error {
	for {
		tx, err := db.BeginTx(ctx, nil) // IMMEDIATE: holds the write lock
		if err != nil {
			return dberr.Classify(err)
		}
		var v int
		if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
			tx.Rollback()
			return dberr.Classify(err)
		}
		if v >= schema.Version {
			return tx.Rollback() // another process migrated it meanwhile
		}
		if _, err := tx.ExecContext(ctx, schema.Migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrate schema %d to %d: %w", v, v+1, dberr.Classify(err))
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			tx.Rollback()
			return dberr.Classify(err)
		}
		if err := tx.Commit(); err != nil {
			return dberr.Classify(err)
		}
	}
}
