// Package query is the query language: what people type into a search
// box, never FTS5 syntax, parsed into clauses and turned into the FTS5
// expression that finds candidates.
//
//	word            a word to look for: passages are ranked by how many of the
//	                words they hold (rare words count most), how close
//	                together, and whether their heading names them
//	"exact phrase"  must appear: adjacent words in order; “typographic” and «guillemet» quotes too
//	word*           must appear as a prefix; "a phra"* (or "a phra*") makes the phrase's last word a prefix
//	-word -"phrase" exclude
//	in:word         must appear in the heading path (in:"phrase" too; -in:word excludes)
//	tag:x folder:x after:2024-03 before:2025   filters (filter.go), -tag:x negates
//
// Everything else is literal: AND/OR/NOT/NEAR are ordinary words, colons
// outside in: and control characters separate words, operators standing
// alone are ignored, an unbalanced quote is ignored (the words after it
// stay plain words).
// Each word goes through the same analyser as the index, so the FTS5
// expression only ever holds quoted analysed terms and cannot be a syntax
// error, whatever was typed. A word the analyser splits (mg/kg, e-mail, an
// unsegmented CJK run) becomes one term per piece, each able to match on
// its own, remembered as one word so that pieces found side by side count
// more (the CJK bigrams of a real word, mg next to kg). Plain stopword
// clauses are dropped when a content word remains; a lone CJK character
// becomes a prefix, since the index holds CJK text as bigrams.
package query

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"folio/index/analyze"
)

// Limits for pasted blobs: input past maxBytes (16 KiB) is ignored, the
// first maxClauses (64) distinct clauses are kept, and a phrase keeps
// its first maxPhraseTerms (32) terms. Real queries are far below all
// three; the limits only bound the work and the size of the MATCH
// expression.
const (
	maxBytes       = 16 << 10
	maxClauses     = 64
	maxPhraseTerms = 32
)

// Clause is one unit of a query.
type Clause struct {
	Terms       []string // analysed terms; more than one means a phrase (adjacent, in order)
	Prefix      bool     // the last term is a prefix (word*)
	Exclude     bool     // -word or -"phrase"
	HeadingOnly bool     // in:word — match only in the heading column
	Alts        []string // synonyms of a one-word clause that match in its place
	// Forms are other words of a one-word clause's English family
	// (absorb for absorption, assets/wordforms) and the words reference
	// text uses for an everyday one (car: vehicle, everyday.go): the
	// ranker counts them at half the word. The first stage searches them
	// only in the place of a word no passage holds (FormsInPlace), and
	// an everyday word's links beside it in a few keywords (Links):
	// for every query that lost on the tune half (README, Ranking).
	Forms []string
	// FormsInPlace is set when the library holds none of the word itself
	// but some of its Forms: the first stage searches those in its place,
	// or "absorption" alone finds nothing in notes that say "absorb".
	FormsInPlace bool
	// Links are what the first stage searches beside a word of a query of
	// fewer than longWords typed words: the words reference text uses for
	// an everyday one (car: vehicle, automobile; forwardLinks), and the
	// Arabic word for a computing one only in an Arabic question (group:
	// مجموعة; an English "vue component props" does not fill its
	// candidates with Arabic pages). Its few candidates should hold what
	// its few words name, as the pages write it ("VA car grant amount":
	// the page that answers says vehicle, and was no candidate). Not a
	// word's whole family: WordNet's mixes senses (terminal, terminally
	// ill), and the tune half preferred the links alone; nor the links
	// back (vehicle: car, policy: rules), which moved no question and cost
	// postings. The word is weighed over the passages holding it or its
	// links, as a synonym is (its IDF from the word alone lost a first
	// place on the tune half).
	Links []string
	Exact bool // typed in quotes: no synonyms, no corrections
	// Word numbers the typed word the clause came from: pieces of one word
	// (bigrams of a CJK run) share it, and count more when found adjacent.
	Word int
	// Implicit marks a prefix the parser chose (a lone CJK character), not
	// one that was typed: it stays optional like a plain word.
	Implicit bool
	// Typed is the text the clause came from, as typed.
	Typed string
	// Idiom marks a clause that stands for a lay idiom (idioms.go): Typed
	// is the idiom, Terms the word reference text uses for it, Says the
	// idiom's own words, searched instead in a library that holds nothing
	// of what it means (a diary's "ringing in the ears", no tinnitus).
	Idiom bool
	Says  []Clause
	// Repeats counts the times the word was typed again (BM25's query
	// term frequency).
	Repeats int
}

// Optional reports a plain word: it ranks passages but none must hold it.
func (c Clause) Optional() bool {
	return len(c.Terms) == 1 && !c.Exclude && !c.HeadingOnly && !c.Exact && (!c.Prefix || c.Implicit)
}

