package fts

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"folio/index/dberr"
)

// Near-copies count once in the words' weights. A passage found in
// another document with a line more or less at its start or end (a backup
// of a folder with a date line added, a page exported again with a
// footer) is not a twin: its text differs, so it keeps a row of its own
// and is found by what it alone says. Its other words, though, would be
// counted again in every copy by the statistics words are weighed by
// (index/termstats), so a library holding a few such copies of some
// folders weighed those folders' words as common and the others' as rare:
// the million-passage benchmark library (twelve copies of the corpus, a
// line added to each file) answered 0.668 of the development questions in
// the first five, against 0.692 for one copy, and answers 0.700 with its
// near-copies counted once (README, Ranking).
//
// A row's owner has up to three keys: its twin key (Key of its text), and
// Key of its text without its first and without its last line, those two
// only when what is left is most of the passage (nearShare of it, and
// nearMin bytes at least, as index/dedup asks of a line more or less).
// The twin key is indexed already (chunks_twin); near_keys holds the
// other two. Two owners in different documents that share a key are
// near-copies; of a set, the one with the smallest id is counted and the
// others are listed in near, which termstats subtracts.
const (
	nearMin   = 40
	nearShare = 2.0 / 3
)

// nearParts are the keys of the chunk's text without its first and
// without its last line, when most of it is left.
func nearParts(c *Chunk) []int64 {
	t := strings.TrimSpace(c.Text)
	if c.Key == 0 || len(t) < nearMin {
		return nil
	}
	var parts []int64
	most := func(part string) bool {
		return len(part) >= nearMin && float64(len(part)) >= nearShare*float64(len(t))
	}
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		if rest := strings.TrimSpace(t[i+1:]); most(rest) {
			parts = append(parts, Key(c.Path, c.Title, rest, c.Sample))
		}
		if rest := strings.TrimSpace(t[:strings.LastIndexByte(t, '\n')]); most(rest) {
			parts = append(parts, Key(c.Path, c.Title, rest, c.Sample))
		}
	}
	return parts
}

// keyed reports a chunk that near-copies can be found for: an owner of
// nearMin bytes at least, keyed.
func keyed(c *Chunk) bool { return c.Key != 0 && len(strings.TrimSpace(c.Text)) >= nearMin }

// nearSQL finds the owners in other documents sharing a key with a chunk
// that has n parts, of smaller ids (before) or larger (after): those whose
// parts are its twin key or one of its parts, and those whose twin key is
// one of its parts. Its arguments are nearArgs: ?1 the chunk's id, ?2 its
// document, ?3 its twin key, ?4 and ?5 its parts.
func nearSQL(n int, cmp string) string {
	keys := []string{"?3", "?4", "?5"}[:n+1]
	q := `SELECT n.chunk FROM near_keys n JOIN chunks o ON o.id = n.chunk
		WHERE n.key IN (` + strings.Join(keys, ", ") + `) AND n.chunk ` + cmp + ` ?1 AND o.doc_id != ?2`
	if n > 0 {
		q += ` UNION SELECT o.id FROM chunks o WHERE o.twin_key IN (` + strings.Join(keys[1:], ", ") + `) AND o.canon = o.id
			AND o.id ` + cmp + ` ?1 AND o.doc_id != ?2`
	}
	return q
}

var sqlNearKeys, sqlNearBefore, sqlNearAfter [3]string

func init() {
	for n := range 3 {
		if n > 0 {
			sqlNearKeys[n] = `INSERT OR IGNORE INTO near_keys(key, chunk) VALUES ` + strings.Repeat(",(?, ?)", n)[1:]
		}
		sqlNearBefore[n] = nearSQL(n, "<") + ` LIMIT 1`
		sqlNearAfter[n] = `INSERT OR IGNORE INTO near(id) ` + nearSQL(n, ">")
	}
}

// nearArgs are the chunk's id and document (?1, ?2), its twin key and
// its parts.
func nearArgs(c *Chunk, parts []int64) []any {
	args := []any{c.ID, c.Doc, c.Key}
	for _, k := range parts {
		args = append(args, k)
	}
	return args
}

// isNear reports an earlier owner in another document sharing a key.
func isNear(ctx context.Context, tx Execer, c *Chunk, parts []int64) (bool, error) {
	var id int64
	err := queryRow(ctx, tx, sqlNearBefore[len(parts)], nearArgs(c, parts)...).Scan(&id)
	if isNoRows(err) {
		return false, nil
	}
	return err == nil, err
}

