package index

import (
	"context"
	"strings"
	"sync"

	"folio/index/analyze"
	"folio/index/query"
	"folio/index/rank"
	"folio/index/spell"
)

// Term statistics for ranking come from the FTS index itself, in its rows:
// copies of a passage share one row (fts/twins.go), so a library holding
// a folder twice weighs its words as one holding it once, as FTS5's own
// bm25 does. An exact document frequency costs a read of the term's whole
// posting list (a common word at a million chunks: tens of milliseconds),
// so it is counted only up to dfCap; past that it is estimated from how
// far into the rows the dfCap-th posting lies. A row's id is its owner's
// chunk id, and owners are the first copies imported, so the rows are
// taken to fill the lowest ids. Counted before in passages and chunk ids
// while a rare word's count was in rows, the rare words of a library of
// twelve copies weighed more against its common words by up to the log of
// twelve (README, Ranking). Rare words, the ones that decide a ranking,
// are exact.
const dfCap = 500

// dfCache keeps document frequencies between searches while the library
// does not change (a window searching as the user types asks for the same
// words again and again). SQLite's data_version, read on a connection of
// its own that never writes, moves with every change by this program's
// other connections and by other programs alike.
type dfCache struct {
	mu      sync.Mutex
	version int64
	df      map[string]float64
	rows    int64 // FTS rows at version, or -1 until counted
}

// libraryRows is how many rows the FTS index holds: the passages, copies
// counted once. Counting them reads the row-size table (4 ms at a million
// passages), once per version of the library.
func (ix *Index) libraryRows(ctx context.Context) (int64, error) {
	ix.dfs.mu.Lock()
	rows := ix.dfs.rows
	ix.dfs.mu.Unlock()
	if rows >= 0 {
		return rows, nil
	}
	if err := ix.db.QueryRowContext(ctx, `SELECT count(*) FROM chunks_fts_docsize`).Scan(&rows); err != nil {
		return 0, classify(err)
	}
	ix.dfs.mu.Lock()
	ix.dfs.rows = rows
	ix.dfs.mu.Unlock()
	return rows, nil
}

// docFreq estimates how many rows match an FTS5 expression, in a library
// of rows rows.
func (ix *Index) docFreq(ctx context.Context, expr string, rows int64) (float64, error) {
	ix.dfs.mu.Lock()
	if v, ok := ix.dfs.df[expr]; ok {
		ix.dfs.mu.Unlock()
		return v, nil
	}
	ix.dfs.mu.Unlock()
	var count, maxRow int64
	err := ix.db.QueryRowContext(ctx, `SELECT count(*), coalesce(max(rowid), 0) FROM
		(SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)`, expr, dfCap).Scan(&count, &maxRow)
	if err != nil {
		return 0, classify(err)
	}
	df := float64(count)
	if count >= dfCap && maxRow > 0 {
		df = float64(count) * float64(rows) / float64(min(maxRow, rows))
	}
	ix.dfs.mu.Lock()
	ix.dfs.df[expr] = df
	ix.dfs.mu.Unlock()
	return df, nil
}

// stats is what the two stages need to know about a query's words.
type stats struct {
	terms       []rank.Term            // every positive word, for the second stage
	retrieve    []query.Retrieval      // what the first stage looks for: the first, or the next while too few are found
	corrections []Correction           // unknown words searched as close ones
	forms       []Correction           // each typed word's family (Searched: a stem), for surfaceForms
	matches     func(term string) bool // highlights
	rows        int64                  // FTS rows in the library, for IDF and docFreq
}

// queryStats weighs the query's words by their rarity, adds corrections
// for words the library does not know, and picks the words the first
// stage searches (retrievals).
func (ix *Index) queryStats(ctx context.Context, q *query.Query) (*stats, error) {
	if err := ix.freshDocFreqs(ctx); err != nil {
		return nil, err
	}
	n, err := ix.libraryRows(ctx)
	if err != nil {
		return nil, err
	}
	w := &weights{ix: ix, n: float64(n), st: &stats{}}
	// Corrections and variants join q.Clauses as they are found; they are
	// weighed where they are added, not again here.
	nClauses := len(q.Clauses)
	for i := 0; i < nClauses; i++ {
		if err := w.clause(ctx, q, i); err != nil {
			return nil, err
		}
	}
	rank.WeighCJKRuns(w.st.terms, query.IsCJKTerm)
	w.st.retrieve = query.Retrievals(w.optional)
	w.st.matches = q.Matches
	w.st.rows = n
	return w.st, nil
}

// freshDocFreqs empties the document frequency cache when the library
// changed since it was filled.
func (ix *Index) freshDocFreqs(ctx context.Context) error {
	version, err := ix.DataVersion(ctx)
	if err != nil {
		return err
	}
	ix.dfs.mu.Lock()
	if ix.dfs.df == nil || ix.dfs.version != version {
		ix.dfs.df, ix.dfs.version, ix.dfs.rows = map[string]float64{}, version, -1
	}
	ix.dfs.mu.Unlock()
	return nil
}

