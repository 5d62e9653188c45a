package index

import (
	"context"

	"folio/index/analyze"
	"folio/index/query"
	"folio/index/rank"
	"folio/index/spell"
	"folio/index/termstats"
)

// docFreq is how many rows and passages match an FTS5 expression (termstats).
func (ix *Index) docFreq(ctx context.Context, expr string) (termstats.Count, error) {
	df, err := ix.dfs.DocFreq(ctx, ix.db, expr)
	return df, classify(err)
}

// stats is what the two stages need to know about a query's words.
type stats struct {
	terms       []rank.Term            // every positive word, for the second stage
	retrieve    []query.Retrieval      // what the first stage looks for: the first, or the next while too few are found
	corrections []Correction           // unknown words searched as close ones
	forms       []Correction           // each typed word's family (Searched: a stem), for spell.Say
	matches     func(term string) bool // highlights
	rows        int64                  // FTS rows in the library, for IDF and docFreq
	missing     []string               // typed words no passage holds (missing)
}

// queryStats weighs the query's words by their rarity, adds corrections
// for words the library does not know, and picks the words the first
// stage searches (retrievals); lang is the question's (analyze.Language).
func (ix *Index) queryStats(ctx context.Context, q *query.Query, lang string) (*stats, error) {
	version, err := ix.DataVersion(ctx)
	if err != nil {
		return nil, err
	}
	ix.dfs.Fresh(version)
	ix.fixes.Fresh(version)
	n, err := ix.dfs.Rows(ctx, ix.db)
	if err != nil {
		return nil, classify(err)
	}
	w := &weights{ix: ix, n: n, st: &stats{}, lang: lang}
	// Corrections and variants join q.Clauses as they are found; they are
	// weighed where they are added, not again here.
	nClauses := len(q.Clauses)
	for i := 0; i < nClauses; i++ {
		if err := w.clause(ctx, q, i); err != nil {
			return nil, err
		}
	}
	held := map[int]bool{} // by typed word: some term of it is in the library
	for _, t := range w.st.terms {
		held[t.Word] = held[t.Word] || t.IDF > 0
	}
	w.st.missing = spell.Unheld(q.Words, held)
	rank.WeighScripts(w.st.terms, query.IsCJKTerm, w.lang)
	w.st.retrieve = query.Retrievals(w.optional, w.n.Rows)
	w.st.matches = q.Matches
	w.st.rows = int64(n.Rows)
	return w.st, nil
}

// weights gathers one query's word weights and the optional clauses the
// first stage may search.
type weights struct {
	ix       *Index
	n        termstats.Count // the library's FTS rows; IDF weighs by passages, budgets by rows
	st       *stats
	optional []query.Candidate
	fixed    int    // words looked up for corrections
	lang     string // the question's language: a word only other languages hold is a typo
}

