package fts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"folio/index/dberr"
	"folio/index/schema"
)

// Copies share one FTS row. A passage found word for word (same heading
// path, title and text) in another document of a library of the same kind
// (the sample library or the user's own) is that document's twin: it
// points at the first copy's row (chunks.canon) instead of adding a row of
// its own. A library holding a folder twice, or twelve copies of a corpus,
// then has the search index, the bm25 statistics and the first stage's
// costs of one copy; before, a word in every copy had twelve times the
// postings and the first stage's budgets reached fewer of a question's
// words. Copies within one document keep their own rows, so a file's
// repeated passage is still found where it is.
//
// chunks.canon is the id of the chunk whose FTS row holds the passage (its
// own id for the row's owner); chunks.twin_key is Key of its columns (0 in
// a library written before twins, which never match).

// Key is the twin key of a chunk's heading path (stored form), FTS title
// and text, and its library's kind; never 0.
func Key(path, title, text string, sample bool) int64 {
	h := fnv.New64a()
	kind := "u"
	if sample {
		kind = "s"
	}
	for _, s := range []string{kind, path, title, text} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return int64(h.Sum64() | 1)
}

// Chunk is what placing a chunk needs: its row id, its document, its
// stored heading path and text, its FTS columns (analysed when first
// needed) and its twin key; read back, also its canon, its document's FTS
// title, its library's kind and a near-twin's owner's text.
type Chunk struct {
	ID, Doc, Canon int64
	Path, Text     string
	Title          string
	Sample         bool
	OwnerText      string // a near-twin's owner's text (nearrows.go)
	Cols           [3]string
	Key            int64
	analysed       bool
}

// columns are the chunk's FTS columns.
func (c *Chunk) columns() [3]string {
	if !c.analysed && c.Cols == ([3]string{}) {
		c.Cols, c.analysed = Columns(schema.SplitPath(c.Path), c.Title, c.Text), true
	}
	return c.Cols
}

// readChunks reads the chunks a condition on c (chunks), d (documents)
// and f (folders) selects, in id order, at most limit (0: all).
func readChunks(ctx context.Context, tx Execer, cond string, limit int, args ...any) ([]Chunk, error) {
	q := `SELECT c.id, c.doc_id, c.canon, c.path, c.text, ` + schema.FTSTitleSQL + `, c.twin_key, f.sample != 0, ` + ownerTextSQL + `
		FROM chunks c JOIN documents d ON d.id = c.doc_id JOIN folders f ON f.id = d.folder_id WHERE ` + cond + ` ORDER BY c.id`
	if limit > 0 {
		q += ` LIMIT ` + strconv.Itoa(limit)
	}
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []Chunk
	for rows.Next() {
		var c Chunk
		if err := rows.Scan(&c.ID, &c.Doc, &c.Canon, &c.Path, &c.Text, &c.Title, &c.Key, &c.Sample, &c.OwnerText); err != nil {
			return nil, err
		}
		all = append(all, c)
	}
	return all, rows.Err()
}

const sqlFindOwner = `SELECT c.id FROM chunks c
	WHERE c.twin_key = ? AND c.canon = c.id AND c.doc_id != ? AND c.path = ? AND c.text = ? LIMIT 1`

// Owner is the chunk whose row already holds c's passage, in another
// document, or 0. The key covers the title and library kind; path and
// text are compared too, so a hash collision cannot join two passages.
func Owner(ctx context.Context, tx Execer, c Chunk) (int64, error) {
	if c.Key == 0 { // a chunk of an older library: its title is in no key
		return 0, nil
	}
	var owner int64
	err := queryRow(ctx, tx, sqlFindOwner, c.Key, c.Doc, c.Path, c.Text).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return owner, err
}

