// Package spell corrects a typed word to the library's own words, read
// from FTS5's vocabulary (fts5vocab): one edit for words of 5–8
// characters, two from 9, and under 5 a letter left out or two swapped
// (short.go; for an Arabic stem of 4, swapped letters only); the index
// decides which words are corrected and how much a correction weighs.
package spell

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"

	"folio/assets/wordforms"
	"folio/index/analyze"
	"folio/index/dberr"
)

// Querier runs a statement: the index's connection.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

const (
	CommonFactor = 100 // a rare word's correction must be this much more common
	Max          = 2   // corrections of one word
	// RivalFactor: a second correction as far from the typed word as the
	// first is searched too only if it is at least this fraction as
	// common. Equally close, the commoner word is that much likelier the
	// one meant ("vison": vision in 800 passages, visor in 3), and a rare
	// rival only brings its few passages up ("shoud": should, shout).
	RivalFactor = 10
)

// Fix is a word of the library searched for a typed one, and the passages
// holding it.
type Fix struct {
	Term string
	DF   float64
}

// Cache keeps each word's corrections while the library does not change,
// as termstats keeps its counts: a window searching as the user types
// looks the same typo up on every key, 1–3 ms a word (and a long pasted
// message up to eight words). Its zero value is ready; Fresh must be
// called with the library's version before each search.
type Cache struct {
	mu      sync.Mutex
	version int64
	fixes   map[cacheKey][]Fix
	other   map[[2]string]bool // OnlyOther by expression and language
	counts  map[string]float64 // rows matching an expression (prefer)
}

type cacheKey struct {
	term, typed string
	df          float64
}

// maxCached bounds the words kept for one version of the library.
const maxCached = 10000

// Fresh empties the cache when the library's version is not the one it was
// filled at.
func (c *Cache) Fresh(version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fixes == nil || c.version != version {
		c.fixes, c.other, c.counts, c.version = map[cacheKey][]Fix{}, map[[2]string]bool{}, map[string]float64{}, version
	}
}

// Corrections is Corrections, remembered, then weighed by the question's
// other words (beside, one FTS5 expression each; rows, the library's FTS
// rows), which prefer reads.
func (c *Cache) Corrections(ctx context.Context, db Querier, term, typed string, df float64, beside []string, rows float64) ([]Fix, error) {
	k := cacheKey{term, typed, df}
	c.mu.Lock()
	fixes, ok := c.fixes[k]
	c.mu.Unlock()
	if !ok {
		var err error
		if fixes, err = Corrections(ctx, db, term, typed, df); err != nil {
			return nil, err
		}
		c.mu.Lock()
		if len(c.fixes) >= maxCached {
			c.fixes = map[cacheKey][]Fix{}
		}
		c.fixes[k] = fixes
		c.mu.Unlock()
	}
	return c.prefer(ctx, db, fixes, beside, rows)
}

