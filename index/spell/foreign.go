package spell

import (
	"context"
	"fmt"

	"folio/assets/wordforms"
	"folio/index/dberr"
)

// ForeignRows is the most passages a typed word may be in and still be
// read as a typo because none of them is in the question's language: all
// of them are read. A library of tldr's forty languages holds many an
// English typo as another language's word ("tabel": Indonesian and Dutch
// for table, and the stem of German and Italian "tabelle", in 32
// passages), which a typo's rarity test took for
// a known word: "how do I fix a corupted tabel in my mysql databse?" was
// never searched for tables, and ranked mysqlcheck's page second.
const ForeignRows = 40

// Foreign reports whether the passages that FTS5 expression expr matches
// (rows of them, at most ForeignRows) are all in languages other than
// lang, the question's, for a Latin word term that is no common English
// word: such a word is corrected as one the library lacks. langOf tells a
// passage's language by its row and text (analyze.Language, cached). A
// passage too short to tell (analyze.Language's "latin") is in no other
// language, and a question whose language cannot be told has no foreign
// words.
func Foreign(ctx context.Context, db Querier, expr, term, lang string, rows float64, langOf func(row int64, text string) string) (bool, error) {
	if rows == 0 || rows > ForeignRows || lang == "" || lang == "latin" || !latin(term) || wordforms.Common(term) {
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
		case l == lang:
			return false, nil
		case l != "" && l != "latin":
			other = true
		}
	}
	return other, dberr.Classify(r.Err())
}

// latin reports a term of the letters a to z only.
func latin(term string) bool {
	for i := 0; i < len(term); i++ {
		if term[i] < 'a' || term[i] > 'z' {
			return false
		}
	}
	return term != ""
}
