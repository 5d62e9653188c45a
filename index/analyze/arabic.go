package analyze

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Light Arabic stemming in the spirit of Larkey et al.'s Light10, applied to
// words made only of Arabic letters after normalisation (so ة is already ه
// and ى is already ي). It is deliberately conservative: false conflations
// hurt precision more than missed ones hurt recall for a personal index.
//
//  1. Strip a leading و ("and") if at least 3 letters remain.
//  2. Strip one article form (وال، بال، كال، فال، ال، لل), longest first,
//     if at least 2 letters remain.
//  3. Strip one suffix (ها، ان، ات، ون، ين، يه، ه، ي), longest first, if at
//     least 3 letters remain. Light10 allows 2; 3 keeps short words such as
//     وجه، فيه، منه، سنة from collapsing onto unrelated 2-letter words.
//
// All letters involved are 2-byte UTF-8, so lengths below are in bytes.

const (
	arWaw = "و"
)

var (
	arArticles = [...]string{"وال", "بال", "كال", "فال", "ال", "لل"}
	arSuffixes = [...]string{"ها", "ان", "ات", "ون", "ين", "يه", "ه", "ي"}
	// The name of God with its proclitics would otherwise lose its article
	// and collide with the pronoun له.
	arAllah = map[string]bool{
		"الله": true, "لله": true, "والله": true, "بالله": true,
		"تالله": true, "فالله": true, "ولله": true, "فلله": true,
	}
)

func hasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

// arabicStripPrefix applies steps 1 and 2.
func arabicStripPrefix(w []byte) []byte {
	if arAllah[string(w)] {
		return append(w[:0], "الله"...)
	}
	if hasPrefix(w, arWaw) && len(w)-len(arWaw) >= 3*2 {
		w = w[len(arWaw):]
	}
	for _, p := range arArticles {
		if hasPrefix(w, p) && len(w)-len(p) >= 2*2 {
			w = w[len(p):]
			break
		}
	}
	return w
}

func arabicStem(w []byte) []byte {
	if arAllah[string(w)] {
		return append(w[:0], "الله"...)
	}
	w = arabicStripPrefix(w)
	for _, s := range arSuffixes {
		if hasSuffix(w, s) && len(w)-len(s) >= 3*2 {
			return w[:len(w)-len(s)]
		}
	}
	return w
}

// ArabicVariants returns the index terms of other forms a typed Arabic
// word commonly takes in reference text, for a query to look for as well:
// a question says أحذف ("I delete") or يشتغل where the text says حذف, and
// writes the adverb نهائيًا where the text has نهائية. Light10 leaves both
// alone on purpose (stripping them from every indexed word would merge
// unrelated words), so only the query tries them, and a caller keeps those
// the library knows. Forms tried: without a leading present-tense prefix
// (ا ي ت; not ن, which begins too many stems, nor the article's alef) when
// 3 letters remain, without a final alef (the adverbial
// tanween) when 3 letters remain, and both; never a function word.
func ArabicVariants(word string) []string {
	w := Fold(word)
	if w == "" || strings.ContainsRune(w, ' ') || !isArabicWord(w) {
		return nil
	}
	self := IndexText(word)
	var out []string
	add := func(v string) {
		if utf8.RuneCountInString(v) < 3 {
			return
		}
		t := IndexText(v)
		// أغير ("I change") less its prefix is غير ("not"): a function
		// word is another word, not a form of this one.
		if t == "" || t == self || strings.ContainsRune(t, ' ') || slices.Contains(out, t) || IsStopword(t) {
			return
		}
		out = append(out, t)
	}
	stripped := w
	for _, p := range []string{"ا", "ي", "ت"} {
		if strings.HasPrefix(w, p) && !strings.HasPrefix(w, "ال") {
			stripped = w[len(p):]
			add(stripped)
			break
		}
	}
	if strings.HasSuffix(w, "ا") {
		add(w[:len(w)-len("ا")])
		if stripped != w && strings.HasSuffix(stripped, "ا") {
			add(stripped[:len(stripped)-len("ا")])
		}
	}
	return out
}

