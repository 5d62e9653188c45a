package analyze

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"folio/assets/hanzi"
)

// Language tells which language a text is written in, well enough for a
// search to prefer passages in the question's language: libraries such as
// tldr hold the same page in forty languages, whose commands and code are
// the same words, so without it an English question ranks a Korean page
// as highly as the English one.
//
// It returns a script tag for the scripts that name their language well
// enough ("zh", "ja", "ko", "ru" for Cyrillic, "el", "he", "hi", "th",
// "bn", "ta" and the other scripts of India and South-East Asia, "ka",
// "hy", "am"; "other" for a script not listed), for Arabic script the language its letters show ("ar", or "fa" and "ur"
// by the letters Persian and Urdu write and Arabic does not), and for
// Latin text the language whose function words it uses most ("en", "es",
// "fr", "de", "pt", "it", "nl", "pl", "tr", "id", "sv", "cs", "ro", "vi",
// "no", "da", "fi", "uz"),
// or "latin" when it has too few to tell. Chinese is "zh-hans" or
// "zh-hant" when more of its characters are ones only Simplified, or only
// Traditional, Chinese writes (assets/hanzi): tldr holds its pages in both,
// and a question typed in one cannot quote an answer written in the other
// (工具链 against 工具鏈); "zh" when they do not tell. Code (fenced blocks
// and `inline code`) is left out: it is the same in every language. ""
// means no letters to judge by.
func Language(text string) string {
	var c langCounter
	c.word = make([]byte, 0, 32)
	inFence := false
	for line := range strings.SplitSeq(text, "\n") {
		if c.words >= enoughWords {
			break
		}
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
			continue
		}
		if !inFence {
			c.line(line)
		}
	}
	return c.verdict()
}

// langCounter counts a text's words by script, and its Latin function
// words by language.
type langCounter struct {
	scripts       [scriptCount]int
	arabicLetters [3]int // letters only Arabic, Persian or Urdu writes
	hans, hant    int    // Han characters only Simplified, or only Traditional, Chinese writes
	latinWords    [latinLangs]int
	word          []byte // the Latin word being read, lower case
	words         int
	inCode, inTag bool
	// glued: the run of letters touches a digit (S3, mp3, v2, 2to3): a
	// name or a version, not a word, so not a function word ("s" and "v"
	// are Czech ones).
	glued bool
}

// line counts one line of prose, leaving out what is code in any language.
func (c *langCounter) line(line string) {
	c.inCode, c.inTag = false, false
	for f := range strings.FieldsSeq(line) {
		// Web addresses are Latin in every language (a Chinese page's
		// "more information" link).
		if !strings.Contains(f, "://") && !c.field(f) {
			return
		}
		c.endWord()
	}
}

// field counts one space-separated field; false when enough words are read.
func (c *langCounter) field(f string) bool {
	prev := scriptNone
	for _, r := range f {
		if r == '`' {
			c.inCode = !c.inCode
			c.endWord()
			continue
		}
		// HTML tags and {{placeholders}} are code too.
		switch {
		case r == '<' || r == '{':
			c.inTag = true
		case c.inTag && (r == '>' || r == '}'):
			c.inTag = false
			continue
		}
		if c.inCode || c.inTag {
			continue
		}
		s := scriptOf(r)
		// Scripts are weighed by words, not letters: a Latin word is a run
		// of letters, while one Han character or kana is already about a
		// word.
		if s != scriptNone && (s != prev || s == scriptHan || s == scriptKana) {
			if c.words++; c.words > enoughWords {
				return false
			}
			c.scripts[s]++
		}
		prev = s
		if s == scriptArabic {
			c.arabicLetter(r)
		}
		if s == scriptHan {
			switch hanzi.Variant(r) {
			case hanzi.Simplified:
				c.hans++
			case hanzi.Traditional:
				c.hant++
			}
		}
		switch {
		case s == scriptLatin && c.glued:
		case s == scriptLatin && r < 0x80 && len(c.word) < 32:
			c.word = append(c.word, byte(r)|0x20) // ASCII letters: lower case
		case s == scriptLatin && len(c.word) < 32:
			c.word = utf8.AppendRune(c.word, unicode.ToLower(r))
		case unicode.IsDigit(r):
			c.word, c.glued = c.word[:0], true
		default:
			c.endWord()
		}
	}
	return true
}