// Attach places a stored chunk in the search index: the twin or near-twin
// of a copy in another document whose row already holds it, or the owner
// of a new row.
func Attach(ctx context.Context, tx Execer, c Chunk) error {
	owner, err := Owner(ctx, tx, c)
	if err == nil && owner == 0 {
		if owner, err = nearOwner(ctx, tx, &c, nearParts(&c), nil); err == nil && owner != 0 {
			err = placeNearTwin(ctx, tx, &c, owner)
		}
	}
	if err != nil {
		return err
	}
	if owner != 0 {
		_, err = tx.ExecContext(ctx, `UPDATE chunks SET canon = ?, twin_key = ? WHERE id = ?`, owner, c.Key, c.ID)
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE chunks SET canon = id, twin_key = ? WHERE id = ?`, c.Key, c.ID); err != nil {
		return err
	}
	cols := c.columns()
	if _, err = tx.ExecContext(ctx, InsertSQL, c.ID, cols[0], cols[1], cols[2]); err != nil {
		return err
	}
	return placeNear(ctx, tx, &c, true, nil)
}

func queryRow(ctx context.Context, tx Execer, q string, args ...any) *rowScanner {
	rows, err := tx.QueryContext(ctx, q, args...)
	return &rowScanner{rows, err}
}

type rowScanner struct {
	rows *sql.Rows
	err  error
}

func (r *rowScanner) Scan(dst ...any) error {
	if r.err != nil {
		return r.err
	}
	defer r.rows.Close()
	if !r.rows.Next() {
		if err := r.rows.Err(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	return r.rows.Scan(dst...)
}

// Detach removes the FTS rows that the chunks a condition (as for
// readChunks) selects own, and returns how many chunks it selected and
// the ids of the rows removed: once the chunks are gone (or re-keyed),
// Adopt gives those rows' other copies a row again.
func Detach(ctx context.Context, tx Execer, cond string, args ...any) (int, []int64, error) {
	all, err := readChunks(ctx, tx, cond, 0, args...)
	if err != nil {
		return 0, nil, err
	}
	var ids []int64
	var owners []Chunk
	done := map[int64]bool{}
	if err := unplaceNearTwins(ctx, tx, all, done); err != nil {
		return 0, nil, err
	}
	for i := range all {
		c := &all[i]
		if c.Canon != c.ID {
			continue // a copy: its owner's row stays
		}
		cols := c.columns()
		if _, err := tx.ExecContext(ctx, DeleteSQL, c.ID, cols[0], cols[1], cols[2]); err != nil {
			return 0, nil, err
		}
		ids = append(ids, c.ID)
		owners = append(owners, *c)
	}
	// The near-twins of the rows removed lose their edge rows too: Adopt
	// places them again, as it does the twins.
	for rest := ids; len(rest) > 0; {
		batch := rest[:min(len(rest), 500)]
		rest = rest[len(batch):]
		args := make([]any, len(batch))
		for i, id := range batch {
			args[i] = id
		}
		copies, err := readChunks(ctx, tx, `c.canon IN (`+strings.Repeat(",?", len(batch))[1:]+`) AND c.id != c.canon`, 0, args...)
		if err == nil {
			err = unplaceNearTwins(ctx, tx, copies, done)
		}
		if err != nil {
			return 0, nil, err
		}
	}
	return len(all), ids, unplaceNear(ctx, tx, owners)
}

// Adopt places again, in id order, the chunks that still point at rows
// Detach removed: the first of a set of copies gets the row back, the
// others become its twins (or keep a row of their own when in its
// document).
func Adopt(ctx context.Context, tx Execer, removed []int64) error {
	for len(removed) > 0 {
		batch := removed[:min(len(removed), 500)]
		removed = removed[len(batch):]
		in := strings.Repeat(",?", len(batch))[1:]
		args := make([]any, len(batch))
		for i, id := range batch {
			args[i] = id
		}
		orphans, err := readChunks(ctx, tx, `c.canon IN (`+in+`)`, 0, args...)
		if err != nil {
			return err
		}
		if len(orphans) == 0 {
			continue
		}
		// None is an owner until placed, so none is taken for one.
		if _, err := tx.ExecContext(ctx, `UPDATE chunks SET canon = 0 WHERE canon IN (`+in+`)`, args...); err != nil {
			return err
		}
		for _, c := range orphans {
			if err := Attach(ctx, tx, c); err != nil {
				return err
			}
		}
	}
	return nil
}

// Rekey places the chunks a condition (as for readChunks) selects again
// after their title or their library's kind changed: each gets the key of
// its columns now and joins a copy elsewhere or owns a row. Their old
// rows must be gone and no chunk elsewhere may point at them (Unplace).
func Rekey(ctx context.Context, tx Execer, cond string, args ...any) error {
	all, err := readChunks(ctx, tx, cond, 0, args...)
	if err != nil {
		return err
	}
	for _, c := range all {
		c.Key = Key(c.Path, c.Title, c.Text, c.Sample)
		if err := Attach(ctx, tx, c); err != nil {
			return err
		}
	}
	return nil
}

// OwnerKeys are the twin keys of the rows' owners when the writer began,
// and of those it added: a key in neither has no owner to look up, which
// spares most chunks of an import the look-up (about 15 µs each on a
// writer's one goroutine). An owner another process adds meanwhile is
// missed, and the copy then gets a row of its own: never a wrong result.
// The near-copies' keys (near.go) are kept the same way.
type OwnerKeys struct {
	keySet
	parts keySet
}

// keySet is a set of keys read sorted from the library, and those added.
type keySet struct {
	sorted []int64
	added  map[int64]struct{}
}

func (s *keySet) mayHave(key int64) bool {
	if _, ok := s.added[key]; ok {
		return true
	}
	_, found := slices.BinarySearch(s.sorted, key)
	return found
}

func (s *keySet) add(key int64) {
	if s.added == nil {
		s.added = map[int64]struct{}{}
	}
	s.added[key] = struct{}{}
}

// read adds a column of keys, read in order.
func (s *keySet) read(ctx context.Context, tx Execer, q string) error {
	rows, err := tx.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var key int64
		if err := rows.Scan(&key); err != nil {
			return err
		}
		s.sorted = append(s.sorted, key)
	}
	return rows.Err()
}

// LoadOwnerKeys reads the library's owner keys and near-copy keys.
func LoadOwnerKeys(ctx context.Context, tx Execer) (*OwnerKeys, error) {
	k := &OwnerKeys{}
	if err := k.read(ctx, tx, `SELECT twin_key FROM chunks WHERE canon = id AND twin_key != 0 ORDER BY twin_key`); err != nil {
		return nil, err
	}
	return k, k.parts.read(ctx, tx, `SELECT key FROM near_keys ORDER BY key`)
}

// MayHave reports whether an owner with the key may exist.
func (k *OwnerKeys) MayHave(key int64) bool { return k.mayHave(key) }

// Add records an owner the caller wrote.
func (k *OwnerKeys) Add(key int64) { k.add(key) }

// Unplace takes the chunks a condition on c (chunks) and d (documents)
// selects out of the search index, keeping them: their rows go, copies
// elsewhere that pointed at them get rows of their own, and they point at
// nothing (canon 0) until Rekey places them again.
func Unplace(ctx context.Context, tx Execer, cond string, args ...any) error {
	_, owned, err := Detach(ctx, tx, cond, args...)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE chunks SET canon = 0 WHERE id IN (SELECT c.id FROM chunks c
		JOIN documents d ON d.id = c.doc_id JOIN folders f ON f.id = d.folder_id WHERE `+cond+`)`, args...); err != nil {
		return err
	}
	return Adopt(ctx, tx, owned)
}

