package fts

import (
	"context"
	"strings"

	"folio/index/analyze"
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
// owner does not say, and it is weighed on its own. Libraries written before
// keep their near-copies' rows (listed in near, counted once).
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
