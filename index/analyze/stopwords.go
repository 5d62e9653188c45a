package analyze

import "strings"

// Stopword lists, written as ordinary words. The set is built by running each
// through the analyser, so it holds exactly the analysed terms the query side
// sees (e.g. "does" → "doe", "this" → "thi", "متى" → "متي", "التي" → "تي"),
// plus the unstemmed Fold forms for callers that check prefix terms.
//
// The lists are small on purpose: they only serve to drop function words
// from queries that have other terms. Negations (no, not, لا، لم، لن، ليس)
// are kept as search terms, and so are words that are also content words (may, own, mine, us).
const englishStopwords = `a an the is are was were be been being am
of to in on for and or nor but if then than so as at by from with without into about
what how when where why which who whom whose
can could do does did doing done should would will shall might must
i me my we our ours you your yours he him his she her hers it its they them their theirs
that this these those there here
has have had having
also any all some such each either neither both very just only same other
most more much many`

// Arabic function words: prepositions, pronouns, interrogatives, relatives,
// demonstratives, particles, and the article written apart from its word
// (الـ prop, الـDOM). "أم" is left out: after normalisation it is the
// same as ام "mother".
const arabicStopwords = `من في على إلى الى عن مع ما ماذا متى كم هل كيف أين لماذا أي
هو هي هم هن هما أنا نحن أنت أنتم أنتن
التي الذي الذين اللذان اللتان اللاتي اللواتي
أن إن أو و ف ثم بل لكن قد إذا إذ حتى منذ عند عندما لدى
هذا هذه هذان هؤلاء ذلك تلك أولئك هناك هنا
كان كانت يكون تكون كل بعض غير بين حول أيضا كما إلا
له لها لهم فيه فيها منه منها عليه عليها به بها
ال بال لل وال كال فال`

// Function words of spoken Arabic (Levantine, Egyptian, Gulf), which
// people type in questions and reference text does not use: "I want"
// (بدي، عايز، ابغى), what, why, how, where, when, this, not, because, so,
// still, also, the relative اللي. Kept, each was named as a word no
// passage holds ("no passage holds "دلوقتي", "علشان"", now and because),
// or could count as a rare word of the library or be taken for a typo of
// a written one. Words that are also written content words are not listed
// (خلاص "salvation", طيب "good", حق "right", تبع "followed", زي "costume").
const spokenArabicStopwords = `اللي بس شي شو ايش إيش وش ليش ليه ازاي إزاي شلون
وين فين امتى إمتى ايمتى إيمتى هيك كده كدا كدة هلق هلأ دلوقتي دلوقت هسا هسه
بدي بدك بدو بدها بدنا بدكم عايز عايزة عاوز عاوزة عايزين ابغى أبغى ابي أبي يبي تبي
هاد هادا هادي هدول هيدا هيدي هاي ده دي دول هذي ذي
مش مو موب مب مفيش ما في كمان برضه برضو بردو لسه لسا لسة
عشان علشان منشان مشان لانو لأنو إنو انو بتاع بتاعة بتوع تبعي تبعك`

var stopwords = buildStopwords()

func buildStopwords() map[string]struct{} {
	m := make(map[string]struct{})
	for _, w := range strings.Fields(englishStopwords + "\n" + arabicStopwords + "\n" + spokenArabicStopwords) {
		for _, t := range Tokens(w) {
			m[t.Term] = struct{}{}
		}
		for _, f := range strings.Fields(Fold(w)) {
			m[f] = struct{}{}
		}
	}
	return m
}

// IsStopword reports whether term, an analysed term (as produced by Tokens,
// IndexText or Fold), is an English or Arabic function word. The query side
// drops these when other terms remain; the index keeps them.
func IsStopword(term string) bool {
	_, ok := stopwords[term]
	return ok
}
