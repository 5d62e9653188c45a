package analyze

import "strings"

// Porter stemmer, following M.F. Porter, "An algorithm for suffix stripping"
// (Program 14(3), 1980): the original five steps, with the paper's rule set
// (ABLI→ABLE; not the later BLI/LOGI variants of the reference C code).
// It works in place on lowercase ASCII letters and returns the stem slice
// (possibly one byte longer, for the "e" restored in step 1b).

// isCons reports whether b[i] is a consonant in Porter's sense: not a vowel,
// and y counts as a consonant only at the start or after a vowel.
func isCons(b []byte, i int) bool {
	switch b[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !isCons(b, i-1)
	}
	return true
}

// measure returns m in [C](VC)^m[V] for b.
func measure(b []byte) int {
	n, i := 0, 0
	for i < len(b) && isCons(b, i) {
		i++
	}
	for i < len(b) {
		for i < len(b) && !isCons(b, i) {
			i++
		}
		if i >= len(b) {
			break
		}
		for i < len(b) && isCons(b, i) {
			i++
		}
		n++
	}
	return n
}

func hasVowel(b []byte) bool {
	for i := range b {
		if !isCons(b, i) {
			return true
		}
	}
	return false
}

// doubleCons: *d, the word ends with a double consonant.
func doubleCons(b []byte) bool {
	l := len(b)
	return l >= 2 && b[l-1] == b[l-2] && isCons(b, l-1)
}

// cvc: *o, the word ends consonant-vowel-consonant and the last is not w, x or y.
func cvc(b []byte) bool {
	l := len(b)
	if l < 3 || !isCons(b, l-3) || isCons(b, l-2) || !isCons(b, l-1) {
		return false
	}
	switch b[l-1] {
	case 'w', 'x', 'y':
		return false
	}
	return true
}

type rule struct{ suffix, repl string }

// Rules of steps 2-4. Only the longest matching suffix is considered; if its
// condition fails the word is left alone (as in the paper).
var (
	step2Rules = []rule{
		{"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"}, {"anci", "ance"},
		{"izer", "ize"}, {"abli", "able"}, {"alli", "al"}, {"entli", "ent"},
		{"eli", "e"}, {"ousli", "ous"}, {"ization", "ize"}, {"ation", "ate"},
		{"ator", "ate"}, {"alism", "al"}, {"iveness", "ive"}, {"fulness", "ful"},
		{"ousness", "ous"}, {"aliti", "al"}, {"iviti", "ive"}, {"biliti", "ble"},
	}
	step3Rules = []rule{
		{"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"},
		{"ical", "ic"}, {"ful", ""}, {"ness", ""},
	}
	step4Rules = []rule{
		{"al", ""}, {"ance", ""}, {"ence", ""}, {"er", ""}, {"ic", ""}, {"able", ""},
		{"ible", ""}, {"ant", ""}, {"ement", ""}, {"ment", ""}, {"ent", ""},
		{"ion", ""}, {"ou", ""}, {"ism", ""}, {"ate", ""}, {"iti", ""}, {"ous", ""},
		{"ive", ""}, {"ize", ""},
	}
	step2Idx = indexRules(step2Rules)
	step3Idx = indexRules(step3Rules)
	step4Idx = indexRules(step4Rules)
)

// indexRules buckets rules by their last letter, longest suffix first, so a
// lookup tries only a handful of candidates.
func indexRules(rs []rule) (idx [26][]rule) {
	for _, r := range rs {
		c := r.suffix[len(r.suffix)-1] - 'a'
		idx[c] = append(idx[c], r)
	}
	for c := range idx {
		b := idx[c]
		for i := 1; i < len(b); i++ { // insertion sort by length, descending
			for j := i; j > 0 && len(b[j].suffix) > len(b[j-1].suffix); j-- {
				b[j], b[j-1] = b[j-1], b[j]
			}
		}
	}
	return idx
}

// longest returns the longest rule whose suffix ends b.
func longest(idx *[26][]rule, b []byte) (rule, bool) {
	c := b[len(b)-1] - 'a'
	if c >= 26 {
		return rule{}, false
	}
	for _, r := range idx[c] {
		if len(r.suffix) <= len(b) && string(b[len(b)-len(r.suffix):]) == r.suffix {
			return r, true
		}
	}
	return rule{}, false
}

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

