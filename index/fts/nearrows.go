package fts

import (
	"context"
	"database/sql"
	"strings"

	"folio/index/analyze"
	"folio/index/dberr"
)

// A near-copy shares its set's first row. Counting a near-copy once in
// the words' weights (near.go) left its row in the search index, and every
// row a question's words match is scored: in the million-passage library
// (twelve copies of the corpus, a line added to each file) the near-copies
// were 85% of the rows, and 59–79% of those the slowest questions
// matched. So a new passage that is a near-copy of an owner in another
// document (a key shared, as near.go finds them) becomes that owner's
// copy, as a twin does: it points at the owner's row (chunks.canon), is
// listed under the owner's results, and a filtered search reaches it
// through that row. What it says that the owner does not (a line at its
// start or end) gets a row of its own in near_fts, under its id: it is
// still found by the line it alone holds (a backup's date line, a page's
// footer).
//
// A near-twin is a copy whose twin key differs from its owner's (a twin's
// text is its owner's, so their keys are equal). Its row holds the lines
// its owner's text lacks, so a search that finds it there finds what the
// owner does not say, and it is weighed on its own. A library written
// before gives its near-copies' rows up once, at open (ShareNearOld).
const (
	nearInsertSQL = `INSERT INTO near_fts(rowid, heading, title, body) VALUES(?, '', '', ?)`
	nearDeleteSQL = `INSERT INTO near_fts(near_fts, rowid, heading, title, body) VALUES('delete', ?, '', '', ?)`
)

// NearTwinSQL is true for a chunk c that is a near-twin; its owner must
// still be in the chunks table.
const NearTwinSQL = `(c.canon != c.id AND c.canon != 0 AND c.twin_key != coalesce((SELECT o.twin_key FROM chunks o WHERE o.id = c.canon), c.twin_key))`

// Edges is what a near-twin's own row holds: its lines that its owner's
// text does not hold, analysed. Both are in the chunks table for as long
// as the row is (an owner's text never changes, and Detach removes its
// near-twins' rows while it is still there), so a delete writes the same.
func Edges(text, owner string) string {
	have := map[string]bool{}
	for _, l := range strings.Split(owner, "\n") {
		have[strings.TrimSpace(l)] = true
	}
	var own []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !have[l] {
			own = append(own, l)
		}
	}
	return analyze.IndexText(strings.Join(own, "\n"))
}

// ownerTextSQL is a near-twin c's owner's text (” for any other chunk).
const ownerTextSQL = `CASE WHEN ` + NearTwinSQL + ` THEN (SELECT o.text FROM chunks o WHERE o.id = c.canon) ELSE '' END`

// nearOwnerSQL finds an earlier owner in another document sharing a key
// with a chunk, as nearSQL does, taking only owners of rows.
var nearOwnerSQL [3]string

func init() {
	for n := range 3 {
		keys := []string{"?3", "?4", "?5"}[:n+1]
		q := `SELECT n.chunk FROM near_keys n JOIN chunks o ON o.id = n.chunk
			WHERE n.key IN (` + strings.Join(keys, ", ") + `) AND n.chunk < ?1 AND o.doc_id != ?2 AND o.canon = o.id`
		if n > 0 {
			q += ` UNION SELECT o.id FROM chunks o WHERE o.twin_key IN (` + strings.Join(keys[1:], ", ") + `) AND o.canon = o.id
				AND o.id < ?1 AND o.doc_id != ?2`
		}
		nearOwnerSQL[n] = q + ` ORDER BY 1 LIMIT 1`
	}
}

// nearOwner is the owner whose row a chunk (its id, document, twin key
// and near-copy parts set) shares as a near-twin, or 0. k, when given,
// spares the look-up for a chunk none of whose keys the library holds.
func nearOwner(ctx context.Context, tx Execer, c *Chunk, parts []int64, k *OwnerKeys) (int64, error) {
	if !keyed(c) {
		return 0, nil
	}
	if k != nil {
		maybe := k.parts.mayHave(c.Key)
		for _, p := range parts {
			maybe = maybe || k.parts.mayHave(p) || k.MayHave(p)
		}
		if !maybe {
			return 0, nil
		}
	}
	var owner int64
	err := queryRow(ctx, tx, nearOwnerSQL[len(parts)], nearArgs(c, parts)...).Scan(&owner)
	if isNoRows(err) {
		return 0, nil
	}
	return owner, err
}

