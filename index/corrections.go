package index

import "folio/index/spell"

// Correction is a word the search could not find as typed and also
// searched as a close word of the library, or another form of a typed word
// (spell.Correction).
type Correction = spell.Correction

// Typo tolerance: a word the library does not know, or knows only in a
// few passages while a close word is common, is also searched as its
// nearest words: one edit for words of 5–8 characters, two from 9, and
// under 5 only a letter left out or two swapped (an Arabic stem of 4:
// swapped letters only), as index/spell finds them. Quoted words are
// never corrected.
const (
	typoRare         = 2   // a word this rare may be a typo of a common one (spell.CommonFactor)
	correctionWeight = 0.7 // a correction counts less than what was typed
	typoWords        = 8   // words of one query looked up for corrections
)