// Corrections finds the library's words within the allowed edits of term,
// best first (fewest edits, then the most common), sharing its first two
// characters (three for long words): typos rarely start a word. typed is
// the word as typed: an English word one letter from it is one edit away
// though its stem may be two (interpretor → interpreter, stem interpret),
// and an English candidate must be written close to it (Surface).
// df is how many passages hold term: a word the library holds (and that
// is no common English word) is corrected only to words CommonFactor
// times as common.
func Corrections(ctx context.Context, db Querier, term, typed string, df float64) ([]Fix, error) {
	if wordforms.Common(term) || wordforms.Of(term) != nil {
		// A common English word is no typo, whether the library lacks it
		// ("garbled" is not corrected to gargle or gamble, "grandfather" to
		// grandmother) or holds it in a note or two ("angel" is not also
		// searched as angle, a hundred times commoner in a geometry folder);
		// nor is a word WordNet derives from another ("stinky breath" is
		// not sticky; a rarer word of no family, "vison", still is).
		return nil, nil
	}
	if strings.ContainsAny(term, "0123456789") {
		// A word with a number in it names that number: ipv4 is no typo
		// of ipv6, nor python2 of python3, nor es2051 of es2015.
		return nil, nil
	}
	runes := []rune(term)
	if df == 0 && len(runes) == arabicSwapLen && analyze.IsArabicTerm(term) {
		return swaps(ctx, db, runes, typed)
	}
	near := analyze.OneEditStems(typed)
	edits := 0
	switch {
	case len(runes) >= 9 && df == 0:
		edits = 2
	case len(runes) >= 5, len(runes) == 4 && near != nil:
		edits = 1 // the latter an English word of five letters or more with a stem of four ("ofice": ofic)
	default:
		return short(ctx, db, typed, df)
	}
	prefix := string(runes[:2])
	if len(runes) >= 8 {
		prefix = string(runes[:3])
	}
	type cand struct {
		Fix
		dist int
	}
	var cands []cand
	type lookup struct {
		where string // a condition on fts5vocab's term
		args  []any
	}
	lookups := []lookup{{`term >= ? AND term < ?`, []any{prefix, prefix + "\U0010FFFF"}}}
	if vs := analyze.OneEdits(term, prefix, near); vs != nil {
		// Each string one edit away, looked up by itself: fts5vocab counts
		// the rows of every term it lists, so a range ("co…") took 60 ms
		// at a million passages, and these 200–600 look-ups 1–3 ms. With
		// two edits allowed, the range is read only if none is found.
		in := lookup{`term IN (` + strings.Repeat(",?", len(vs))[1:] + `)`, make([]any, len(vs))}
		for i, v := range vs {
			in.args[i] = v
		}
		lookups = append([]lookup{in}, lookups[:edits-1]...)
	}
	for _, l := range lookups {
		if len(cands) > 0 {
			break
		}
		err := vocabulary(ctx, db, l.where, l.args, func(t string, d float64) {
			if t == term || !strings.HasPrefix(t, prefix) || df > 0 && d < CommonFactor*df {
				return
			}
			dist := 1 // a word one letter from the typed one (near) is one edit away
			if !near[t] {
				dist = analyze.EditDistance(runes, []rune(t), edits)
			}
			if dist <= edits {
				cands = append(cands, cand{Fix{t, d}, dist})
			}
		})
		if err != nil {
			return nil, err
		}
	}
	slices.SortFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(b.DF, a.DF), cmp.Compare(a.Term, b.Term))
	})
	var out []Fix
	best, looked, want := -1, 0, []rune(strings.ToLower(typed))
	for i, c := range cands {
		if len(out) == Max || best >= 0 && (c.dist > cands[best].dist || c.DF*RivalFactor < cands[best].DF) {
			break
		}
		if near != nil && looked < maxSurfaceLookups {
			// An English stem one edit from the typed word's stem may be
			// written nothing like it: "somthing" (stem somth) met south,
			// "convension" convenient. The library's own spelling of the
			// word must be within one edit more than the stems are (an
			// ending: "proceses" is written process).
			looked++
			w, err := surface(ctx, db, c.Term, typed, surfacePassages)
			if err != nil {
				return nil, err
			}
			if w != "" && analyze.EditDistance(want, []rune(w), edits+1) > edits+1 {
				continue
			}
		}
		if best < 0 {
			best = i
		}
		out = append(out, c.Fix)
	}
	return out, nil
}

// maxSurfaceLookups bounds the candidates whose written forms a typed
// word's corrections read, surfacePassages the passages read for each:
// the form closest to the typed word must be among them, and sayPassages
// (3, enough to say a word) held only "separately" and "separation" for
// "seperate".
const (
	maxSurfaceLookups = 4
	surfacePassages   = 20
	sayPassages       = 3
)

// arabicSwapLen is the length of an Arabic stem corrected for two letters
// typed the wrong way round, and nothing else. Arabic writes its short
// vowels only as marks (folded away), so its stems are short: a question's
// الملجد is المجلد ("the folder") with two letters swapped, and its stem
// of four letters is below the five any other correction needs. One
// changed letter of four would meet too many real words (most sequences
// of three or four Arabic consonants are some word); a swap keeps the
// word's letters.
const arabicSwapLen = 4

// arabicVowel is a letter that writes a long vowel or a glide: moving it
// makes another word of the same root (كاتب "writer", كتاب "book"), not a
// typo.
func arabicVowel(r rune) bool { return r == 'ا' || r == 'و' || r == 'ي' }