// placeNearTwin writes the edge row of c, owner's near-twin; the caller
// writes canon.
func placeNearTwin(ctx context.Context, tx Execer, c *Chunk, owner int64) error {
	var text string
	if err := queryRow(ctx, tx, `SELECT text FROM chunks WHERE id = ?`, owner).Scan(&text); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, nearInsertSQL, c.ID, Edges(c.Text, text))
	return err
}

// unplaceNearTwins deletes the edge rows of the near-twins among chunks
// (read with their owners' text), once each.
func unplaceNearTwins(ctx context.Context, tx Execer, all []Chunk, done map[int64]bool) error {
	for i := range all {
		c := &all[i]
		if c.OwnerText == "" || done[c.ID] {
			continue
		}
		done[c.ID] = true
		if _, err := tx.ExecContext(ctx, nearDeleteSQL, c.ID, Edges(c.Text, c.OwnerText)); err != nil {
			return err
		}
	}
	return nil
}

// ShareNearOld makes the near-copies of a library written before they
// shared rows (those listed in near; fts.nearrows_from, set by schema 7's
// migration) near-twins, in id order and batches that survive an
// interruption, as an import would have: each gives up its row for its
// earliest owner's, and it and its twins get rows of the lines they add.
// The rows given up are plain deletes with the merge owed, as PlaceOld's.
// It runs after KeyNearOld, which lists an older library's near-copies.
func ShareNearOld(ctx context.Context, db *sql.DB, progress Progress) error {
	return walkOld(ctx, db, progress, oldWalk{
		setting: "fts.nearrows_from",
		counted: `c.id IN (SELECT id FROM near) OR c.id <= ?1 AND c.canon != c.id AND ` + NearTwinSQL,
		left:    `c.id IN (SELECT id FROM near) AND c.canon = c.id`,
		what:    "share the rows of near-copies",
		batch: func(ctx context.Context, tx *sql.Tx) func(c *Chunk) error {
			shared := false
			return func(c *Chunk) error {
				parts := nearParts(c)
				owner, err := nearOwner(ctx, tx, c, parts, nil)
				if err != nil || owner == 0 {
					if err == nil {
						err = reweighNear(ctx, tx, c.ID) // its set's first is gone
					}
					return err
				}
				if !shared {
					if err := SetPurgeMode(ctx, tx, Merge); err != nil {
						return err
					}
					shared = true
				}
				cols := c.columns()
				if _, err := tx.ExecContext(ctx, DeleteSQL, c.ID, cols[0], cols[1], cols[2]); err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, `DELETE FROM near WHERE id = ?`, c.ID); err != nil {
					return err
				}
				for _, k := range parts {
					if _, err := tx.ExecContext(ctx, `DELETE FROM near_keys WHERE key = ? AND chunk = ?`, k, c.ID); err != nil {
						return err
					}
				}
				copies, err := readChunks(ctx, tx, `c.canon = ?`, 0, c.ID)
				if err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, `UPDATE chunks SET canon = ? WHERE canon = ?`, owner, c.ID); err != nil {
					return err
				}
				for i := range copies {
					if err := placeNearTwin(ctx, tx, &copies[i], owner); err != nil {
						return err
					}
				}
				return nil
			}
		},
	})
}

// ShareNearPending reports a library whose older near-copies still have
// rows of their own.
func ShareNearPending(ctx context.Context, db *sql.DB) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM settings WHERE key = 'fts.nearrows_from'`).Scan(&n)
	return n > 0, dberr.Classify(err)
}

// Check runs FTS5's own checks of both tables (an INSERT command, though
// it changes nothing: only when write) and counts the chunks and rows out
// of step: a row without its owner, a chunk found through no row, and a
// near-twin without its own row or the reverse.
func Check(ctx context.Context, db *sql.DB, write bool) (int, error) {
	for _, t := range []string{"chunks_fts", "near_fts"} {
		if !write {
			break
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO "+t+"("+t+") VALUES('integrity-check')"); err != nil {
			return 0, err
		}
	}
	var off int
	err := db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM chunks_fts WHERE rowid NOT IN (SELECT id FROM chunks WHERE canon = id)) +
		(SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunks o WHERE o.id = c.canon AND o.canon = o.id)) +
		abs((SELECT count(*) FROM chunks WHERE canon = id) - (SELECT count(*) FROM chunks_fts)) +
		abs((SELECT count(*) FROM chunks c WHERE `+NearTwinSQL+`) - (SELECT count(*) FROM near_fts))`).Scan(&off)
	return off, err
}
