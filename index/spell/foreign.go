package spell

import (
	"context"
	"fmt"

	"folio/assets/wordforms"
	"folio/index/analyze"
	"folio/index/dberr"
)

// ForeignRows is how many passages holding a word are read for their
// languages. A library of tldr's forty languages holds many an English
// typo as another language's word ("tabel": Indonesian and Dutch for
// table, and the stem of German and Italian "tabelle", in 32 passages),
// which the rarity test of a typo took for a known word: "how do I fix a
// corupted tabel in my mysql databse?" was never searched for tables, and
// ranked mysqlcheck's page second. And a typo's closest words may be
// another language's (an Arabic question's لينكس, Linux, was searched as
// Persian's لینک, link).
const ForeignRows = 40

// Foreign reports whether a typed word in at most ForeignRows passages
// (rows: how many; expr: the FTS5 expression of term) is held only in
// passages of languages other than lang, the question's: such a word is
// corrected as one the library lacks. A common English word is never a
// typo (Corrections).
func (c *Cache) Foreign(ctx context.Context, db Querier, expr, term, lang string, rows float64, langOf func(row int64, text string) string) (bool, error) {
	if rows == 0 || rows > ForeignRows || wordforms.Common(term) {
		return false, nil
	}
	return c.OnlyOther(ctx, db, expr, term, lang, langOf)
}

// OnlyOther is OnlyOther, remembered while the library is the same.
func (c *Cache) OnlyOther(ctx context.Context, db Querier, expr, term, lang string, langOf func(row int64, text string) string) (bool, error) {
	k := [2]string{expr, lang}
	c.mu.Lock()
	other, ok := c.other[k]
	c.mu.Unlock()
	if ok {
		return other, nil
	}
	other, err := OnlyOther(ctx, db, expr, term, lang, langOf)
	if err != nil {
		return false, err
	}
	c.mu.Lock()
	if c.other == nil || len(c.other) >= maxCached {
		c.other = map[[2]string]bool{}
	}
	c.other[k] = other
	c.mu.Unlock()
	return other, nil
}

// OnlyOther reports whether the first ForeignRows passages FTS5
// expression expr matches are in languages other than lang and at least
// one of them can be told (langOf: analyze.Language of a passage, by its
// row and text, cached). A passage too short to tell is in no other
// language, a question whose language cannot be told has no foreign
// words, and only a word in the question's own script is judged as its
// language's: a Latin command name in an Arabic question is no Arabic
// word, and is judged as English.
func OnlyOther(ctx context.Context, db Querier, expr, term, lang string, langOf func(row int64, text string) string) (bool, error) {
	sameScript := analyze.IsLatinTerm(term) && analyze.Compatible("latin", lang) ||
		analyze.IsArabicTerm(term) && (lang == "ar" || lang == "fa" || lang == "ur")
	// A Latin word in an Arabic or Chinese question names a command or an
	// API, in English: it is another language's word when only pages of
	// other Latin languages hold it (an Arabic question's "compted", which
	// French pages hold as compte, is computed mistyped).
	name := analyze.IsLatinTerm(term) && !analyze.Compatible("latin", lang)
	if lang == "" || lang == "latin" || !sameScript && !name {
		return false, nil
	}
	r, err := db.QueryContext(ctx, `SELECT c.id, c.text FROM chunks c
		WHERE c.id IN (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)`, expr, ForeignRows)
	if err != nil {
		return false, fmt.Errorf("languages of %q: %w", term, dberr.Classify(err))
	}
	defer r.Close()
	other := false
	for r.Next() {
		var row int64
		var text string
		if err := r.Scan(&row, &text); err != nil {
			return false, fmt.Errorf("languages of %q: %w", term, dberr.Classify(err))
		}
		switch l := langOf(row, text); {
		case l == lang, name && (l == "en" || !analyze.Compatible("latin", l)):
			return false, nil
		case l != "" && l != "latin":
			other = true
		}
	}
	return other, dberr.Classify(r.Err())
}