// Required reports a clause every result must satisfy: a quoted phrase, a
// typed prefix, in:.
func (c Clause) Required() bool { return !c.Exclude && !c.Optional() }

// Query is a parsed search query.
type Query struct {
	Clauses []Clause
	// Quantity is set when the query asks for an amount or a time ("how
	// many", "when", كم, 多少): passages with a number near its words rank
	// higher.
	Quantity bool
	// Duration is set when it asks how long or how soon ("how long",
	// "how much notice", 多久): the number that answers is a span of
	// time, so a number of days or hours counts where another does not.
	Duration bool
	// Money is set when it asks how much is paid or costs ("how much
	// will VA pay", 多少钱): an amount of money or a percentage answers.
	Money bool
	// Rate is set when it asks how common or how often ("how common is
	// CVID", "what share of crashes"): a share answers (1 in 2,000, 10%,
	// more than half, once every 2 weeks).
	Rate bool
	// Age is set when it asks at what age or how old ("age limit for my
	// son", 几岁): an age answers (before age 4, 26 years old, in your
	// thirties, your 70th birthday).
	Age bool
	// Shape is the cue word dropped from a question because it says the
	// answer's shape, not its topic ("long" of "how long"; dropCues).
	Shape string
	// Filters narrow the documents searched (tag:, folder:, after:,
	// before:; filter.go).
	Filters []Filter
	// Words are the typed words, as typed, by Clause.Word: one word may
	// make several clauses (a CJK run's pairs, the pieces of v-for).
	Words []string
	// Lang is the language of what was typed (analyze.Language).
	Lang string
	// Options are the words typed with a leading - in a question that were
	// read as a command's options, not exclusions (alwaysOption), as typed.
	Options []string
}

// alwaysOption reports a word typed after a - that names a command-line
// option or a number in any query, never a word to leave out: a second -
// (--inspect, --max-old-space-size), one Latin letter (-g), a number (-9,
// a minus sign: "store at -20"). In a question any - word is an option
// too ("built with -cover", "run with -race"): leaving out "inspect" from a
// question about the debugger hid every page that answers it. A keyword
// query keeps the query language's -word.
func alwaysOption(word string) bool {
	w := strings.TrimRight(word, "-*")
	letter := len(w) == 1 && ('a' <= w[0] && w[0] <= 'z' || 'A' <= w[0] && w[0] <= 'Z')
	number := w != "" && '0' <= w[0] && w[0] <= '9'
	return strings.HasPrefix(word, "-") || letter || number
}

// readOption searches c, a word typed after a - (npm install -g, node
// --inspect, go test -race), as the option it names instead of leaving it
// out, when alwaysOption says so or it stands in a question (sentence) and
// is written in Latin letters, as options are (-مرضية in an Arabic question
// is still left out); the options only a question made so are listed for
// the notice.
func (q *Query) readOption(c *Clause, word, typed string, sentence bool) {
	if !c.Exclude || c.HeadingOnly {
		return
	}
	toks := analyze.Tokens(word)
	if len(toks) == 0 {
		return
	}
	latin := true
	for _, t := range toks {
		latin = latin && strings.IndexFunc(t.Term, func(r rune) bool { return r >= utf8.RuneSelf }) < 0
	}
	if always := alwaysOption(word); always || sentence && latin {
		c.Exclude = false
		if !always {
			q.Options = append(q.Options, strings.TrimRightFunc(typed, func(r rune) bool { return r != '-' && unicode.IsPunct(r) }))
		}
	}
}

// operatorNot reports typed, a plain word, as the operator NOT of other
// search tools ("fever NOT child": leave child out), written in capitals
// after a word searched (or a filter) and before another, in a keyword
// query. In a question a capital NOT is emphasis ("why does it NOT
// stop"), and a word the question says.
func (q *Query) operatorNot(c Clause, typed, rest string, sentence bool) bool {
	if typed != "NOT" || c.Exclude || sentence || strings.TrimFunc(rest, isSep) == "" {
		return false
	}
	return len(q.Filters) > 0 || slices.ContainsFunc(q.Clauses, func(o Clause) bool { return !o.Exclude && !o.droppable() })
}

// OptionsNotice says which words typed after a - in a question were
// searched as a command's options (Options) instead of left out, as a
// keyword query would, and how to leave a word out; nothing when none
// were.
func (q Query) OptionsNotice() []string {
	if len(q.Options) == 0 {
		return nil
	}
	return []string{"searched " + strings.Join(q.Options, ", ") + `, not left out: in a question a dash word reads as a command's option; to leave a word out, type -"word"`}
}