// RekeyFolder places a folder's chunks again when its kind of library
// changed (the sample's passages never share the user's rows).
func RekeyFolder(ctx context.Context, tx Execer, folderID int64) error {
	if err := Unplace(ctx, tx, `d.folder_id = ?`, folderID); err != nil {
		return err
	}
	return Rekey(ctx, tx, `d.folder_id = ?`, folderID)
}

// Twins are the chunks that share the rows of these owners, at most max
// of each (a folder of thousands of identical notes lists the first: reading
// them all would cost more than a search), in id order, with their owners.
func Twins(ctx context.Context, q Execer, owners []int64, max int) (map[int64]int64, []any, error) {
	if len(owners) == 0 {
		return nil, nil, nil
	}
	args := make([]any, 0, len(owners)+1)
	for _, id := range owners {
		args = append(args, id)
	}
	rows, err := q.QueryContext(ctx, `SELECT id, canon FROM (SELECT id, canon, row_number() OVER (PARTITION BY canon ORDER BY id) AS n
		FROM chunks WHERE canon IN (`+strings.Repeat(",?", len(owners))[1:]+`) AND id != canon) WHERE n <= ? ORDER BY id`, append(args, max)...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	ownerOf := map[int64]int64{}
	var twins []any
	for rows.Next() {
		var id, canon int64
		if err := rows.Scan(&id, &canon); err != nil {
			return nil, nil, err
		}
		ownerOf[id] = canon
		twins = append(twins, id)
	}
	return ownerOf, twins, rows.Err()
}

// Place decides where a new chunk's passage is found, before its chunk
// row is written: the row of a copy in another document, or a row of its
// own, written here. It returns the chunk's canon.
func (k *OwnerKeys) Place(ctx context.Context, tx Execer, c Chunk) (int64, error) {
	if k.MayHave(c.Key) {
		owner, err := Owner(ctx, tx, c)
		if err != nil || owner != 0 {
			return owner, err
		}
	}
	owner, err := nearOwner(ctx, tx, &c, nearParts(&c), k)
	if err == nil && owner != 0 {
		err = placeNearTwin(ctx, tx, &c, owner)
	}
	if err != nil || owner != 0 {
		return owner, err
	}
	k.Add(c.Key)
	cols := c.columns()
	if _, err := tx.ExecContext(ctx, InsertSQL, c.ID, cols[0], cols[1], cols[2]); err != nil {
		return 0, err
	}
	return c.ID, placeNear(ctx, tx, &c, false, k)
}

// PlaceOld keys the chunks of a library written before copies shared rows
// (fts.place_from, set by schema 4's migration), in id order and batches
// that survive an interruption: the first of a set of copies keeps its
// row, the others give theirs up and share it, so the library costs what
// it would imported now. The rows given up are plain deletes with the
// merge owed (the passages stay in the library, so nothing removed
// lingers); whoever opened the library makes the merge.
func PlaceOld(ctx context.Context, db *sql.DB, progress Progress) error {
	return walkOld(ctx, db, progress, oldWalk{
		setting: "fts.place_from",
		// Those looked at before an interruption (up to place_from), and
		// those left: each chunk looked at gets its key (never 0).
		counted: `c.id <= ?1 OR c.canon = c.id AND c.twin_key = 0`,
		left:    `c.canon = c.id AND c.twin_key = 0`,
		what:    "share the rows of copies",
		batch: func(ctx context.Context, tx *sql.Tx) func(o *Chunk) error {
			shared := false
			return func(o *Chunk) error {
				o.Key = Key(o.Path, o.Title, o.Text, o.Sample)
				owner, err := Owner(ctx, tx, *o)
				if err != nil {
					return err
				}
				if owner == 0 {
					_, err = tx.ExecContext(ctx, `UPDATE chunks SET twin_key = ? WHERE id = ?`, o.Key, o.ID)
					return err
				}
				if !shared {
					if err := SetPurgeMode(ctx, tx, Merge); err != nil {
						return err
					}
					shared = true
				}
				cols := o.columns()
				if _, err = tx.ExecContext(ctx, DeleteSQL, o.ID, cols[0], cols[1], cols[2]); err == nil {
					_, err = tx.ExecContext(ctx, `UPDATE chunks SET canon = ?, twin_key = ? WHERE id = ?`, owner, o.Key, o.ID)
				}
				return err
			}
		},
	})
}

// oldWalk is a step of an upgrade that goes through the chunks of a
// library written before, in id order and batches that survive an
// interruption: setting holds the last id done, and is gone once all are.
type oldWalk struct {
	setting string
	counted string // the chunks the step counts, done (id ≤ ?1) or left
	left    string // the chunks left to go through, after the last done
	what    string // what the step does, for its error
	// batch makes what is done to each chunk of a batch, in its
	// transaction.
	batch func(ctx context.Context, tx *sql.Tx) func(c *Chunk) error
}

// walkOld runs w, reporting how far it has come, until every chunk is
// done or ctx is cancelled (between batches).
func walkOld(ctx context.Context, db *sql.DB, progress Progress, w oldWalk) error {
	var from string
	err := db.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, w.setting).Scan(&from)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	var count counted
	if err == nil {
		last, _ := strconv.ParseInt(from, 10, 64)
		count, err = countOwners(ctx, db, w.counted, last)
	}
	for err == nil {
		count.report(progress)
		var n int64
		var done bool
		n, done, err = walkBatch(ctx, db, w)
		count.done += n
		if err == nil && done {
			count.report(progress)
			return nil
		}
	}
	return fmt.Errorf("%s: %w", w.what, dberr.Classify(err))
}