// placeNear keys a new owner's row and lists it in near when an earlier
// owner in another document is its near-copy. A new row's id is the
// largest, so only an owner placed again (Attach: copies given the row
// back, a note re-titled) can also make later rows near-copies: later
// says so. An import's keys (k, nil elsewhere) spare the look-up for a
// chunk none of whose keys the library holds, most of them.
func placeNear(ctx context.Context, tx Execer, c *Chunk, later bool, k *OwnerKeys) error {
	if !keyed(c) {
		return nil
	}
	parts := nearParts(c)
	if len(parts) > 0 {
		args := make([]any, 0, 2*len(parts))
		for _, p := range parts {
			args = append(args, p, c.ID)
		}
		if _, err := tx.ExecContext(ctx, sqlNearKeys[len(parts)], args...); err != nil {
			return err
		}
	}
	if later {
		if _, err := tx.ExecContext(ctx, sqlNearAfter[len(parts)], nearArgs(c, parts)...); err != nil {
			return err
		}
	}
	maybe := k == nil || k.parts.mayHave(c.Key)
	for _, p := range parts {
		maybe = maybe || k.parts.mayHave(p) || k.MayHave(p)
	}
	if k != nil {
		for _, p := range parts {
			k.parts.add(p)
		}
	}
	if !maybe {
		return nil
	}
	near, err := isNear(ctx, tx, c, parts)
	if err != nil || !near {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT OR IGNORE INTO near(id) VALUES(?)`, c.ID)
	return err
}

// unplaceNear takes removed owners' rows out of near_keys and near, then
// weighs again the owners listed in near that shared a key with one: one
// that was a near-copy only of a removed row is counted now. The removed
// chunks are still in the chunks table (Detach); those that shared a key
// are taken for owners no longer (canon 0, as Unplace leaves them and
// before their callers delete them).
func unplaceNear(ctx context.Context, tx Execer, removed []Chunk) error {
	// Each key of a removed owner, and the owners that had it.
	owners := map[int64][]int64{}
	for i := range removed {
		c := &removed[i]
		if !keyed(c) {
			continue
		}
		parts := nearParts(c)
		for _, k := range parts {
			if _, err := tx.ExecContext(ctx, `DELETE FROM near_keys WHERE key = ? AND chunk = ?`, k, c.ID); err != nil {
				return err
			}
		}
		for _, k := range append(parts, c.Key) {
			owners[k] = append(owners[k], c.ID)
		}
	}
	// Most libraries hold no near-copies: then only the keys go.
	var some int
	if err := queryRow(ctx, tx, `SELECT count(*) FROM (SELECT 1 FROM near LIMIT 1)`).Scan(&some); err != nil || some == 0 {
		return err
	}
	keys := make([]any, 0, len(owners))
	for k := range owners {
		keys = append(keys, k)
	}
	gone := map[int64]bool{}
	for i := range removed {
		gone[removed[i].ID] = true
	}
	type match struct{ id, key int64 }
	var found []match
	for len(keys) > 0 {
		batch := keys[:min(len(keys), 500)]
		keys = keys[len(batch):]
		in := strings.Repeat(",?", len(batch))[1:]
		// The owners in near whose parts are one of the keys, or whose
		// twin key is.
		rows, err := tx.QueryContext(ctx, `SELECT n.chunk, n.key FROM near_keys n JOIN near ON near.id = n.chunk WHERE n.key IN (`+in+`)
			UNION SELECT o.id, o.twin_key FROM chunks o JOIN near ON near.id = o.id WHERE o.twin_key IN (`+in+`) AND o.canon = o.id`,
			append(batch, batch...)...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var m match
			if err := rows.Scan(&m.id, &m.key); err != nil {
				rows.Close()
				return err
			}
			if !gone[m.id] {
				found = append(found, m)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for _, m := range found {
		for _, o := range owners[m.key] {
			if _, err := tx.ExecContext(ctx, `UPDATE chunks SET canon = 0 WHERE id = ? AND canon = id`, o); err != nil {
				return err
			}
		}
	}
	for i := range removed {
		if _, err := tx.ExecContext(ctx, `DELETE FROM near WHERE id = ?`, removed[i].ID); err != nil {
			return err
		}
	}
	for _, m := range found {
		if err := reweighNear(ctx, tx, m.id); err != nil {
			return err
		}
	}
	return nil
}

// reweighNear keeps an owner in near only while an earlier owner in
// another document still shares one of its keys.
func reweighNear(ctx context.Context, tx Execer, id int64) error {
	all, err := readChunks(ctx, tx, `c.id = ?`, 1, id)
	if err != nil || len(all) == 0 {
		return err
	}
	if near, err := isNear(ctx, tx, &all[0], nearParts(&all[0])); err != nil || near {
		return err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM near WHERE id = ?`, id)
	return err
}

// KeyNearOld keys the owners of a library written before near-copies
// were (fts.near_from, set by schema 6's migration), in id order and
// batches that survive an interruption, as an import would have: each
// owner's parts go into near_keys, and one with an earlier owner in
// another document sharing a key goes into near. Without it, a backup
// imported before the upgrade went on weighing its folder's words twice.
// It runs after PlaceOld, which gives the oldest rows their twin keys.
func KeyNearOld(ctx context.Context, db *sql.DB, progress Progress) error {
	return walkOld(ctx, db, progress, oldWalk{
		setting: "fts.near_from",
		counted: `c.canon = c.id`,
		left:    `c.canon = c.id`,
		what:    "find the near-copies of older passages",
		batch: func(ctx context.Context, tx *sql.Tx) func(c *Chunk) error {
			// In id order, every earlier owner is keyed by now, so looking
			// back finds a set's first as an import would.
			return func(c *Chunk) error { return placeNear(ctx, tx, c, false, nil) }
		},
	})
}

// KeyNearPending reports a library whose older owners have no near-copy
// keys yet.
func KeyNearPending(ctx context.Context, db *sql.DB) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM settings WHERE key = 'fts.near_from'`).Scan(&n)
	return n > 0, dberr.Classify(err)
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
