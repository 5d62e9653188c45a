package query

import (
	"strings"

	"folio/index/analyze"
)

// idiomList holds lay idioms: words people say together for one thing
// that reference text names with another word. Each word alone points
// somewhere else: "my kid is burning up" found the Burns page (burning),
// "I passed out at work" a Go blog post (passed, work), "my toddler keeps
// throwing up" the page on toddler development. The idiom is searched as
// the word reference text uses, in its words' place, at a typed word's
// weight, and said under "Also searched" (fever for "burning up"). Only
// idioms whose words mislead when read one by one are listed: pink eye,
// charley horse and running a temperature are not, since the pages that
// answer them write those words (MedlinePlus's Pinkeye and Leg pain pages
// came first with them, rare disorders with what they mean). Most pages
// that write an idiom itself write the word it stands for too (9 of the
// 15 medquad pages with "throw up" say vomit); the others are found by
// the idiom in quotes, which means exactly what was typed.
var idiomList = []struct{ says, means string }{
	{"burning up", "fever"}, {"running a fever", "fever"},
	{"throw up", "vomit"}, {"throwing up", "vomit"}, {"threw up", "vomit"}, {"thrown up", "vomit"},
	{"pass out", "faint"}, {"passed out", "faint"}, {"passing out", "faint"}, {"blacked out", "faint"},
	{"pins and needles", "tingling"}, {"lazy eye", "amblyopia"},
	{"stomach bug", "gastroenteritis"}, {"stomach flu", "gastroenteritis"},
	{"water pill", "diuretic"}, {"water pills", "diuretic"},
	{"wet the bed", "bedwetting"}, {"wets the bed", "bedwetting"}, {"wetting the bed", "bedwetting"},
	{"ringing in my ears", "tinnitus"}, {"ringing in the ears", "tinnitus"}, {"ringing ears", "tinnitus"},
	{"heart racing", "palpitations"}, {"racing heart", "palpitations"},
	{"nose bleed", "nosebleed"}, {"nose bleeds", "nosebleed"},
}

// idiom is one entry of idiomList as analysed terms.
type idiom struct {
	says  []string
	means string
}

var idioms = func() []idiom {
	var out []idiom
	for _, e := range idiomList {
		says := strings.Fields(analyze.IndexText(e.says))
		means := analyze.IndexText(e.means)
		if len(says) < 2 || means == "" || strings.Contains(means, " ") {
			continue // TestEveryIdiomIsRead names the entry
		}
		out = append(out, idiom{says, means})
	}
	return out
}()

// readIdioms replaces each idiom typed as plain words (one clause each,
// consecutive) by one clause of the word it stands for; the clause keeps
// the idiom as typed, for "Also searched". It runs before stopwords are
// dropped, so "pins and needles" still has its "and".
func (q *Query) readIdioms() {
	at := map[int]int{} // typed word → its one plain clause, -1 if it has several
	for i, c := range q.Clauses {
		if !c.Optional() || c.Prefix {
			continue
		}
		if _, seen := at[c.Word]; seen {
			at[c.Word] = -1
		} else {
			at[c.Word] = i
		}
	}
	drop := map[int]bool{}
	for w := 0; w < len(q.Words); w++ {
		for _, id := range idioms {
			if !q.saysAt(at, drop, w, id.says) {
				continue
			}
			for k := 1; k < len(id.says); k++ {
				if i, ok := at[w+k]; ok {
					drop[i] = true
				}
			}
			if q.has(id.means, drop) {
				drop[at[w]] = true // typed as well: searched once
				break
			}
			var says []Clause
			for k := range id.says {
				if i, ok := at[w+k]; ok && !q.Clauses[i].droppable() {
					says = append(says, q.Clauses[i])
				}
			}
			c := &q.Clauses[at[w]]
			c.Terms, c.Alts, c.Forms, c.Says = []string{id.means}, nil, nil, says
			c.Typed, c.Idiom = strings.Join(q.Words[w:w+len(id.says)], " "), true
			w += len(id.says) - 1
			break
		}
	}
	if len(drop) == 0 {
		return
	}
	out := q.Clauses[:0]
	for i, c := range q.Clauses {
		if !drop[i] {
			out = append(out, c)
		}
	}
	q.Clauses = out
}

// saysAt reports the typed words from w on to be the idiom's words, each a
// plain clause of its own not taken by another idiom. A word after the
// first may have no clause when it was typed before (the "up" of
// "burning up, throwing up" is one clause, the first idiom's).
func (q *Query) saysAt(at map[int]int, drop map[int]bool, w int, says []string) bool {
	for k, term := range says {
		i, ok := at[w+k]
		if !ok && k > 0 && q.merged(w+k, term) {
			continue
		}
		if !ok || i < 0 || drop[i] || q.Clauses[i].Idiom || q.Clauses[i].Terms[0] != term {
			return false
		}
	}
	return true
}

// merged reports typed word w to have no clause of its own because it
// repeats the term of an earlier word's (appendClause keeps one).
func (q *Query) merged(w int, term string) bool {
	earlier := false
	for _, c := range q.Clauses {
		if c.Word == w {
			return false
		}
		earlier = earlier || c.Word < w && len(c.Terms) == 1 && c.Terms[0] == term
	}
	return earlier && w < len(q.Words) && analyze.IndexText(q.Words[w]) == term
}

// has reports a plain clause of the term that is not dropped.
func (q *Query) has(term string, drop map[int]bool) bool {
	for i, c := range q.Clauses {
		if !drop[i] && c.Optional() && c.Terms[0] == term {
			return true
		}
	}
	return false
}

// SayIdiom puts the idiom clause i's own words back in its place, for a
// library that holds nothing of what it means (a diary that writes
// "ringing in the ears" and never tinnitus is still found by them), and
// returns their clauses' indexes: i and those appended, which come
// before any clause their weighing appends (a typo's corrections).
func (q *Query) SayIdiom(i int) []int {
	says := q.Clauses[i].Says
	out := []int{i}
	q.Clauses[i] = says[0]
	for _, c := range says[1:] {
		out = append(out, len(q.Clauses))
		q.Clauses = append(q.Clauses, c)
	}
	return out
}