func isArabicWord(w string) bool {
	for _, r := range w {
		if r < 0x0600 || r > 0x06FF {
			return false
		}
	}
	return true
}

// ArabicProclitics returns the index terms of an Arabic word without the
// one-letter words written onto it: a conjunction (و، ف), then a
// preposition or particle (ب، ل، ك، س), at least 3 letters left; after
// و، ف، ب and س, which come before a verb in the present tense (وأمنع,
// "and I prevent"; everyday speech's بيفحص, "he checks"; سيفحص, "he will
// check"), also what is left without that tense's prefix
// (ArabicVariants). A question writes لأجزاء ("into parts") where the
// page says أجزاء, and وبحاول ("and I'm trying") for حاول; Light10 strips
// neither, because on every indexed word it would merge unrelated ones (ب
// begins بحر, "sea"). So only a word the library does not know is tried
// this way, before it is taken for a typo (index/plan.go), and a caller
// keeps the forms the library holds. The word's own ArabicVariants are
// not repeated.
func ArabicProclitics(word string) []string {
	w := Fold(word)
	if w == "" || strings.ContainsRune(w, ' ') || !isArabicWord(w) {
		return nil
	}
	self := IndexText(word)
	variants := ArabicVariants(word) // not said twice
	var out []string
	add := func(v string) {
		t := IndexText(v)
		if t == "" || t == self || strings.ContainsRune(t, ' ') || slices.Contains(out, t) || slices.Contains(variants, t) || IsStopword(t) {
			return
		}
		out = append(out, t)
	}
	rest := func(w, p string) (string, bool) {
		r, ok := strings.CutPrefix(w, p)
		return r, ok && utf8.RuneCountInString(r) >= 3
	}
	verb := func(r string) { // what is left may be a verb in the present tense
		for _, v := range ArabicVariants(r) {
			if v != self && !slices.Contains(out, v) && !slices.Contains(variants, v) {
				out = append(out, v)
			}
		}
	}
	words := []string{w}
	for _, p := range []string{"و", "ف"} {
		if r, ok := rest(w, p); ok {
			words = append(words, r)
			add(r)
			verb(r)
		}
	}
	for _, w := range words {
		for _, p := range []string{"ب", "ل", "ك", "س"} {
			if r, ok := rest(w, p); ok {
				add(r)
				if p == "ب" || p == "س" {
					verb(r)
				}
			}
		}
	}
	return out
}

// ArabicPrepositions returns the index terms of an Arabic word with a
// one-letter preposition or conjunction written onto it (ل، ب، ك، ف), the
// other way round from ArabicProclitics: a question says الجهاز ("the
// device") where the page says لجهاز الكمبيوتر ("for the computer's
// device"). A noun that governs another (an idafa) takes no article, so
// the index keeps لجهاز whole (Light10 strips only the article forms), and
// without this the page never matches the word. A caller keeps the forms
// the library holds.
func ArabicPrepositions(word string) []string {
	w := Fold(word)
	if w == "" || strings.ContainsRune(w, ' ') || !isArabicWord(w) {
		return nil
	}
	self := IndexText(word)
	if utf8.RuneCountInString(self) < 3 || IsStopword(self) {
		return nil
	}
	var out []string
	for _, p := range []string{"ل", "ب", "ك", "ف"} {
		t := IndexText(p + self)
		if strings.HasPrefix(t, p) && t != self && !strings.ContainsRune(t, ' ') && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// IsArabicTerm reports an index term written only in Arabic letters.
func IsArabicTerm(term string) bool { return term != "" && isArabicWord(term) }

// IsLatinTerm reports a term of the letters a to z only: an English word,
// or a name, command or API in Latin letters.
func IsLatinTerm(term string) bool {
	for i := 0; i < len(term); i++ {
		if term[i] < 'a' || term[i] > 'z' {
			return false
		}
	}
	return term != ""
}
