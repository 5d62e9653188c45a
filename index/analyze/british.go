package analyze

import (
	"bytes"

	"folio/assets/spelling"
)

// British spellings are folded to American ones before stemming, in the
// index and in queries alike, so "paediatric fever" finds a page about
// pediatric fever and "color" finds a note that says colour. Whole words
// come from a table (assets/spelling); the classical digraphs of medical
// words (haem-, paed-, -aemia, oesoph-, -rrhoea) by rule as well, since
// the table lacks most of their derived forms (haematoma, ischaemia,
// oesophageal). A rule that can start inside another word (haem, paed,
// aemi, gynaec, rrhoea, pnoea) holds only such medical roots in WordNet's
// 86,000 words; the others apply only at the start of a word, where they
// cannot meet gastroesophageal, angioedema or shoestring.
var (
	anywhereRules = rules("haem hem", "paed ped", "aemi emi", "gynaec gynec", "rrhoea rrhea", "pnoea pnea")
	initialRules  = rules("oesoph esoph", "oestr estr", "oedem edem", "foet fet", "coeli celi", "anaes anes", "aetiol etiol")
)

func rules(pairs ...string) [][2][]byte {
	out := make([][2][]byte, len(pairs))
	for i, p := range pairs {
		from, to, _ := bytes.Cut([]byte(p), []byte(" "))
		out[i] = [2][]byte{from, to}
	}
	return out
}

// addBritishSpellings gives each British spelling of the table its
// American spelling's stem; called once the homographs are in, since an
// American spelling may be one (organisation → organization → organiz).
func addBritishSpellings() {
	for gb, us := range spelling.American {
		fixedStems[gb] = string(englishStem([]byte(us)))
	}
}

// hasDigraph reports whether b holds "ae" or "oe", in one pass.
func hasDigraph(b []byte) bool {
	for i := 1; i < len(b); i++ {
		if b[i] == 'e' && (b[i-1] == 'a' || b[i-1] == 'o') {
			return true
		}
	}
	return false
}

// foldDigraphs applies the rules above to a word holding "ae" or "oe", in
// place (each rule shortens it).
func foldDigraphs(b []byte) []byte {
	for _, r := range initialRules {
		if bytes.HasPrefix(b, r[0]) {
			b = replaceAt(b, 0, r)
			break
		}
	}
	for _, r := range anywhereRules {
		if i := bytes.Index(b, r[0]); i >= 0 {
			b = replaceAt(b, i, r)
		}
	}
	return b
}

// replaceAt replaces r[0], found at i, by the shorter r[1], in place.
func replaceAt(b []byte, i int, r [2][]byte) []byte {
	n := copy(b[i:], r[1])
	n += copy(b[i+n:], b[i+len(r[0]):])
	return b[:i+n]
}
