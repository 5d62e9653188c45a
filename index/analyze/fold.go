package analyze

import "unicode"

// Character classes recorded while folding a word. The OR of the classes of
// a word's folded characters decides which stemmer (if any) applies.
const (
	clsLetter uint8 = 1 << iota // ASCII letter a-z (after folding)
	clsDigit                    // ASCII digit 0-9 (after folding)
	clsArabic                   // Arabic letter U+0621..U+064A (after folding)
	clsOther                    // anything else
	clsDrop                     // (arabicTab only) word rune that folds to nothing
)

// asciiKind classifies ASCII bytes: 0 for separators, else clsLetter/clsDigit.
// asciiLower lowercases ASCII letters. Tables beat branches on the hot path.
var asciiKind, asciiLower = func() (k, l [128]uint8) {
	for c := 0; c < 128; c++ {
		l[c] = uint8(c)
		switch {
		case c >= 'a' && c <= 'z':
			k[c] = clsLetter
		case c >= 'A' && c <= 'Z':
			k[c] = clsLetter
			l[c] = uint8(c + 'a' - 'A')
		case c >= '0' && c <= '9':
			k[c] = clsDigit
		}
	}
	return
}()

// latinBase maps U+00C0..U+024F and U+1E00..U+1EFF to the ASCII base letter
// of each character: '.' means "no ASCII base" (keep the character), '*'
// means "several letters", see latinMulti. It was derived from the Unicode
// NFKD decompositions with the combining marks dropped, plus hand entries for
// letters that do not decompose (ø, đ, ł, ı, ŋ, ƒ, ...). Doing this with a
// table keeps us off golang.org/x/text and costs one index per rune.
const latinBaseA = "" + // U+00C0..U+024F
	"aaaaaa*ceeeeiiiidnooooo.ouuuuy**aaaaaa*ceeeeiiiidnooooo.ouuuuy*y" +
	"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkk.lllllll" +
	"lllnnnnnnnnnoooooo**rrrrrrsssssssstttt..uuuuuuuuuuuuwwyyyzzzzzzs" +
	"b................ff.............oo.............uu....zz........." +
	"....*********aaiioouuuuuuuuuu.aaaa....ggkkoooo..j***gg..nnaa...." +
	"aaaaeeeeiiiioooorrrruuuusstt..hh......aaeeooooooooyy............" +
	"................"

const latinBaseB = "" + // U+1E00..U+1EFF (Latin Extended Additional: Vietnamese etc.)
	"aabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmm" +
	"mmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvv" +
	"wwwwwwwwwwxxxxyyzzzzzzhtwyasss*.aaaaaaaaaaaaaaaaaaaaaaaaeeeeeeee" +
	"eeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy......"

// latinMulti holds the '*' entries of the tables above.
func latinMulti(r rune) string {
	switch r {
	case 0xC6, 0xE6: // Æ æ
		return "ae"
	case 0xDE, 0xFE: // Þ þ
		return "th"
	case 0xDF, 0x1E9E: // ß ẞ
		return "ss"
	case 0x132, 0x133: // Ĳ ĳ
		return "ij"
	case 0x152, 0x153: // Œ œ
		return "oe"
	case 0x1C4, 0x1C5, 0x1C6, 0x1F1, 0x1F2, 0x1F3: // Ǆ ǅ ǆ Ǳ ǲ ǳ
		return "dz"
	case 0x1C7, 0x1C8, 0x1C9: // Ǉ ǈ ǉ
		return "lj"
	case 0x1CA, 0x1CB, 0x1CC: // Ǌ ǋ ǌ
		return "nj"
	}
	return ""
}