// readsAsSentence reports a question or message in someone's own words
// (analyze.InOwnWords) written without Folio's query language: quotes,
// prefixes, in: or filters say their -word is meant.
func readsAsSentence(input string) bool {
	for _, f := range strings.Fields(input) {
		g := strings.TrimPrefix(f, "-")
		if r, _ := utf8.DecodeRuneInString(g); isQuote(r) || strings.HasSuffix(g, "*") || len(g) >= 3 && strings.EqualFold(g[:3], "in:") {
			return false
		}
		if _, _, ok := filterAt(g, 0); ok {
			return false
		}
	}
	return analyze.InOwnWords(input)
}

// Parse parses what the user typed. It never fails: anything it cannot
// make sense of is dropped or taken literally.
func Parse(input string) Query {
	if len(input) > maxBytes {
		cut := maxBytes
		for cut > 0 && !utf8.RuneStart(input[cut]) {
			cut-- // do not split the rune that straddles the limit
		}
		input = input[:cut]
	}
	var q Query
	s := input
	sentence := readsAsSentence(input)
	not := false // the word before was the operator NOT
	for i := 0; i < len(s) && len(q.Clauses) < maxClauses; {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isSep(r) {
			i += n
			continue
		}
		var c Clause
		c.Exclude, not = not, false
		j := i
		if s[j] == '-' {
			c.Exclude = true
			j++
		}
		if f, next, ok := filterAt(s, j); ok {
			f.Exclude = c.Exclude
			q.addFilter(f)
			i = next
			continue
		}
		if len(s)-j >= 3 && strings.EqualFold(s[j:j+3], "in:") {
			c.HeadingOnly = true
			j += 3
		}
		if r, n := utf8.DecodeRuneInString(s[j:]); j < len(s) && isQuote(r) {
			// Quoted phrase, up to the next quote of any kind or the end.
			k := j + n
			end, next := -1, -1
			for p := k; p < len(s); {
				r, n := utf8.DecodeRuneInString(s[p:])
				if isQuote(r) {
					end, next = p, p+n
					break
				}
				p += n
			}
			if end < 0 {
				// Unbalanced: a stray quote in pasted text must not make
				// the rest one required phrase; it and a - or in: before
				// it are dropped, and the words after it stay plain words.
				i = k
				continue
			}
			body := s[k:end]
			c.Exact = true
			if strings.HasSuffix(strings.TrimRightFunc(body, unicode.IsSpace), "*") {
				c.Prefix = true // "new yo*" reads as a prefix too
			}
			for next < len(s) && s[next] == '*' {
				c.Prefix = true
				next++
			}
			q.add(c, body)
			i = next
			continue
		}
		k := j
		for k < len(s) {
			r, n := utf8.DecodeRuneInString(s[k:])
			if isSep(r) || isQuote(r) {
				break
			}
			k += n
		}
		word := s[j:k]
		if not = q.operatorNot(c, s[i:k], s[k:], sentence); not {
			i = k
			continue
		}
		q.readOption(&c, word, s[i:k], sentence)
		if strings.HasSuffix(word, "*") {
			c.Prefix = true
			word = strings.TrimRight(word, "*")
		}
		q.add(c, word)
		if k == i { // cannot happen (a quote is handled above), but never loop
			k = i + 1
		}
		i = k
	}
	q.readAsks(input)
	q.readIdioms()
	q.dropCues()
	q.dropStopwords()
	q.addSynonyms()
	q.Lang = analyze.Language(input)
	if len(q.Words) < longWords {
		arabic := q.Lang == "ar" || q.Lang == "fa" || q.Lang == "ur" // Arabic script
		for i := range q.Clauses {
			c := &q.Clauses[i]
			if !c.Optional() || len(c.Forms) == 0 {
				continue
			}
			for _, l := range forwardLinks[c.Terms[0]] {
				if arabic || !analyze.IsArabicTerm(l) {
					c.Links = append(c.Links, l)
				}
			}
		}
	}
	return q
}

// quantityWords are the ways to ask for an amount, a duration, an age or a
// date, in the languages Folio analyses; a lower-cased query holding one
// asks for a number.
var quantityWords = []string{
	"how much", "how many", "how long", "how old", "how often", "how early", "how late", "how soon",
	"how far", "how big", "how large", "how high", "how heavy", "how fast", "what age", "what year",
	"at what age", "what date", "what dates", "which date", "which dates", "what time", "latest time", "maximum", "minimum", "limit",
	"كم ", "متى", "اقصى", "أقصى", "الاقصى", "الأقصى", "ادنى", "أدنى", "الادنى", "الأدنى", "قديش", "اديش", "أديش", "قدّيش", "كام", "بكام", "شقد", "قداش",
	"多少", "几", "多久", "多长", "什么时候", "何时", "幾", "多長", "什麼時候",
}