func (c *langCounter) endWord() {
	c.glued = false
	if len(c.word) > 0 && len(c.word) <= maxFunctionWord {
		for _, l := range functionWords[string(c.word)] {
			c.latinWords[l]++
		}
	}
	c.word = c.word[:0]
}

func (c *langCounter) verdict() string {
	best, other, words := scriptNone, scriptNone, 0
	for s, n := range c.scripts {
		words += n
		if n > c.scripts[best] {
			best = script(s)
		}
		if script(s) != scriptLatin && n > c.scripts[other] {
			other = script(s)
		}
	}
	if words == 0 {
		return ""
	}
	// Latin words in another script's text are mostly names and commands
	// ("Vue 3 ومتصفح IE11", "ubuntu上怎么关掉apache"): a third of the words
	// in the other script are enough to call it that language.
	if other != scriptNone && c.scripts[other]*3 >= words {
		best = other
	}
	// Japanese writes kanji (Han) with kana between; a few kana in Chinese
	// text are rare, so a tenth of the Han count decides.
	if best == scriptHan && c.scripts[scriptKana]*10 >= c.scripts[scriptHan] {
		best = scriptKana
	}
	if best == scriptArabic {
		return c.arabicVerdict()
	}
	if best == scriptHan {
		switch {
		case c.hans > c.hant:
			return "zh-hans"
		case c.hant > c.hans:
			return "zh-hant"
		}
	}
	if best != scriptLatin {
		return scriptTags[best]
	}
	lang, n := 0, 0
	for l, k := range c.latinWords {
		if k > n {
			lang, n = l, k
		}
	}
	if n < minFunctionWords {
		return "latin"
	}
	return latinTags[lang]
}

// The languages of Arabic script told apart: tldr holds as many Persian
// pages as Arabic ones, with the same commands, and an Arabic question
// matched Persian words spelt alike once folded (لینک, اسم).
const (
	arabic = iota
	persian
	urdu
)

// arabicLetter counts a letter one of the three writes and the others do
// not: Arabic's yeh, kaf, teh marbuta and alef maksura (Persian and Urdu
// write ی and ک instead); Persian's پ چ ژ گ ک ی (Urdu writes them too);
// Urdu's own ٹ ڈ ڑ ں ہ ھ ے.
func (c *langCounter) arabicLetter(r rune) {
	switch r {
	case 'ي', 'ك', 'ة', 'ى':
		c.arabicLetters[arabic]++
	case 'پ', 'چ', 'ژ', 'گ', 'ک', 'ی':
		c.arabicLetters[persian]++
	case 'ٹ', 'ڈ', 'ڑ', 'ں', 'ہ', 'ھ', 'ے':
		c.arabicLetters[urdu]++
	}
}

// arabicVerdict: Arabic unless Persian's or Urdu's own letters outnumber
// Arabic's (a short text with none of them is Arabic: it cannot be told,
// and most Arabic-script questions asked of these libraries are Arabic).
func (c *langCounter) arabicVerdict() string {
	n := c.arabicLetters
	switch {
	case n[urdu] > 0 && n[urdu]+n[persian] > n[arabic]:
		return "ur"
	case n[persian] > n[arabic]:
		return "fa"
	}
	return "ar"
}