func walkBatch(ctx context.Context, db *sql.DB, w oldWalk) (int64, bool, error) {
	const batch = 2000
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, err
	}
	defer tx.Rollback()
	var from string
	err = tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, w.setting).Scan(&from)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, true, nil
	}
	if err != nil {
		return 0, false, err
	}
	last, _ := strconv.ParseInt(from, 10, 64)
	all, err := readChunks(ctx, tx, `c.id > ? AND `+w.left, batch, last)
	if err != nil {
		return 0, false, err
	}
	each := w.batch(ctx, tx)
	for i := range all {
		if err := each(&all[i]); err != nil {
			return 0, false, err
		}
		last = all[i].ID
	}
	done := len(all) < batch
	if done {
		_, err = tx.ExecContext(ctx, `DELETE FROM settings WHERE key = ?`, w.setting)
	} else {
		_, err = tx.ExecContext(ctx, `UPDATE settings SET value = ? WHERE key = ?`, strconv.FormatInt(last, 10), w.setting)
	}
	if err != nil {
		return 0, false, err
	}
	return int64(len(all)), done, tx.Commit()
}

// PlacePending reports a library whose older chunks are not keyed yet.
func PlacePending(ctx context.Context, db *sql.DB) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM settings WHERE key = 'fts.place_from'`).Scan(&n)
	return n > 0, dberr.Classify(err)
}