// (Not حد, "limit" in حد أقصى but "someone" in spoken Arabic: لو حد
// بيضايقني, "if someone bothers me"; its bounds say أقصى and أدنى.)

// notAmounts are words that hold a cue without asking an amount: 几乎
// ("almost"), 好几 ("quite a few"), 第几 ("which", of things in order:
// 取第几列, "take which column"). ("When" is analyze.AsksWhen's.)
var notAmounts = strings.NewReplacer("几乎", " ", "幾乎", " ", "好几", " ", "好幾", " ", "第几", " ", "第幾", " ")

// durationWords ask for a span of time: how long something lasts, how
// far ahead to act, whether it is too late.
var durationWords = []string{
	"how long", "how soon", "how early", "how late", "how quickly", "how much time", "how much notice",
	"how far in advance", "how far ahead", "in advance", "too late", "deadline", "time limit",
	"how many days", "how many weeks", "how many months", "how many years", "how many hours", "how many minutes",
	"كم يوم", "كم ساعة", "كم شهر", "كم سنة", "كم من الوقت", "كم مدة", "مدة", "المدة",
	"多久", "多长时间", "多長時間", "几天", "几个月", "几年", "几小时", "几分钟", "多少天", "多少时间",
}

// ageWords ask at what age, or up to what age.
var ageWords = []string{"what age", "how old", "age limit", "too old", "how young", "old enough", "maximum age", "minimum age", "age requirement", "كم عمر", "في أي عمر", "في اي عمر", "几岁", "多大年龄", "年龄"}

// rateWords ask how common, how likely or how often.
var rateWords = []string{
	"how common", "how rare", "how prevalent", "prevalence", "how frequent", "what percent", "what share",
	"what fraction", "what proportion", "how likely", "what are the chances", "what are the odds",
	"how many people", "how often",
	"ما مدى شيوع", "كم نسبة", "نسبة", "النسبة", "多常见", "多常見", "比例", "发病率", "患病率", "概率",
}

// moneyWords ask for a price; moneyWord, beside "how much", asks what
// is paid ("how much will VA pay", "how much money").
var moneyWords = []string{"how expensive", "what does it cost", "كم سعر", "كم تكلفة", "كم يكلف", "بكام", "多少钱", "多少錢"}
var moneyWord = regexp.MustCompile(`\b(pay|pays|paid|give|gives|cost|costs|charge|charges|money|reimburs\pL*|worth|allowance|grant|owe|earn|salary|compensat\pL*|fee|fees|price)\b`)

// readAsks reads the kind of answer input asks for: a span of time, an
// amount of money, a share, an age, or a number.
func (q *Query) readAsks(input string) {
	cues := notAsked.ReplaceAllString(readCueTypos(input), " ")
	low := strings.ToLower(input)
	// "how long is the small gut in feet" asks a length: a number, not a time.
	length := lengthUnit.MatchString(low) && !timeVerb.MatchString(low) && !asks(cues, durationWords[1:])
	q.Duration = !length && asks(cues, durationWords)
	q.Rate = !q.Duration && asks(cues, rateWords)
	q.Age = !q.Duration && asks(cues, ageWords)
	q.Money = !q.Duration && !q.Rate && (asks(cues, moneyWords) || asks(cues, []string{"how much"}) && moneyWord.MatchString(low))
	q.Quantity = q.Duration || q.Money || q.Rate || q.Age || asks(notAmounts.Replace(cues), quantityWords) || analyze.AsksWhen(input) ||
		length && asks(cues, durationWords[:1])
}

// notAsked says "how" without asking: "a fishy smell no matter how often
// she showers" asks no frequency.
var notAsked = regexp.MustCompile(`(?i)\b(no matter|regardless of) how\b`)

// lengthUnit names a unit of length, which makes "how long" ask a length
// unless timeVerb says it is how long something takes or lasts ("how long
// does it take to walk a mile").
var (
	lengthUnit = regexp.MustCompile(`\b(inch|inches|feet|foot|ft|cm|mm|km|(centi|milli|kilo)?met(er|re)s?|miles?|yards?|characters?|chars)\b`)
	timeVerb   = regexp.MustCompile(`\b(take|takes|took|taking|last|lasts|lasted|wait|stay|stays)\b`)
)