// Compatible reports whether a passage in language p may answer a
// question in language q: the same language, or either too little text to
// tell ("" or "latin" where the other is a Latin language, "zh" where the
// other is Simplified or Traditional Chinese).
func Compatible(q, p string) bool {
	if q == "" || p == "" || q == p {
		return true
	}
	if strings.HasPrefix(q, "zh") && strings.HasPrefix(p, "zh") {
		return q == "zh" || p == "zh" // Simplified and Traditional differ
	}
	if q == "latin" {
		return isLatinTag(p)
	}
	if p == "latin" {
		return isLatinTag(q)
	}
	return false
}

// KeywordLanguage is the Latin language of a query too short to tell by
// its function words ("mac eject stuck cd from terminal"), from the
// languages of its best candidates in the first stage's order: the one
// most of them are written in, since they hold its words. tldr keeps each
// page in a score of Latin languages whose commands are the same words;
// without it, an English keyword query ranks the French page with the
// English one. It stays "latin" when no language is clearly ahead.
func KeywordLanguage(candidates []string) string {
	count := map[string]int{}
	for _, l := range candidates[:min(len(candidates), keywordJudges)] {
		if l != "latin" && isLatinTag(l) {
			count[l]++
		}
	}
	best, most, second := "latin", 0, 0
	for l, c := range count {
		switch {
		case c > most:
			best, most, second = l, c, most
		case c > second:
			second = c
		}
	}
	// Clearly ahead of every other language: twice the next one's pages
	// (tldr's twenty translations of a page are one vote each).
	if most < 2 || most < 2*second {
		return "latin"
	}
	return best
}

// keywordJudges is how many of the best candidates tell a keyword query's
// language (10 and 60 measured the same on the tune sets).
const keywordJudges = 30

func isLatinTag(t string) bool {
	if t == "latin" {
		return true
	}
	for _, l := range latinTags {
		if l == t {
			return true
		}
	}
	return false
}

// enoughWords is how many words Language reads: a passage's language
// shows in its first lines, and a search judges up to 300 passages.
const enoughWords = 80

// minFunctionWords is how many function words of one language a Latin
// text needs before it is said to be in that language: one "a" or "de"
// is shared by many.
const minFunctionWords = 2

type script int

const (
	scriptNone script = iota
	scriptLatin
	scriptHan
	scriptKana
	scriptHangul
	scriptArabic
	scriptCyrillic
	scriptGreek
	scriptHebrew
	scriptDevanagari
	scriptThai
	scriptBengali
	scriptTamil
	scriptMalayalam
	scriptLao
	scriptTelugu
	scriptKannada
	scriptGujarati
	scriptGurmukhi
	scriptGeorgian
	scriptArmenian
	scriptSinhala
	scriptKhmer
	scriptMyanmar
	scriptEthiopic
	// scriptOther is any other letter: a script not listed here is still
	// not Latin, so its pages do not pass for an English question's.
	scriptOther
	scriptCount
)

var scriptTags = [scriptCount]string{"", "latin", "zh", "ja", "ko", "ar", "ru", "el", "he", "hi", "th",
	"bn", "ta", "ml", "lo", "te", "kn", "gu", "pa", "ka", "hy", "si", "km", "my", "am", "other"}

var scriptTables = []struct {
	s script
	t *unicode.RangeTable
}{
	{scriptLatin, unicode.Latin}, {scriptHan, unicode.Han}, {scriptKana, unicode.Hiragana}, {scriptKana, unicode.Katakana},
	{scriptHangul, unicode.Hangul}, {scriptArabic, unicode.Arabic}, {scriptCyrillic, unicode.Cyrillic},
	{scriptGreek, unicode.Greek}, {scriptHebrew, unicode.Hebrew}, {scriptDevanagari, unicode.Devanagari},
	{scriptThai, unicode.Thai}, {scriptBengali, unicode.Bengali}, {scriptTamil, unicode.Tamil},
	{scriptMalayalam, unicode.Malayalam}, {scriptLao, unicode.Lao}, {scriptTelugu, unicode.Telugu},
	{scriptKannada, unicode.Kannada}, {scriptGujarati, unicode.Gujarati}, {scriptGurmukhi, unicode.Gurmukhi},
	{scriptGeorgian, unicode.Georgian}, {scriptArmenian, unicode.Armenian}, {scriptSinhala, unicode.Sinhala},
	{scriptKhmer, unicode.Khmer}, {scriptMyanmar, unicode.Myanmar}, {scriptEthiopic, unicode.Ethiopic},
}

