package query

import (
	"strings"
	"unicode/utf8"

	"folio/index/analyze"
)

// Arabic questions about computing often write an English word in Arabic
// letters, as it is said: كومبوننت (component), السيرفر (the server),
// البورت (the port). Arabic documentation writes the Arabic word for it
// (مكون، خادم، منفذ) and its code keeps the English one, so neither holds
// what was typed. Arabic spells a loanword by its consonants: long vowels
// as ا و ي, short ones not at all, p as ب and v as ف. A typed word the
// library does not hold, whose consonants so read are those of a word of
// arabicComputing, stands for that word: Loanword gives its English and
// Arabic words, searched and counted as its forms.

// loanMinConsonants is the fewest consonants a loanword is matched on:
// with two, too many Arabic words of the library's own would match
// (زر "button" has the consonants of "user", عرف "know" those of "ref").
const loanMinConsonants = 3

// loanwords maps the consonants of arabicComputing's English words to
// their analysed terms.
var loanwords = func() map[string][]string {
	m := map[string][]string{}
	for _, pair := range arabicComputing {
		k := latinConsonants(pair[0])
		t := analyze.IndexText(pair[0])
		if len(k) >= loanMinConsonants && t != "" && !contains(m[k], t) {
			m[k] = append(m[k], t)
		}
	}
	return m
}()

// Loanword gives clause i, a word the library does not hold, the forms of
// the computing word it spells in Arabic letters, if it is one and has
// no forms of its own; it returns the clause.
func (q *Query) Loanword(i int) Clause {
	c := &q.Clauses[i]
	if len(c.Forms) == 0 && c.Optional() {
		c.Forms = loanword(c.Typed)
	}
	return *c
}

// loanword returns the forms of a typed Arabic word that spells a
// computing word of arabicComputing: the English word's term and the words
// it is linked to (component: مكون). Nil for any other word. The word is
// tried as typed and without a proclitic (بورت, لبورت), or only without
// the article (السيرفر, للكومبوننت), then without the plural ات.
func loanword(typed string) []string {
	if typed == "" || !analyze.IsArabicTerm(analyze.IndexText(typed)) {
		return nil
	}
	tries := []string{typed}
	for _, p := range []string{"وال", "بال", "فال", "كال", "لل", "ال", "و", "ب", "ل", "ف", "ك"} {
		if rest, ok := strings.CutPrefix(typed, p); ok && utf8.RuneCountInString(rest) >= 3 {
			if utf8.RuneCountInString(p) > 1 {
				tries = tries[:0] // an article is never part of a loanword (الصوت is not "list")
			}
			tries = append(tries, rest)
			break
		}
	}
	for _, w := range tries {
		if rest, ok := strings.CutSuffix(w, "ات"); ok && utf8.RuneCountInString(rest) >= 3 {
			tries = append(tries, rest)
		}
	}
	for _, w := range tries {
		if terms := loanwords[arabicConsonants(w)]; len(terms) > 0 {
			var out []string
			for _, t := range terms {
				out = append(out, t)
				for _, l := range everyday[t] {
					if !contains(out, l) {
						out = append(out, l)
					}
				}
			}
			return out
		}
	}
	return nil
}

// arabicConsonants reads an Arabic word's letters as the Latin consonant
// classes latinConsonants writes: long vowels and hamza carriers are
// vowels; ع, ح and letters of no Latin sound never match; a repeated class
// counts once (a doubled Latin letter is written once in Arabic); a final
// ه or ة is a vowel.
func arabicConsonants(w string) string {
	var b []byte
	for _, r := range w {
		var c byte
		switch r {
		case 'ا', 'أ', 'إ', 'آ', 'و', 'ي', 'ى', 'ة', 'ء', 'ؤ', 'ئ', 'ـ':
			continue
		case 'ب', 'پ':
			c = 'B'
		case 'ت', 'ط', 'ث':
			c = 'T'
		case 'د', 'ض':
			c = 'D'
		case 'س', 'ص', 'ز', 'ذ', 'ظ':
			c = 'S'
		case 'ش':
			c = 'X'
		case 'ر':
			c = 'R'
		case 'ل':
			c = 'L'
		case 'م':
			c = 'M'
		case 'ن':
			c = 'N'
		case 'ف', 'ڤ':
			c = 'F'
		case 'ك', 'ق', 'خ':
			c = 'K'
		case 'ج', 'غ', 'گ':
			c = 'G'
		case 'ه':
			c = 'H'
		default:
			c = '?'
		}
		n := len(b)
		switch {
		case n > 0 && c == 'X' && b[n-1] == 'T': // تش writes ch
			b[n-1] = c
		case n == 0 || b[n-1] != c:
			b = append(b, c)
		}
	}
	return strings.TrimSuffix(string(b), "H")
}

// latinConsonants writes an English word's consonant sounds in the classes
// Arabic letters have: p and b are one letter (ب), as are f and v (ف), s
// and z; sh, ch and the ti of -tion are ش; vowels, w and y are not written.
func latinConsonants(w string) string {
	w = strings.NewReplacer("x", "ks", "tion", "xn", "sion", "xn", "sh", "x", "ch", "x", "ph", "f", "ck", "k", "th", "t", "qu", "k").
		Replace(strings.ToLower(w))
	var b []byte
	for i := 0; i < len(w); i++ {
		var c byte
		switch w[i] {
		case 'b', 'p':
			c = 'B'
		case 't':
			c = 'T'
		case 'd':
			c = 'D'
		case 's', 'z':
			c = 'S'
		case 'x':
			c = 'X'
		case 'r':
			c = 'R'
		case 'l':
			c = 'L'
		case 'm':
			c = 'M'
		case 'n':
			c = 'N'
		case 'f', 'v':
			c = 'F'
		case 'k', 'q':
			c = 'K'
		case 'c':
			c = 'K'
			if i+1 < len(w) && strings.IndexByte("eiy", w[i+1]) >= 0 {
				c = 'S'
			}
		case 'g', 'j':
			c = 'G'
		case 'h':
			c = 'H'
		default:
			continue
		}
		n := len(b)
		switch {
		case n > 0 && c == 'X' && b[n-1] == 'T': // watcher: واتشر
			b[n-1] = c
		case n == 0 || b[n-1] != c:
			b = append(b, c)
		}
	}
	return string(b)
}