// latinFold returns the ASCII folding of a Latin letter (or of the Latin-1
// ordinal/superscript signs), and whether there is one.
func latinFold(r rune) (string, bool) {
	var c byte
	switch {
	case r >= 0xC0 && r <= 0x24F:
		c = latinBaseA[r-0xC0]
	case r >= 0x1E00 && r <= 0x1EFF:
		c = latinBaseB[r-0x1E00]
	case r == 0xAA: // ª
		return "a", true
	case r == 0xBA: // º
		return "o", true
	case r == 0xB2: // ²
		return "2", true
	case r == 0xB3: // ³
		return "3", true
	case r == 0xB9: // ¹
		return "1", true
	default:
		return "", false
	}
	switch c {
	case '.':
		return "", false
	case '*':
		return latinMulti(r), true
	}
	return asciiLetters[c-'a' : c-'a'+1], true
}

const asciiLetters = "abcdefghijklmnopqrstuvwxyz"

// arabicFold normalises one rune of the Arabic block (U+0600..U+06FF).
// It returns -1 for characters that are dropped (harakat, Quranic marks,
// tatweel), so vocalised and unvocalised spellings index the same.
func arabicFold(r rune) rune {
	switch {
	case r >= 0x64B && r <= 0x65F, // fathatan .. sukun, maddah/hamza above/below, ...
		r >= 0x610 && r <= 0x61A, // Quranic honorifics/marks
		r == 0x670,               // superscript alef
		r == 0x640,               // tatweel (kashida), pure typography
		r >= 0x6D6 && r <= 0x6ED: // Quranic annotation marks
		return -1
	case r == 0x623 || r == 0x625 || r == 0x622 || r == 0x671: // أ إ آ ٱ
		return 0x627 // ا
	case r == 0x649: // ى alef maqsura
		return 0x64A // ي
	case r == 0x629: // ة teh marbuta
		return 0x647 // ه
	case r >= 0x660 && r <= 0x669: // Arabic-Indic digits
		return '0' + r - 0x660
	case r >= 0x6F0 && r <= 0x6F9: // Extended (Persian/Urdu) digits
		return '0' + r - 0x6F0
	case r == 0x6A9: // Persian keheh ک
		return 0x643 // ك
	case r == 0x6CC: // Persian yeh ی
		return 0x64A // ي
	case r == 0x6C0: // Persian heh with yeh above ۀ
		return 0x647 // ه
	}
	return r
}

// arabicTab caches, for each rune of the Arabic block, whether it is a word
// rune and what it folds to: kind 0 = separator, clsDrop = dropped mark,
// else the class of the folded rune r.
var arabicTab = func() (t [256]struct {
	r    rune
	kind uint8
}) {
	for r := rune(0x600); r <= 0x6FF; r++ {
		e := &t[r-0x600]
		if !isWordRune(r) {
			continue
		}
		f := arabicFold(r)
		e.r = f
		switch {
		case f < 0:
			e.kind = clsDrop
		case f < 0x80:
			e.kind = clsDigit
		case f >= 0x621 && f <= 0x64A:
			e.kind = clsArabic
		default:
			e.kind = clsOther
		}
	}
	return
}()

// isCJK reports whether r is written without spaces between words and so is
// indexed as character bigrams: Han (incl. Extension A and compatibility
// ideographs), Hiragana, Katakana, Hangul, plus the prolonged sound mark and
// a few ideographic signs that Unicode assigns to the Common script.
func isCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	switch r {
	case 0x30FC, 0xFF70, 0x3006: // ー ｰ 〆
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// isApostrophe: characters that split "child's" into child + s so the clitic
// can be recognised and dropped. U+02BC is a letter in Unicode, hence listed.
func isApostrophe(r rune) bool {
	return r == '\'' || r == 0x2019 || r == 0x02BC || r == 0xFF07
}

// isIgnorable: invisible format characters that may sit inside a word
// (soft hyphen, zero-width joiners, word joiner, BOM). They neither split a
// word nor become part of its term.
func isIgnorable(r rune) bool {
	switch r {
	case 0xAD, 0x200C, 0x200D, 0x2060, 0xFEFF:
		return true
	}
	return false
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r)
}
