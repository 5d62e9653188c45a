package fts

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"folio/index/dberr"
)

// FTS5 writes each transaction's rows as a segment of its own, and its
// automerge leaves several side by side; a search reads every one of them
// for each word it looks up. On all of ../shared/corpus one small segment
// beside the library's made questions 10% slower (p99 +25%), and the six
// that seven folders added one by one left, 35–50% (README, Performance).
// Merging them into one costs about 5.6 µs per passage of the index
// whatever their number (0.47 s at 84,000 passages), so:
//
//   - an import or scan of a whole folder that wrote passages merges when
//     the index is in more than one segment: adding and rescanning folders
//     is what builds a library, and it is done now and then;
//   - a watcher's batch (a note saved) merges once the passages written
//     since the last merge come to a debtShare-th of the index, so merging
//     costs about what writing them did (some 60 µs a passage), and a
//     library edited all day is not merged at every save.
const debtShare = 10

// MergeDue adds written passages to those written since the last merge
// (fts.unmerged, which MergeAll clears) and reports whether the index is
// to be merged now: whole for an import or scan of a whole folder.
func MergeDue(ctx context.Context, db *sql.DB, written int, whole bool) (bool, error) {
	var unmerged, total int64
	err := db.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM settings WHERE key = 'fts.unmerged'), 0),
		(SELECT coalesce(sum(n_chunks), 0) FROM folders)`).Scan(&unmerged, &total)
	if err != nil {
		return false, dberr.Classify(err)
	}
	unmerged += int64(written)
	n := 0
	if whole || unmerged*debtShare >= total {
		if n, err = Segments(ctx, db); err != nil {
			return false, err
		}
		if n <= 1 {
			unmerged = 0 // in one segment already (an import in one transaction): nothing owed
		}
	}
	if _, err := db.ExecContext(ctx, `INSERT OR REPLACE INTO settings(key, value) VALUES('fts.unmerged', ?)`, strconv.FormatInt(unmerged, 10)); err != nil {
		return false, dberr.Classify(err)
	}
	return n > 1, nil
}

// Segments reads how many segments the search index is in from FTS5's
// structure record: a 4-byte cookie, a version marker in newer SQLites,
// then the number of levels and of segments as varints.
func Segments(ctx context.Context, db *sql.DB) (int, error) {
	var rec []byte
	err := db.QueryRowContext(ctx, `SELECT block FROM chunks_fts_data WHERE id = 10`).Scan(&rec)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	} else if err != nil {
		return 0, dberr.Classify(err)
	}
	i := 4
	if len(rec) >= 8 && string(rec[4:8]) == "\xff\x00\x00\x01" {
		i = 8
	}
	varint := func() int {
		v := 0
		for ; i < len(rec); i++ {
			v = v<<7 | int(rec[i]&0x7f)
			if rec[i] < 0x80 {
				i++
				break
			}
		}
		return v
	}
	varint() // levels
	return varint(), nil
}
