package rank

import (
	"strings"
	"unicode"

	"folio/index/analyze"
)

// Asks is the kinds of answer a question asks for ("how common is CVID":
// a count), or that a heading phrased as a question offers ("How many
// people are affected by CVID?"). Reference pages answer their readers'
// questions under such headings (health Q&A, benefits pages, FAQs), and a
// question in lay words often names the kind of answer in words no
// heading uses: "how often", "life expectancy", "what medicine", against
// "How many people…", "What is the outlook…", "What are the treatments…".
// Words of the question's own topic are matched as words already; a kind
// only says what is asked. English only, so far.
type Asks uint16

// The kinds, each with the words a question asks it by and those a
// heading offers it by (a trailing * makes a word a prefix). A cue is
// matched as consecutive words.
var askKinds = []struct {
	question, heading string
}{
	{ // count
		"how many|how much|how often|how common|how frequent*|how prevalent|prevalence|what percent*|what share|what fraction|what proportion|how likely|how rare|what are the chances",
		"how many|how much|how common|how often"},
	{ // time ("when" as analyze.AsksWhen reads it: QuestionAsks, HeadingAsks)
		"how long|how soon|how early|what age|how old|deadline*",
		"how long|how soon"},
	{ // cause
		"why|what causes|what cause|what makes|what leads to|what triggers|reason*|" +
			"how do you catch|how do i catch|how did i catch|how did she catch|how did he catch|how is it caught|contagious|how is it spread|how does it spread|transmitted",
		"what causes|why|cause*"},
	{ // prevention
		"prevent*|avoid*|vaccin*|shot|shots|immuniz*|protect against",
		"prevent*|vaccin*"},
	{ // treatment
		"medicine*|medication*|drug|drugs|treat*|cure|cures|remed*|therap*|what can i take|what can i give",
		"treat*|therap*|what to do for"},
	{ // diagnosis
		"diagnos*|test for|tested|tell if|how do i know if|check for",
		"diagnos*"},
	{ // symptoms
		"symptom*|signs|feel like|look like",
		"symptom*|signs"},
	{ // outlook
		"life expectancy|life span|lifespan|outlook|prognosis|surviv*|how long can i live|how long will i live",
		"outlook|prognosis|life expectancy"},
	{ // inheritance
		"inherit*|genetic*|run in famil*|runs in famil*|hereditary",
		"inherit*|genetic*"},
	{ // risk
		"who gets|at risk|risk of|chance of getting",
		"at risk|risk factor*"},
	{ // eligibility
		"can i get|am i eligible|do i qualify|eligib*|qualify|can i still get|can i use",
		"can i get|eligib*|qualify|covered"},
}

type askCue [][]string // words; the last may end in *

var questionCues, headingCues = func() ([]askCue, []askCue) {
	parse := func(s string) askCue {
		var c askCue
		for _, alt := range strings.Split(s, "|") {
			c = append(c, strings.Fields(alt))
		}
		return c
	}
	var q, h []askCue
	for _, k := range askKinds {
		q, h = append(q, parse(k.question)), append(h, parse(k.heading))
	}
	return q, h
}()

// askWords starts a heading that is a question even without its "?".
var askWords = map[string]bool{"what": true, "how": true, "who": true, "when": true, "where": true, "why": true,
	"can": true, "do": true, "does": true, "is": true, "are": true, "am": true, "should": true, "will": true, "which": true}

// QuestionAsks tells the kinds of answer a typed question asks for. An
// excluded word (-drug) and a filter (tag:…, folder:…, in:…) ask nothing.
func QuestionAsks(typed string) Asks {
	var asked []string
	for _, f := range strings.Fields(typed) {
		if !strings.HasPrefix(f, "-") && !strings.Contains(f, ":") {
			asked = append(asked, f)
		}
	}
	text := analyze.AskingSentences(strings.Join(asked, " "))
	a := asksOf(askWordsOf(text), questionCues)
	if analyze.AsksWhen(text) {
		a |= askTime
	}
	return a
}

// askTime is the kind of a question of time (askKinds' second).
const askTime Asks = 1 << 1

// HeadingAsks tells the kinds of answer a heading offers: none unless it
// is phrased as a question.
func HeadingAsks(heading string) Asks {
	ws := askWordsOf(heading)
	if len(ws) == 0 || !strings.HasSuffix(strings.TrimSpace(heading), "?") && !askWords[ws[0]] {
		return 0
	}
	a := asksOf(ws, headingCues)
	if analyze.AsksWhen(heading) { // not "…Medicare when I turn 65?"
		a |= askTime
	}
	return a
}

func asksOf(ws []string, cues []askCue) Asks {
	var a Asks
	for k, alts := range cues {
		for _, cue := range alts {
			if holds(ws, cue) {
				a |= 1 << k
				break
			}
		}
	}
	return a
}

// askWordsOf is text's words, lower case (letters and digits; "don’t"
// reads as don, t), up to maxAskWords: a question says what it asks in its
// first words, and a pasted page or a heading thousands of words long
// must not cost every search a pass over it.
func askWordsOf(text string) []string {
	ws := strings.FieldsFunc(strings.ToLower(text[:min(len(text), 8*maxAskWords)]), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return ws[:min(len(ws), maxAskWords)]
}

const maxAskWords = 100

// holds reports cue as consecutive words of ws.
func holds(ws, cue []string) bool {
	for i := 0; i+len(cue) <= len(ws); i++ {
		ok := true
		for j, c := range cue {
			if p, prefix := strings.CutSuffix(c, "*"); prefix && !strings.HasPrefix(ws[i+j], p) || !prefix && ws[i+j] != c {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