// readCueTypos is input with a word typed after "how" that is one edit
// from a word of five letters or more that follows "how" in a cue ("how
// oftn", "how comon", "how quikly") read as that word, so a typo does
// not hide what kind of answer a question asks for. Shorter words are
// left alone: most strings one letter from "long" or "many" are words.
func readCueTypos(input string) string {
	words := strings.Fields(input)
	changed := false
	for i := 1; i < len(words); i++ {
		if !strings.EqualFold(words[i-1], "how") {
			continue
		}
		w := strings.ToLower(strings.TrimRightFunc(words[i], func(r rune) bool { return !unicode.IsLetter(r) }))
		if len(w) < 4 || cueAfterHow[w] {
			continue
		}
		for _, c := range longCues {
			if analyze.EditDistance([]rune(w), []rune(c), 1) <= 1 {
				words[i], changed = c, true
				break
			}
		}
	}
	if !changed {
		return input
	}
	return strings.Join(words, " ")
}

// cueAfterHow are the words after "how" in the phrases that ask for an
// amount, a span of time, a share, an age or a price.
var cueAfterHow = afterHow(quantityWords, durationWords, rateWords, ageWords, moneyWords)

// afterHow is the set of words that follow "how" in the phrases of lists.
func afterHow(lists ...[]string) map[string]bool {
	m := map[string]bool{}
	for _, w := range slices.Concat(lists...) {
		if f := strings.Fields(w); len(f) > 1 && f[0] == "how" {
			m[f[1]] = true
		}
	}
	return m
}