func porterStem(b []byte) []byte {
	if len(b) < 3 {
		return b
	}
	// Step 1a: plurals.
	switch {
	case hasSuffix(b, "sses"), hasSuffix(b, "ies"):
		b = b[:len(b)-2]
	case hasSuffix(b, "ss"):
	case hasSuffix(b, "s"):
		b = b[:len(b)-1]
	}
	// Step 1b: -eed, -ed, -ing.
	more := false
	switch {
	case hasSuffix(b, "eed"):
		if measure(b[:len(b)-3]) > 0 {
			b = b[:len(b)-1]
		}
	case hasSuffix(b, "ed") && hasVowel(b[:len(b)-2]):
		b, more = b[:len(b)-2], true
	case hasSuffix(b, "ing") && hasVowel(b[:len(b)-3]):
		b, more = b[:len(b)-3], true
	}
	if more {
		switch {
		case hasSuffix(b, "at"), hasSuffix(b, "bl"), hasSuffix(b, "iz"):
			b = append(b, 'e')
		case doubleCons(b):
			if c := b[len(b)-1]; c != 'l' && c != 's' && c != 'z' {
				b = b[:len(b)-1]
			}
		case measure(b) == 1 && cvc(b):
			b = append(b, 'e')
		}
	}
	// Step 1c: y → i when the stem has a vowel.
	if len(b) > 1 && b[len(b)-1] == 'y' && hasVowel(b[:len(b)-1]) {
		b[len(b)-1] = 'i'
	}
	// Steps 2 and 3: (m>0) suffix replacements.
	for _, idx := range []*[26][]rule{&step2Idx, &step3Idx} {
		if r, ok := longest(idx, b); ok {
			stem := b[:len(b)-len(r.suffix)]
			if measure(stem) > 0 {
				b = append(stem, r.repl...)
			}
		}
	}
	// Step 4: (m>1) suffix removal; -ion only after s or t.
	if r, ok := longest(&step4Idx, b); ok {
		stem := b[:len(b)-len(r.suffix)]
		if measure(stem) > 1 {
			if r.suffix != "ion" || (len(stem) > 0 && (stem[len(stem)-1] == 's' || stem[len(stem)-1] == 't')) {
				b = stem
			}
		}
	}
	// Step 5a: remove a final e.
	if b[len(b)-1] == 'e' {
		stem := b[:len(b)-1]
		if m := measure(stem); m > 1 || (m == 1 && !cvc(stem)) {
			b = stem
		}
	}
	// Step 5b: -ll → -l when m>1.
	if len(b) > 1 && b[len(b)-1] == 'l' && doubleCons(b) && measure(b) > 1 {
		b = b[:len(b)-1]
	}
	return b
}

// irregular maps common irregular English plurals (and a few forms Porter
// leaves apart from their singular) to the stem of the singular.
var irregular = map[string]string{
	"children": "child", "men": "man", "women": "woman", "people": "peopl", "feet": "foot",
	"teeth": "tooth", "mice": "mous", "geese": "goos", "oxen": "ox", "lice": "lous",
	"analyses": "analysi", "diagnoses": "diagnosi", "prognoses": "prognosi", "theses": "thesi",
	"crises": "crisi", "criteria": "criterion", "phenomena": "phenomenon", "data": "data",
	"indices": "index", "appendices": "appendix", "matrices": "matrix", "vertices": "vertex",
}

// homographs keeps apart words Porter's rules give one stem though they
// mean different things in the registers people search (reference pages,
// handbooks, programming books): a question about a "terminal" must not
// find "terminally ill", "several" is not "severe", "paste" not "past".
// Each row is one meaning taken out of a shared stem, with its inflections;
// the other meaning keeps Porter's stem. Picked from the stem classes of
// ../shared/corpus whose words are common and differ in meaning, not from
// any question. Related words (severe and severity, general and generally)
// stay together.
var homographs = map[string]string{}

// fixedStems are the words whose stem is not Porter's: the homographs, the
// irregular plurals, and the British spellings with their American
// spelling's stem (british.go), so that a word costs one lookup before
// Porter's rules.
var fixedStems = map[string]string{}

// englishStem is the stem the index and queries use for a lower-case
// English word: Porter's, but for the fixed stems and the medical
// digraphs (british.go).
func englishStem(b []byte) []byte {
	if stem, ok := fixedStems[string(b)]; ok {
		return append(b[:0], stem...)
	}
	if n := len(b); hasDigraph(b) {
		if b = foldDigraphs(b); len(b) != n {
			if stem, ok := fixedStems[string(b)]; ok {
				return append(b[:0], stem...)
			}
		}
	}
	return porterStem(b)
}

func init() {
	for stem, words := range map[string]string{
		"several":       "several",
		"general":       "general generally generalize generalized generalizes generalization generalizations",
		"generic":       "generic generics generically",
		"organiz":       "organization organizations organizational organize organized organizes organizing organizer organizers",
		"organic":       "organic",
		"organism":      "organism organisms",
		"experiment":    "experiment experiments experimental experimentally experimented experimenting experimentation",
		"terminal":      "terminal terminals",
		"terminally":    "terminally",
		"medical":       "medical medically",
		"lateral":       "lateral laterally",
		"quite":         "quite",
		"customer":      "customer customers",
		"numerous":      "numerous",
		"identical":     "identical identically",
		"authority":     "authority authorities",
		"authoriz":      "authorization authorizations authorize authorized authorizes authorizing",
		"international": "international internationally",
		"memorial":      "memorial memorials",
		"important":     "important importantly importance",
		"formation":     "formation formations",
		"positive":      "positive positively positives",
		"conversation":  "conversation conversations conversational",
		"ide":           "ide ides",
		"transition":    "transition transitions transitional transitioned transitioning",
		"transitive":    "transitive transitively",
		"executive":     "executive executives",
		"communic":      "communication communications communicate communicates communicated communicating",
		"contraction":   "contraction contractions",
		"webbed":        "webbed webbing",
		"edition":       "edition editions",
		"news":          "news",
		"business":      "business businesses",
		"paste":         "paste pasted pastes pasting",
		"animal":        "animal animals",
		"objective":     "objective objectives",
		"univers":       "universe universes",
		"university":    "university universities",
	} {
		for _, w := range strings.Fields(words) {
			homographs[w] = stem
			fixedStems[w] = stem
		}
	}
	for w, base := range irregular {
		if _, ok := fixedStems[w]; !ok {
			fixedStems[w] = base
		}
	}
	addBritishSpellings()
}