func scriptOf(r rune) script {
	if r < 0x80 {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return scriptLatin
		}
		return scriptNone
	}
	if !unicode.IsLetter(r) {
		return scriptNone
	}
	for _, st := range scriptTables {
		if unicode.Is(st.t, r) {
			return st.s
		}
	}
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return scriptNone
	}
	return scriptOther
}

// The Latin languages told apart, and each one's commonest function
// words: words a text cannot avoid, rarely shared with the others (a word
// shared by several counts for each).
var latinTags = []string{"en", "es", "fr", "de", "pt", "it", "nl", "pl", "tr", "id", "sv", "cs", "ro", "vi", "no", "da", "fi", "uz"}

const latinLangs = 18

var latinLists = [latinLangs]string{
	"the of and to a in is that for it with as was on are be this by or from an which you your how what can do does not have has my i if when",
	"el la los las de que y en un una es por para con del se su al lo como más o pero sus le ya este esta entre cuando muy sin sobre",
	"le la les de des et un une est du en que qui dans pour pas sur au avec ce il sont par ou vous leur plus",
	"der die das und ist nicht ein eine zu den von mit sich des auf für im dem werden wird oder auch es an als bei",
	"o a os as de que e do da em um uma para com não por mais dos das ao se na no é como este ou são seu sua sobre também",
	"il lo la i gli le di e che un una è per non con del della dei sono si nel da al come anche più su questo questa nella alla delle",
	"de het een en van is dat op te in voor niet met zijn er aan ook als bij door naar uit wordt",
	"i w z na się nie do jest to że od jak po co za ale są lub dla oraz przez",
	"bir ve bu için ile da de olarak ne ama gibi çok daha veya olan",
	"yang dan di ini itu dengan untuk dari tidak dalam akan pada ke adalah atau juga anda",
	"och att det som en är på av för med till den har inte om ett kan eller",
	"a je se na v že to s z do pro jako ale jsou nebo by od po",
	"și de la în cu un o pe care este nu din pentru sau mai ca al lui acest această sunt",
	"của và là có các được trong cho không một những với này để người khi",
	"og i er som en til av for på med det å ikke kan du har de et seg eller fra",
	"og i er at det som en til af for på med ikke kan du har de et eller fra",
	"ja on ei se että tai kun mutta myös joka jos ovat kanssa tämä",
	"va bilan uchun ham yoki ushbu bu barcha qilish",
}

var functionWords, maxFunctionWord = func() (map[string][]int, int) {
	m := map[string][]int{}
	longest := 0
	for l, list := range latinLists {
		for _, w := range strings.Fields(list) {
			m[w] = append(m[w], l)
			longest = max(longest, len(w))
		}
	}
	return m, longest
}()

// LanguageCache keeps the languages of passages read by earlier searches:
// a search as the user types meets the same candidates again and again,
// and reading a language is a tenth of a search's cost. A passage is known
// by its row and length (a changed passage gets a new row); the cache is
// emptied when full. Safe for concurrent use.
type LanguageCache struct {
	mu   sync.Mutex
	lang map[[2]int64]string
}

const languageCacheMax = 100_000

// Of is Language(text) for the passage in row.
func (c *LanguageCache) Of(row int64, text string) string {
	key := [2]int64{row, int64(len(text))}
	c.mu.Lock()
	defer c.mu.Unlock()
	if l, ok := c.lang[key]; ok {
		return l
	}
	if c.lang == nil || len(c.lang) > languageCacheMax {
		c.lang = map[[2]int64]string{}
	}
	l := Language(text)
	c.lang[key] = l
	return l
}