// df is how many passages hold clause c, however it is asked for.
func (w *weights) df(ctx context.Context, c query.Clause) (termstats.Count, error) {
	c.Exclude, c.HeadingOnly = false, false
	return w.ix.docFreq(ctx, c.Expr())
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
	// الجهاز is also لجهاز, بجهاز... (analyze.ArabicPrepositions), counted
	// as the word itself; never for a quoted word.
	if !c.Exact && !c.Prefix && !c.HeadingOnly && len(c.Alts) == 0 {
		if forms := analyze.ArabicPrepositions(c.Typed); len(forms) > 0 {
			c.Alts = forms
			q.Clauses[i] = c
		}
	}
	d, err := w.df(ctx, c)
	if err != nil {
		return err
	}
	if c.Idiom && d.Rows == 0 && len(c.Says) > 0 {
		for _, j := range q.SayIdiom(i) { // the library names nothing it means
			if err := w.clause(ctx, q, j); err != nil {
				return err
			}
		}
		return nil
	}
	if c.Idiom { // searched in its place: said, as a correction is
		w.st.corrections = append(w.st.corrections, Correction{Typed: c.Typed, Searched: c.Terms[0]})
	}
	if d.Rows == 0 {
		c = q.Loanword(i) // كومبوننت: component, مكون
	}
	if d.Rows <= typoRare && c.Optional() && len(q.Clauses) > 1 && spell.StopwordTypo(c.Typed, d.Rows) {
		return nil // "hwo", "wiht", "wich": a function word, which a search leaves out
	}
	term := rank.Term{Terms: append([]string{c.Terms[0]}, c.Alts...), Forms: c.Forms, Prefix: c.Prefix, Word: c.Word, Required: c.Required(),
		Weight: rank.Typed(c.Repeats + 1)}
	rows := d.Rows
	switch {
	case d.Rows > 0:
		term.IDF = rank.IDF(d.Passages, w.n.Passages)
	case len(c.Forms) > 0:
		// A word the library lacks weighs, and is searched as, its family
		// there (the notes say absorb, never absorption).
		fd, err := w.df(ctx, query.Clause{Terms: c.Forms[:1], Alts: c.Forms[1:]})
		if err != nil {
			return err
		}
		if fd.Rows > 0 {
			term.IDF, rows, q.Clauses[i].FormsInPlace = rank.IDF(fd.Passages, w.n.Passages), fd.Rows, true
		}
	}
	w.st.terms = append(w.st.terms, term)
	for _, f := range c.Forms {
		w.st.forms = append(w.st.forms, Correction{Typed: c.Typed, Searched: f, Form: true})
	}
	if !c.Optional() {
		return nil
	}
	w.optional = append(w.optional, query.Candidate{Clause: i, DF: rows})
	if c.Prefix || q.Clauses[i].FormsInPlace { // searched as its forms (absorption, a loanword): no typo
		return nil
	}
	// Other forms of an Arabic word; for one the library does not know, also
	// without a preposition written onto it (لأجزاء, أجزاء): no typo then.
	if _, err := w.addVariants(ctx, q, c, analyze.ArabicVariants(c.Typed)); err != nil {
		return err
	}
	if d.Rows == 0 {
		if explained, err := w.addVariants(ctx, q, c, analyze.ArabicProclitics(c.Typed)); err != nil || explained {
			return err
		}
	}
	// A pasted log or trace holds dozens of unknown words (hashes, names):
	// the first few are looked up, each about 2 ms (typoWords).
	if query.IsCJKTerm(c.Terms[0]) || w.fixed >= typoWords {
		return nil
	}
	if d.Rows > typoRare { // known, maybe only as another language's word (≤ spell.ForeignRows read)
		if foreign, err := w.ix.fixes.Foreign(ctx, w.ix.db, c.Expr(), c.Terms[0], w.lang, d.Rows, w.ix.langs.Of); err != nil || !foreign {
			return err
		}
		d.Rows = 0
	}
	w.fixed++
	return w.addCorrections(ctx, q, c, d.Rows)
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
			IDF: rank.IDF(d.Passages, w.n.Passages), Word: c.Word, Required: c.Required()})
	}
	return nil
}

// addCorrections searches a rare or unknown word as its close words too.
func (w *weights) addCorrections(ctx context.Context, q *query.Query, c query.Clause, d float64) error {
	fixes, err := w.ix.fixes.Corrections(ctx, w.ix.db, c.Terms[0], c.Typed, d, q.Context(c.Word), w.n.Rows)
	if err != nil {
		return err
	}
	for _, f := range fixes {
		// A correction is a word of the question's language: an Arabic
		// question's لينكس is not Persian's لینک.
		if other, err := w.ix.fixes.OnlyOther(ctx, w.ix.db, query.Clause{Terms: []string{f.Term}}.Expr(), f.Term, w.lang, w.ix.langs.Of); err != nil {
			return err
		} else if other {
			continue
		}
		q.Clauses = append(q.Clauses, query.Clause{Terms: []string{f.Term}, Word: c.Word})
		w.st.terms = append(w.st.terms, rank.Term{Terms: []string{f.Term}, IDF: rank.IDF(f.DF, w.n.Rows), Word: c.Word, Weight: correctionWeight})
		w.optional = append(w.optional, query.Candidate{Clause: len(q.Clauses) - 1, DF: f.DF})
		w.st.corrections = append(w.st.corrections, Correction{Typed: c.Typed, Searched: f.Term})
	}
	return nil
}

// addVariants counts other forms of an Arabic word that the library holds
// as the word, a little less (see analyze.ArabicVariants and
// ArabicProclitics), and reports whether the library held any.
func (w *weights) addVariants(ctx context.Context, q *query.Query, c query.Clause, variants []string) (bool, error) {
	before := len(w.st.forms)
	for _, v := range variants {
		d, err := w.df(ctx, query.Clause{Terms: []string{v}})
		if err != nil {
			return false, err
		}
		if d.Rows == 0 {
			continue
		}
		q.Clauses = append(q.Clauses, query.Clause{Terms: []string{v}, Word: c.Word})
		w.st.terms = append(w.st.terms, rank.Term{Terms: []string{v}, IDF: rank.IDF(d.Passages, w.n.Passages), Word: c.Word, Weight: correctionWeight})
		w.optional = append(w.optional, query.Candidate{Clause: len(q.Clauses) - 1, DF: d.Rows})
		// Said under "Also searched" like an English word's family, when a
		// passage shown uses it: the question had أحذف, the page حذف.
		w.st.forms = append(w.st.forms, Correction{Typed: c.Typed, Searched: v, Form: true})
	}
	return len(w.st.forms) > before, nil
}