// swaps corrects an Arabic stem of arabicSwapLen letters to the library's
// words that swap two of its neighbouring consonants after the first
// letter (typos rarely start a word), most common first; only a word with
// no other form to try (أسمح, "I allow", is a form of سمح, and no typo of
// امسح, "erase").
func swaps(ctx context.Context, db Querier, runes []rune, typed string) ([]Fix, error) {
	if len(analyze.ArabicVariants(typed))+len(analyze.ArabicProclitics(typed)) > 0 {
		return nil, nil
	}
	var vs []any
	for i := 1; i+1 < len(runes); i++ {
		v := slices.Clone(runes)
		v[i], v[i+1] = v[i+1], v[i]
		if v[i] != v[i+1] && !arabicVowel(v[i]) && !arabicVowel(v[i+1]) {
			vs = append(vs, string(v))
		}
	}
	if len(vs) == 0 {
		return nil, nil
	}
	return exact(ctx, db, vs, 0)
}

// exact looks terms up in the library's vocabulary, each equally close to
// a typed word, and keeps the Max most common of those at least
// CommonFactor times as common as df (the typed word's), a second only if
// RivalFactor allows it.
func exact(ctx context.Context, db Querier, terms []any, df float64) ([]Fix, error) {
	var out []Fix
	err := vocabulary(ctx, db, `term IN (`+strings.Repeat(",?", len(terms))[1:]+`)`, terms, func(t string, d float64) {
		if d >= CommonFactor*df {
			out = append(out, Fix{t, d})
		}
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Fix) int { return cmp.Or(cmp.Compare(b.DF, a.DF), cmp.Compare(a.Term, b.Term)) })
	n := min(len(out), Max)
	if n > 1 && out[1].DF*RivalFactor < out[0].DF {
		n = 1
	}
	return out[:n], nil
}

// Surface is the word of the library's text that term, an analysed stem,
// was read from: of the forms a few passages write, the closest to the
// typed word ("memmory": memory, not memorialize; both are memori); ""
// when none is found. It says a correction as a word when no passage
// shown holds it; read over more passages (surface), it tells
// Corrections whether a candidate is written like the typed word at all.
func Surface(ctx context.Context, db Querier, term, typed string) (string, error) {
	return surface(ctx, db, term, typed, sayPassages)
}

// surface is Surface among the first n passages holding term.
func surface(ctx context.Context, db Querier, term, typed string, n int) (string, error) {
	rows, err := db.QueryContext(ctx, `SELECT c.text || char(10) || c.path || char(10) || d.title
		FROM chunks c JOIN documents d ON d.id = c.doc_id
		WHERE c.id IN (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)`, `"`+strings.ReplaceAll(term, `"`, `""`)+`"`, n)
	if err != nil {
		return "", fmt.Errorf("look up how %q is written: %w", term, dberr.Classify(err))
	}
	defer rows.Close()
	want := []rune(strings.ToLower(typed))
	best, bestDist := "", 0
	var toks []analyze.Token
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			return "", dberr.Classify(err)
		}
		toks = analyze.AppendTokensMatching(toks[:0], text, nil)
		for _, t := range toks {
			if t.Term != term {
				continue
			}
			w := strings.ToLower(text[t.Start:t.End])
			if d := analyze.EditDistance(want, []rune(w), len(want)+len(w)); best == "" || d < bestDist {
				best, bestDist = w, d
			}
		}
	}
	return best, dberr.Classify(rows.Err())
}

// vocabulary calls each with the library's words matching where and the
// passages holding each.
func vocabulary(ctx context.Context, db Querier, where string, args []any, each func(term string, df float64)) error {
	rows, err := db.QueryContext(ctx, `SELECT term, doc FROM chunks_fts_v WHERE `+where, args...)
	if err != nil {
		return fmt.Errorf("look up close words: %w", dberr.Classify(err))
	}
	defer rows.Close()
	for rows.Next() {
		var t string
		var d float64
		if err := rows.Scan(&t, &d); err != nil {
			return dberr.Classify(err)
		}
		each(t, d)
	}
	return dberr.Classify(rows.Err())
}