// weights gathers one query's word weights and the optional clauses the
// first stage may search.
type weights struct {
	ix       *Index
	n        float64 // the library's FTS rows
	st       *stats
	optional []query.Candidate
	fixed    int // words looked up for corrections
}

// df is how many passages hold clause c, wherever and however it is asked
// for.
func (w *weights) df(ctx context.Context, c query.Clause) (float64, error) {
	var b strings.Builder
	c.Exclude, c.HeadingOnly = false, false
	c.WriteExpr(&b)
	return w.ix.docFreq(ctx, b.String(), int64(w.n))
}

// clause weighs q.Clauses[i]; a single optional word may bring its
// corrections and variants along.
func (w *weights) clause(ctx context.Context, q *query.Query, i int) error {
	c := q.Clauses[i]
	if c.Exclude {
		return nil
	}
	if len(c.Terms) > 1 {
		return w.phrase(ctx, c)
	}
	d, err := w.df(ctx, c)
	if err != nil {
		return err
	}
	term := rank.Term{Terms: append([]string{c.Terms[0]}, c.Alts...), Forms: c.Forms, Prefix: c.Prefix, Word: c.Word, Required: c.Required()}
	switch {
	case d > 0:
		term.IDF = rank.IDF(d, w.n)
	case len(c.Forms) > 0:
		// A word the library does not hold weighs what its family does
		// there (the notes say absorb, never absorption).
		fd, err := w.df(ctx, query.Clause{Terms: c.Forms[:1], Alts: c.Forms[1:]})
		if err != nil {
			return err
		}
		if fd > 0 {
			term.IDF = rank.IDF(fd, w.n)
		}
	}
	w.st.terms = append(w.st.terms, term)
	for _, f := range c.Forms {
		w.st.forms = append(w.st.forms, Correction{Typed: c.Typed, Searched: f, Form: true})
	}
	if !c.Optional() {
		return nil
	}
	w.optional = append(w.optional, query.Candidate{Clause: i, DF: d})
	if c.Prefix {
		return nil
	}
	// A pasted log or trace holds dozens of unknown words (hashes, names):
	// the first few are looked up, each about 2 ms (typoWords).
	if !query.IsCJKTerm(c.Terms[0]) && d <= typoRare && w.fixed < typoWords {
		w.fixed++
		if err := w.addCorrections(ctx, q, c, d); err != nil {
			return err
		}
	}
	return w.addVariants(ctx, q, c)
}

// phrase weighs each word of a phrase on its own.
func (w *weights) phrase(ctx context.Context, c query.Clause) error {
	for j, t := range c.Terms {
		prefix := c.Prefix && j == len(c.Terms)-1
		d, err := w.df(ctx, query.Clause{Terms: []string{t}, Prefix: prefix})
		if err != nil {
			return err
		}
		w.st.terms = append(w.st.terms, rank.Term{Terms: []string{t}, Prefix: prefix,
			IDF: rank.IDF(d, w.n), Word: c.Word, Required: c.Required()})
	}
	return nil
}

// addCorrections searches a rare or unknown word as its close words too.
func (w *weights) addCorrections(ctx context.Context, q *query.Query, c query.Clause, d float64) error {
	fixes, err := spell.Corrections(ctx, w.ix.db, c.Terms[0], c.Typed, d)
	if err != nil {
		return err
	}
	for _, f := range fixes {
		q.Clauses = append(q.Clauses, query.Clause{Terms: []string{f.Term}, Word: c.Word})
		w.st.terms = append(w.st.terms, rank.Term{Terms: []string{f.Term}, IDF: rank.IDF(f.DF, w.n), Word: c.Word, Weight: correctionWeight})
		w.optional = append(w.optional, query.Candidate{Clause: len(q.Clauses) - 1, DF: f.DF})
		w.st.corrections = append(w.st.corrections, Correction{Typed: c.Typed, Searched: f.Term})
	}
	return nil
}

// addVariants counts other forms of an Arabic word that the library holds
// as the word, a little less (see analyze.ArabicVariants).
func (w *weights) addVariants(ctx context.Context, q *query.Query, c query.Clause) error {
	for _, v := range analyze.ArabicVariants(c.Typed) {
		d, err := w.df(ctx, query.Clause{Terms: []string{v}})
		if err != nil {
			return err
		}
		if d == 0 {
			continue
		}
		q.Clauses = append(q.Clauses, query.Clause{Terms: []string{v}, Word: c.Word})
		w.st.terms = append(w.st.terms, rank.Term{Terms: []string{v}, IDF: rank.IDF(d, w.n), Word: c.Word, Weight: correctionWeight})
		w.optional = append(w.optional, query.Candidate{Clause: len(q.Clauses) - 1, DF: d})
		// Said under "Also searched" like an English word's family, when a
		// passage shown uses it: the question had أحذف, the page حذف.
		w.st.forms = append(w.st.forms, Correction{Typed: c.Typed, Searched: v, Form: true})
	}
	return nil
}