// longCues are the words of cueAfterHow of five letters or more, in order
// (the first one edit from a typo is read).
var longCues = func() []string {
	var out []string
	for w := range cueAfterHow {
		if len(w) >= 5 {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}()

// asks reports one of words in input as whole words: "what age" is not
// "what agency", and مدة ("a period") is not the end of معتمدة
// ("accredited"). Chinese writes no spaces, so a Han edge needs none.
func asks(input string, words []string) bool {
	// Padded, since a cue may carry its own space ("when ", "كم ").
	s := " " + strings.ToLower(input) + " "
	for _, w := range words {
		for i := 0; ; {
			j := strings.Index(s[i:], w)
			if j < 0 {
				break
			}
			start, end := i+j, i+j+len(w)
			if wordEdge(s[:start], w, true) && wordEdge(s[end:], w, false) {
				return true
			}
			i = start + 1
		}
	}
	return false
}

// wordEdge reports that the text beside a cue does not run on into the
// cue's word: no letter on that side, or the cue's edge is a Han
// character or a space (a cue may carry its own, "when ").
func wordEdge(beside, cue string, before bool) bool {
	var r, edge rune
	if before {
		r, _ = utf8.DecodeLastRuneInString(beside)
		edge, _ = utf8.DecodeRuneInString(cue)
	} else {
		r, _ = utf8.DecodeRuneInString(beside)
		edge, _ = utf8.DecodeLastRuneInString(cue)
	}
	return beside == "" || !unicode.IsLetter(r) || !unicode.IsLetter(edge) || unicode.Is(unicode.Han, edge)
}

// isSep: spaces, control characters (NUL, escapes pasted from a
// terminal) and colons (http://x, a:b) separate words.
func isSep(r rune) bool {
	if r < utf8.RuneSelf {
		return r <= ' ' || r == ':' || r == 0x7F
	}
	return unicode.IsSpace(r) || unicode.IsControl(r) || r == 0xFF1A // full-width colon
}

func isQuote(r rune) bool {
	switch r {
	case '"', '“', '”', '„', '«', '»', '＂':
		return true
	}
	return false
}

// add analyses text into clause c and appends it unless it is empty or a
// duplicate.
func (q *Query) add(c Clause, text string) {
	toks := analyze.Tokens(text)
	if len(toks) == 0 {
		return
	}
	terms := make([]string, 0, min(len(toks), maxPhraseTerms))
	for _, t := range toks[:len(toks)-1] {
		terms = append(terms, t.Term)
	}
	last := toks[len(toks)-1]
	if !c.Prefix {
		terms = append(terms, last.Term)
	} else {
		terms = append(terms, prefixTerms(last.Term, text[last.Start:last.End])...)
	}
	// What was typed, without the punctuation around it ("pill?" is pill).
	c.Word, c.Typed = len(q.Words), text[toks[0].Start:closing(text, toks[0].Start, last.End)]
	q.Words = append(q.Words, c.Typed)
	if !c.Exact && !c.Prefix && !c.Exclude && !c.HeadingOnly && len(terms) > 1 {
		// An unquoted word the analyser split: each piece on its own.
		for i, t := range terms {
			q.appendClause(Clause{Terms: []string{t}, Word: c.Word, Typed: text[toks[i].Start:toks[i].End]})
		}
		return
	}
	if len(terms) > maxPhraseTerms {
		terms = terms[:maxPhraseTerms]
		c.Prefix = false // the prefix term was cut off
	}
	c.Terms = terms
	c.Exact = c.Exact && len(terms) == 1 // only a quoted single word needs the mark
	q.appendClause(c)
}

// closing extends text[start:end] over the brackets that close the ones
// it opens, so a word is said as typed: s[0], Vec<T>, not s[0 and Vec<T.
func closing(text string, start, end int) int {
	for end < len(text) {
		k := strings.IndexByte("])>}", text[end])
		if w := text[start:end]; k < 0 || strings.Count(w, "[(<{"[k:k+1]) <= strings.Count(w, text[end:end+1]) {
			break
		}
		end++
	}
	return end
}

// appendClause adds c unless an equal clause is there already. The index
// holds CJK text as bigrams, so a one-character word (雨, 猫) can only be
// found as the start of a bigram: it becomes an implicit prefix.
func (q *Query) appendClause(c Clause) {
	if len(q.Clauses) >= maxClauses {
		return
	}
	if len(c.Terms) == 1 && !c.Prefix && IsLoneCJK(c.Terms[0]) {
		c.Prefix, c.Implicit = true, !c.Exact && !c.HeadingOnly && !c.Exclude
	}
	for i, o := range q.Clauses {
		if o.equal(c) {
			if !c.Exclude && !q.splitMark(c) {
				q.Clauses[i].Repeats++
			}
			return
		}
	}
	q.Clauses = append(q.Clauses, c)
}

// splitMark reports c to be a one-letter or all-digit piece of a word the
// analyser split, not typed twice though another word had it too: the 3
// of "3.10 vs 3.11", the v of "v-for or v-if".
func (q *Query) splitMark(c Clause) bool {
	if c.Word >= len(q.Words) || c.Typed == q.Words[c.Word] {
		return false
	}
	return utf8.RuneCountInString(c.Typed) == 1 || strings.Trim(c.Typed, "0123456789") == ""
}

// prefixTerms returns the prefix form of a word whose full analysis
// is stem. The unstemmed fold (PrefixFold: no stemming, Arabic article
// removed) is right for a partial word ("ibupro*"), but the index holds
// stems, so for a whole word it would miss the word itself when stemming
// changes it ("happy*" vs stored "happi", "running*" vs "run"). The common
// prefix of fold and stem matches both the word's own stem and everything
// the fold matches; it is used only when it keeps at least 3 characters, so
// that stemming a partial word cannot widen "dos*" to "do*". Misses that
// remain: "runn*" (stored "run") and short words such as "bus*" (stored
// "bu").
func prefixTerms(stem, word string) []string {
	f := strings.Fields(analyze.PrefixFold(word))
	if len(f) != 1 {
		return f
	}
	p := f[0]
	n := 0
	for n < len(p) && n < len(stem) && p[n] == stem[n] {
		n++
	}
	for n > 0 && n < len(p) && !utf8.RuneStart(p[n]) {
		n-- // never cut inside a UTF-8 sequence
	}
	if n == len(p) || utf8.RuneCountInString(p[:n]) < 3 {
		return f
	}
	return []string{p[:n]}
}

// IsLoneCJK reports whether term is a single character of a script the
// analyser indexes as bigrams. Exported for the index, which leaves such
// words uncorrected.
func IsLoneCJK(term string) bool {
	r, n := utf8.DecodeRuneInString(term)
	return n == len(term) && r > 0x1100 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// IsCJKTerm reports a term (a bigram or a lone character) of a script
// written without spaces: its "typos" are other words.
func IsCJKTerm(term string) bool {
	r, _ := utf8.DecodeRuneInString(term)
	return r > 0x1100 && IsLoneCJK(string(r))
}

func (c Clause) equal(o Clause) bool {
	if c.Prefix != o.Prefix || c.Exclude != o.Exclude || c.HeadingOnly != o.HeadingOnly || len(c.Terms) != len(o.Terms) {
		return false
	}
	for i := range c.Terms {
		if c.Terms[i] != o.Terms[i] {
			return false
		}
	}
	return true
}

// droppable: a plain one-word clause of a function word. Phrases, prefixes,
// exclusions and in: are deliberate and always kept.
func (c Clause) droppable() bool {
	return len(c.Terms) == 1 && !c.Prefix && !c.Exclude && !c.HeadingOnly && analyze.IsStopword(c.Terms[0])
}

// cueWords are the words after "how" in the phrases that ask for a span
// of time, a rate or an age (durationWords, rateWords, ageWords): they say
// what kind of answer a question wants, not what it is about:
// "how long can I stay home" is about staying home. The flags they set
// (Duration, Rate, Age) weigh the answer's shape; as search words they
// would count "long-term" and "longer" as evidence.
var cueWords = afterHow(durationWords, rateWords, ageWords)

// dropCues removes a question's cue word (cueWords, right after "how")
// when it asks for a shape of answer and two other words remain to
// search: "how long" typed alone still searches both words.
func (q *Query) dropCues() {
	if !q.Duration && !q.Rate && !q.Age {
		return
	}
	cue := func(c Clause) bool {
		return c.Optional() && !c.Idiom && !c.droppable() && c.Word > 0 && strings.EqualFold(q.Words[c.Word-1], "how") && cueWords[strings.ToLower(c.Typed)]
	}
	rest := 0
	for _, c := range q.Clauses {
		if !c.Exclude && !c.droppable() && !cue(c) {
			rest++
		}
	}
	if rest < 2 {
		return
	}
	out := q.Clauses[:0]
	for _, c := range q.Clauses {
		if cue(c) {
			q.Shape = c.Typed
		} else {
			out = append(out, c)
		}
	}
	q.Clauses = out
}

// dropStopwords removes droppable clauses when another positive clause
// remains, so natural-language questions search for their content words
// while a query made only of stopwords ("the who") still searches.
func (q *Query) dropStopwords() {
	keep := false
	for _, c := range q.Clauses {
		if !c.Exclude && !c.droppable() {
			keep = true
			break
		}
	}
	if !keep {
		return
	}
	out := q.Clauses[:0]
	for _, c := range q.Clauses {
		if !c.droppable() {
			out = append(out, c)
		}
	}
	q.Clauses = out
}

// Empty reports whether the query has no positive clause. FTS5 cannot
// evaluate a query of exclusions only, and nothing typed means nothing to
// find, so the search returns nothing.
func (q Query) Empty() bool {
	for _, c := range q.Clauses {
		if !c.Exclude {
			return false
		}
	}
	return true
}

// Phrases are the quoted phrases of several words a passage must hold,
// each as typed and as its FTS5 expression (spell.Unquoted names those no
// passage holds).
func (q Query) Phrases() [][2]string {
	var out [][2]string
	for _, c := range q.Clauses {
		if len(c.Terms) > 1 && c.Required() && !c.HeadingOnly {
			out = append(out, [2]string{c.Typed, c.Expr()})
		}
	}
	return out
}

// Retrieval names the optional clauses (by index) that find the first
// stage's candidates.
type Retrieval struct {
	Alone  []int // a passage with any one of these
	Paired []int // … or with two of these
	All    bool  // instead: a passage with every one of Alone
}

// Match returns the FTS5 expression that finds candidates: the required
// clauses all, or else the optional clauses as r says, and none of the
// excluded ones, e.g.
//
//	("ibuprofen" OR "child" OR ("dai" OR "daili")) NOT "adult"
//	("vitiligo" OR ("age" AND ("start" OR "usual")) OR ("start" AND "usual"))
//	("side effect" AND (heading : "dos"*)) NOT "adult"
//
// "" when there is nothing positive to look for.
func (q Query) Match(r Retrieval) string {
	var parts []*Clause
	for i := range q.Clauses {
		if q.Clauses[i].Required() {
			parts = append(parts, &q.Clauses[i])
		}
	}
	op := " AND "
	var paired []*Clause
	if len(parts) == 0 {
		if !r.All {
			op = " OR "
		}
		for _, i := range r.Alone {
			parts = append(parts, &q.Clauses[i])
		}
		// Commonest first (Paired is rarest first): two of n words are
		// written (a AND (b OR c …)) OR (b AND (c …)) …, so the commonest
		// word is one phrase, not n-1. FTS5's bm25 reads every phrase's
		// postings for its IDF and each row's instances of every phrase.
		for i := len(r.Paired) - 1; i >= 0; i-- {
			paired = append(paired, &q.Clauses[r.Paired[i]])
		}
	}
	groups := max(len(paired)-1, 0)
	if len(parts)+groups == 0 {
		return ""
	}
	var b strings.Builder
	if len(parts)+groups > 1 {
		b.WriteByte('(')
	}
	for i, c := range parts {
		if i > 0 {
			b.WriteString(op)
		}
		c.WriteExpr(&b)
	}
	for i := 0; i < groups; i++ {
		if i > 0 || len(parts) > 0 {
			b.WriteString(" OR ")
		}
		b.WriteByte('(')
		paired[i].WriteExpr(&b)
		b.WriteString(" AND ")
		if rest := paired[i+1:]; len(rest) > 1 {
			b.WriteByte('(')
			for j, c := range rest {
				if j > 0 {
					b.WriteString(" OR ")
				}
				c.WriteExpr(&b)
			}
			b.WriteByte(')')
		} else {
			rest[0].WriteExpr(&b)
		}
		b.WriteByte(')')
	}
	if len(parts)+groups > 1 {
		b.WriteByte(')')
	}
	// NOT binds tighter than AND/OR in FTS5, so the positive part is
	// parenthesised above and each NOT applies to all of it.
	q.writeExclusions(&b)
	return b.String()
}

// writeExclusions writes " NOT " and each excluded clause: every
// expression that finds candidates ends so (Match, Pairs).
func (q Query) writeExclusions(b *strings.Builder) {
	for _, c := range q.Clauses {
		if c.Exclude {
			b.WriteString(" NOT ")
			c.WriteExpr(b)
		}
	}
}

// Expr is the clause as an FTS5 expression (WriteExpr).
func (c Clause) Expr() string {
	var b strings.Builder
	c.WriteExpr(&b)
	return b.String()
}

// Context is the FTS5 expressions of the query's words but typed word w
// (Clause.Word), one a word, as they are searched: what w's corrections
// are weighed beside (spell.Cache.Corrections). Only the contextWords
// typed nearest w: a pasted message's far words say little of it, and
// each costs a count.
func (q *Query) Context(w int) []string {
	var near []Clause
	for _, c := range q.Clauses {
		if !c.Exclude && c.Word != w && len(c.Terms) > 0 {
			c.HeadingOnly = false
			near = append(near, c)
		}
	}
	far := func(c Clause) int { return max(c.Word-w, w-c.Word) }
	slices.SortStableFunc(near, func(a, b Clause) int { return cmp.Compare(far(a), far(b)) })
	var out []string
	for _, c := range near[:min(len(near), contextWords)] {
		out = append(out, c.Expr())
	}
	return out
}

// contextWords is how many of a question's other words weigh a typo's
// corrections: more than the development questions' typos have beside
// them (six at most).
const contextWords = 8

// WriteExpr appends the clause as an FTS5 phrase: "a b", "a b"* or
// (heading : "a"). Terms never hold quotes (the analyser emits only letters,
// digits and marks); doubling them anyway keeps the expression valid if
// that ever changes.
func (c Clause) WriteExpr(b *strings.Builder) {
	alts := c.Alts
	if c.FormsInPlace {
		alts = slices.Concat(alts, c.Forms)
	} else {
		alts = slices.Concat(alts, c.Links)
	}
	if len(alts) > 0 {
		// ("day" OR "daili" OR "24h"): a synonym counts as the word.
		b.WriteString(`("`)
		b.WriteString(c.Terms[0])
		for _, a := range alts {
			b.WriteString(`" OR "`)
			b.WriteString(a)
		}
		b.WriteString(`")`)
		return
	}
	if c.HeadingOnly {
		b.WriteString("(heading : ")
	}
	b.WriteByte('"')
	for i, t := range c.Terms {
		if i > 0 {
			b.WriteByte(' ')
		}
		if strings.IndexByte(t, '"') >= 0 {
			t = strings.ReplaceAll(t, `"`, `""`)
		}
		b.WriteString(t)
	}
	b.WriteByte('"')
	if c.Prefix {
		b.WriteByte('*')
	}
	if c.HeadingOnly {
		b.WriteByte(')')
	}
}

// Matches reports whether an analysed term of a document token should be
// highlighted: it equals a term of a positive clause, or starts with the
// prefix of a positive prefix clause. Stopwords inside a phrase ("side
// effects of ibuprofen") are not highlighted on their own, unless the
// phrase is all stopwords, so a snippet is not speckled with every "of".
// Heading-only clauses count too, so the heading path can be highlighted
// with the same function.
func (q Query) Matches(term string) bool {
	if term == "" {
		return false
	}
	// Runs for every word of every snippet: no copies, stopword checks only
	// on an actual hit.
	for i := range q.Clauses {
		c := &q.Clauses[i]
		if c.Exclude {
			continue
		}
		last := len(c.Terms) - 1
		for j, t := range c.Terms {
			if c.Prefix && j == last {
				if strings.HasPrefix(term, t) {
					return true
				}
				continue
			}
			if term == t {
				if last > 0 && analyze.IsStopword(t) && !allStopwordTerms(c.Terms) {
					continue
				}
				return true
			}
		}
		for _, a := range c.Alts {
			if term == a {
				return true
			}
		}
		for _, a := range c.Forms {
			if term == a {
				return true
			}
		}
	}
	return false
}

func allStopwordTerms(terms []string) bool {
	for _, t := range terms {
		if !analyze.IsStopword(t) {
			return false
		}
	}
	return true
}
