package rank

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"folio/index/analyze"
)

// terms builds query terms from typed words, one typed word each, with
// the given IDF.
func terms(idf map[string]float64, words ...string) []Term {
	var out []Term
	for i, w := range words {
		toks := analyze.Tokens(w)
		out = append(out, Term{Terms: []string{toks[0].Term}, IDF: idf[w], Word: i})
	}
	return out
}

func TestCoverageWeighsRareWordsMore(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"paracetamol": 5, "child": 1}, "paracetamol", "child")}
	f := Compute(q, []Candidate{
		{Text: "When to avoid ibuprofen in a child with asthma."},
		{Text: "Paracetamol dosing table by weight."},
		{Text: "Paracetamol for a child: 15 mg/kg."},
	})
	if !(f[2].Coverage == 1 && f[1].Coverage > f[0].Coverage) {
		t.Errorf("coverage %.2f %.2f %.2f: want both words 1, the rare word above the common one", f[0].Coverage, f[1].Coverage, f[2].Coverage)
	}
	if math.Abs(f[1].Coverage-5.0/6) > 1e-9 {
		t.Errorf("coverage of the rare word alone %.3f, want 5/6", f[1].Coverage)
	}
}

func TestProximityAndAdjacency(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"blood": 1, "pressure": 1}, "blood", "pressure")}
	f := Compute(q, []Candidate{
		{Text: "High blood pressure is common."},
		{Text: "Blood tests measure many things, and the pressure of work adds up."},
		{Text: "Blood alone."},
	})
	if f[0].Proximity != 1 || !(f[1].Proximity > 0 && f[1].Proximity < 0.5) || f[2].Proximity != 0 {
		t.Errorf("proximity %.2f %.2f %.2f", f[0].Proximity, f[1].Proximity, f[2].Proximity)
	}
	if f[0].Adjacency != 1 || f[1].Adjacency != 0 {
		t.Errorf("adjacency %.2f %.2f", f[0].Adjacency, f[1].Adjacency)
	}
	// The bigrams of one CJK word, found side by side, are the word.
	cjk := analyze.Tokens("丢弃修改")
	var ts []Term
	for _, tk := range cjk {
		ts = append(ts, Term{Terms: []string{tk.Term}, IDF: 1, Word: 0})
	}
	f = Compute(Query{Terms: ts}, []Candidate{{Text: "用这个命令丢弃修改。"}, {Text: "丢弃文件，修改名字，弃修行。"}})
	if f[0].Adjacency != 1 || f[1].Adjacency >= f[0].Adjacency {
		t.Errorf("CJK adjacency %.2f %.2f", f[0].Adjacency, f[1].Adjacency)
	}
}

func TestHeadingTitleDocumentAndNearForms(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"shingles": 3, "vaccine": 1, "expiry": 2}, "shingles", "vaccine", "expiry")}
	f := Compute(q, []Candidate{
		{Heading: []string{"Shingles", "Prevention"}, Title: "Shingles", Text: "The vaccine is given once.", Doc: 1},
		{Heading: []string{"Shingles", "Symptoms"}, Title: "Shingles", Text: "A painful rash.", Doc: 1},
		{Heading: []string{"Travel"}, Title: "Travel", Text: "Check the vaccine expiration date.", Doc: 2},
	})
	if f[0].Heading != 0.5 || f[0].Title != 0.5 {
		t.Errorf("heading %.2f title %.2f, want the weight of shingles, 3/6", f[0].Heading, f[0].Title)
	}
	// The document holds both words among its candidates.
	if f[1].Document != f[0].Document || f[0].Document != 4.0/6 {
		t.Errorf("document %.3f %.3f, want 4/6", f[0].Document, f[1].Document)
	}
	// expiration is another form of expiry: it counts half.
	if want := (1 + 2*nearMatch) / 6; math.Abs(f[2].Coverage-want) > 1e-9 {
		t.Errorf("coverage with a near form %.3f, want %.3f", f[2].Coverage, want)
	}
}

func TestNumberNearQueryWords(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"vaccine": 1}, "vaccine"), Quantity: true}
	f := Compute(q, []Candidate{
		{Text: "The vaccine is given at age 60."},
		{Text: "The vaccine is given to older adults. " + repeat("Other words here. ", 10) + "Call 555 0100."},
	})
	if f[0].Number != 1 || f[1].Number != 0 {
		t.Errorf("number %.0f %.0f", f[0].Number, f[1].Number)
	}
	// A page spells an amount out as often as it writes digits ("ten
	// times the CPU", "four glands"); "one" is as often a pronoun.
	f = Compute(q, []Candidate{
		{Text: "The vaccine is given twice, about four weeks apart."},
		{Text: "No one needs the vaccine again."},
	})
	if f[0].Number != 1 || f[1].Number != 0 {
		t.Errorf("spelled-out number %.0f, \"one\" %.0f: want 1, 0", f[0].Number, f[1].Number)
	}
	q.Quantity = false
	if f := Compute(q, []Candidate{{Text: "The vaccine is given at age 60."}}); f[0].Number != 0 {
		t.Error("a number counted for a question that asks for none")
	}
}

func TestDurationAnswersHowLong(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"interpret": 1, "request": 1}, "interpret", "request"), Quantity: true, Duration: true}
	f := Compute(q, []Candidate{
		// The span of time stands past a link's address, further than a
		// plain number may.
		{Text: "To request interpreters, fill out the [intake form](https://docs.example.gov/forms/d/e/1FAIpQLSc0i5qH/viewform) at least 72 hours before the event."},
		{Text: "To request interpreters, call 202 555 0100 or write to room 4700."},
		{Text: "Interpreters can be requested for meetings of 1 to 3 participants."},
		{Text: "Requests for interpreters are answered within three business days."},
	})
	unitsAre(t, f, [][2]float64{{1, 0}, {0, 0}, {0, 0}, {1, 0}})
	// A span said in words answers as a number does: recovery pages
	// write "weeks to months" as often as "2 to 3 weeks". A unit alone,
	// or the same unit twice, says no span.
	f = Compute(q, []Candidate{
		{Text: "Interpreters can be requested; arranging one takes weeks to months."},
		{Text: "Interpreter requests are answered within a few days."},
		{Text: "Interpreters work day to day with the requesting office every week."},
	})
	unitsAre(t, f, [][2]float64{{1, 0}, {1, 0}, {0, 0}})
	// Chinese writes the unit onto the words after it; Arabic as a word.
	zh := Query{Terms: terms(map[string]float64{"退款": 1}, "退款"), Quantity: true, Duration: true}
	f = Compute(zh, []Candidate{{Text: "退款需要3天处理。"}, {Text: "退款需要3个人审批。"}})
	if f[0].Unit != 1 || f[1].Unit != 0 {
		t.Errorf("Chinese: unit %.0f for 3天, %.0f for 3个人; want 1, 0", f[0].Unit, f[1].Unit)
	}
	ar := Query{Terms: terms(map[string]float64{"مراجع": 1}, "مراجع"), Quantity: true, Duration: true}
	if f := Compute(ar, []Candidate{{Text: "تستغرق المراجعة عادة 3 أيام."}}); f[0].Unit != 1 {
		t.Errorf("Arabic: unit %.0f for 3 أيام, want 1", f[0].Unit)
	}
	// A question of amount, not of time: the span of time is a number
	// like another.
	q.Duration = false
	if f := Compute(q, []Candidate{{Text: "Requests for interpreters are answered within 72 hours."}}); f[0].Number != 1 || f[0].Unit != 0 {
		t.Errorf("question of amount: number %.0f, unit %.0f, want 1, 0", f[0].Number, f[0].Unit)
	}
}

func TestMoneyAnswersHowMuchIsPaid(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"clothing": 1, "allowance": 1}, "clothing", "allowance"), Quantity: true, Money: true}
	f := Compute(q, []Candidate{
		{Text: "The clothing allowance is $817.48 a year for each qualifying item."},
		{Text: "Apply for the clothing allowance by August 1 of the year you need it."},
		{Text: "We pay 60% of the clothing allowance for a second prosthetic."},
	})
	unitsAre(t, f, [][2]float64{{1, 0}, {0, 0}, {1, 0}})
}

func TestShareAnswersHowCommon(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"spherocytosis": 1}, "spherocytosis"), Quantity: true, Rate: true}
	f := Compute(q, []Candidate{
		{Text: "Hereditary spherocytosis occurs in 1 in 2,000 individuals of Northern European ancestry."},
		{Text: "Spherocytosis was first described in 1871; about 20 genes are now known."},
		{Text: "More than half of the cases of spherocytosis are mild."},
	})
	// A share is the answer; another number still counts as one.
	unitsAre(t, f, [][2]float64{{1, 0}, {0, 1}, {1, 0}})
}

func TestAgeAnswersWhatAge(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"benefit": 1}, "benefit"), Quantity: true, Age: true}
	f := Compute(q, []Candidate{
		{Text: "Your child can't use the benefit after they've turned 26 years old."},
		{Text: "You must apply for the benefit before your 70th birthday."},
		{Text: "Signs of the benefit's need usually begin in childhood."},
		{Text: "The benefit pays up to 45 months of education."},
	})
	unitsAre(t, f, [][2]float64{{1, 0}, {1, 0}, {1, 0}, {0, 1}})
}

// unitsAre checks each passage's Unit and Number features.
func unitsAre(t *testing.T, f []Features, want [][2]float64) {
	t.Helper()
	for i, w := range want {
		if got := [2]float64{f[i].Unit, f[i].Number}; got != w {
			t.Errorf("passage %d: unit, number %v, want %v", i, got, w)
		}
	}
}

func repeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}

func TestWeightsScoreAndExplain(t *testing.T) {
	f := Features{Coverage: 1, BM25: 0.5, Heading: 0.25}
	w := Weights{Coverage: 2, BM25: 2, Heading: 4}
	if s := w.Score(f); s != 4 {
		t.Errorf("score %v, want 4", s)
	}
	total := 0.0
	for _, c := range w.Explain(f) {
		total += c.Share
		if c.Name == "coverage" && (c.Value != 1 || c.Weight != 2 || c.Share != 0.5) {
			t.Errorf("coverage %+v", c)
		}
	}
	if math.Abs(total-1) > 1e-9 {
		t.Errorf("shares add up to %v", total)
	}
	for _, name := range Names {
		if !w.Set(name, 7) {
			t.Errorf("Set(%q) refused", name)
		}
	}
	if w.Set("nonsense", 1) {
		t.Error("unknown weight accepted")
	}
	if len(Names) != len(f.Values()) {
		t.Error("Names and Values disagree")
	}
}

// A file's best passage keeps its score; another passage of the same file
// moves File of the way towards it, and a passage alone in its file stays.
func TestScoresLiftAPassageTowardsItsFilesBest(t *testing.T) {
	w := Weights{Coverage: 10, File: 0.2}
	fs := []Features{{Coverage: 0.9}, {Coverage: 0.4}, {Coverage: 0.5}}
	cands := []Candidate{{Doc: 1}, {Doc: 1}, {Doc: 2}}
	got := w.Scores(fs, cands)
	want := []float64{9, 4 + 0.2*5, 5}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Errorf("scores %v, want %v", got, want)
			break
		}
	}
	if fs[0].File != 0 || math.Abs(fs[1].File-5) > 1e-9 || fs[2].File != 0 {
		t.Errorf("gaps %v, %v, %v: want 0, 5, 0", fs[0].File, fs[1].File, fs[2].File)
	}
	// Explain gives the same score as Scores, the gap's part included.
	if e := w.Explain(fs[1]); math.Abs(e[len(e)-1].Share-1/5.0) > 1e-9 {
		t.Errorf("file's share %v, want 0.2 of 5", e[len(e)-1].Share)
	}
}

func TestIDF(t *testing.T) {
	if IDF(1, 1000) <= IDF(100, 1000) || IDF(1000, 1000) < 0 {
		t.Error("IDF must fall with frequency and stay non-negative")
	}
}

func TestOneRareWordOfALongQuestionRanksAfterSeveral(t *testing.T) {
	idf := map[string]float64{"unused": 1, "vacation": 1.5, "hours": 0.5, "rolls": 9, "next": 0.5, "year": 0.5}
	q := Query{Terms: terms(idf, "unused", "vacation", "hours", "rolls", "next", "year")}
	cands := []Candidate{
		{Title: "rolldice", Heading: []string{"rolls"}, Text: "Rolls virtual dice."},
		{Title: "Leave", Heading: []string{"Annual leave"}, Text: "Unused vacation hours carry over to the next year."},
	}
	set := Analyse(q, cands)
	f := set.Features(q)
	// Without the rule the rare word alone wins: the case it is there for.
	if Default.Score(f[0]) <= Default.Score(f[1]) {
		t.Fatalf("the one-word passage scores %.2f, below %.2f: the test no longer shows the case", Default.Score(f[0]), Default.Score(f[1]))
	}
	if !set.OneWord(0) || set.OneWord(1) {
		t.Errorf("OneWord = %v, %v; want the dice page alone marked", set.OneWord(0), set.OneWord(1))
	}
	// A required word held alone may still rank first.
	req := Query{Terms: terms(idf, "unused", "vacation", "hours", "rolls", "next", "year")}
	req.Terms[3].Required = true
	set = Analyse(req, cands)
	set.Features(req)
	if set.OneWord(0) {
		t.Error("a passage holding the required word is marked as holding one word")
	}
	// Four words are too few for the rule.
	short := Query{Terms: terms(idf, "unused", "vacation", "rolls", "year")}
	set = Analyse(short, cands)
	set.Features(short)
	if set.OneWord(0) {
		t.Error("a four-word question marks a one-word passage")
	}
}

func TestPassagesInTheQuestionsLanguage(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"git": 1, "blame": 3}, "git", "blame"), Lang: "en"}
	cands := []Candidate{
		{Text: "각 줄을 마지막으로 수정한 사람: `git blame`", Lang: "ko"},
		{Text: "Show who last changed each line: `git blame`", Lang: "en"},
		{Text: "`git blame {{file}}`", Lang: ""},
	}
	f := Compute(q, cands)
	if f[0].Language != 0 || f[1].Language != 1 || f[2].Language != 1 {
		t.Errorf("language %v %v %v, want 0 for Korean, 1 for English and for code alone", f[0].Language, f[1].Language, f[2].Language)
	}
	if Default.Score(f[0]) >= Default.Score(f[1]) {
		t.Errorf("the Korean page scores %.2f, the English one %.2f", Default.Score(f[0]), Default.Score(f[1]))
	}
}

// Many candidates are read by several goroutines: each must be read as it
// would be alone (go test -race checks they share nothing).
func TestManyCandidatesReadAsEachAlone(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"fever": 2, "child": 1}, "fever", "child")}
	var cands []Candidate
	for i := range 5 * analyseBatch {
		cands = append(cands, Candidate{Text: fmt.Sprintf("Passage %d: a child with fever %d, fevers and children.", i, i),
			Heading: []string{"Fever", fmt.Sprint(i)}, Title: "Children"})
	}
	all := Analyse(q, cands)
	for i, c := range cands {
		one := Analyse(q, []Candidate{c})
		if !slices.Equal(all.text[i], one.text[0]) || !slices.Equal(all.heading[i], one.heading[0]) || !slices.Equal(all.title[i], one.title[0]) {
			t.Fatalf("candidate %d read %q, alone %q", i, all.text[i], one.text[0])
		}
	}
}

// A keyword query of a few words ranks the passage that holds all of them
// (one in another form) above a shorter one that repeats its rarer words
// but lacks one; a question of five or more words is left to the other
// features.
func TestAPassageWithEveryWordOfAShortQueryComesFirst(t *testing.T) {
	idf := map[string]float64{"fax": 4, "evidence": 2, "new": 1, "va": 1, "claim": 1, "reviewer": 1}
	cands := []Candidate{
		{Text: "Send evidence by fax to the intake center."},
		{Text: "Apply by mail or in person at a regional office, or online where you can upload the forms. " +
			"Send the new papers to the VA, or fax them to our intake center at the number on the form, " +
			"and include every piece of evidence that supports your claim so the reviewer can read it."},
	}
	score := func(w Weights, ws ...string) (float64, float64) {
		q := Query{Terms: terms(idf, ws...)}
		f := Compute(q, cands)
		return w.Score(f[0]), w.Score(f[1])
	}
	none := Default
	none.All = 0
	if a, b := score(none, "fax", "new", "evidence", "va"); a <= b {
		t.Fatalf("without the feature the short passage scores %.2f, the one with every word %.2f: the test shows nothing", a, b)
	}
	if a, b := score(Default, "fax", "new", "evidence", "va"); b <= a {
		t.Errorf("the passage with every word scores %.2f, the one without va %.2f", b, a)
	}
	q := Query{Terms: terms(idf, "fax", "new", "evidence", "va", "claim", "reviewer")}
	for i, f := range Compute(q, cands) {
		if f.All != 0 {
			t.Errorf("a query of six words: candidate %d has All %.0f", i, f.All)
		}
	}
}

// Only a question in another script than Latin weighs its Latin words
// more: in an English one ("en", as analyze.Language tells it) a word
// keeps its weight beside a number ("type 1 diabetes"), and a correction
// keeps its lower weight relative to the word typed.
func TestWeighScriptsRaisesLatinNamesOnlyInAnotherScript(t *testing.T) {
	cjk := func(s string) bool { return s != "" && s[0] >= 0x80 }
	terms := func() []Term {
		return []Term{{Terms: []string{"nginx"}, Word: 0}, {Terms: []string{"1"}, Word: 1}, {Terms: []string{"reload"}, Word: 2, Weight: 0.5}, {Terms: []string{"خادم"}, Word: 3}}
	}
	for lang, want := range map[string][]float64{"ar": {1.5, 0, 0.75, 0}, "zh": {1.5, 0, 0.75, 0}, "en": {0, 0, 0.5, 0}, "latin": {0, 0, 0.5, 0}, "": {0, 0, 0.5, 0}} {
		ts := terms()
		WeighScripts(ts, cjk, lang)
		for i, w := range want {
			if ts[i].Weight != w {
				t.Errorf("%q: %s weighs %v, want %v", lang, ts[i].Terms[0], ts[i].Weight, w)
			}
		}
	}
}

// A snippet weighs a passage's words as the ranker weighs the question's:
// IDF times the word's weight, another form at nearMatch, a prefix's
// completions as the prefix, anything else as the lightest word; for a
// question of an amount, a number as all the words together.
func TestTermWeightsAreTheRankersWeights(t *testing.T) {
	terms := []Term{
		{Terms: []string{"fever"}, Forms: []string{"feverish"}, IDF: 2},
		{Terms: []string{"child"}, IDF: 1, Weight: correctionLike},
		{Terms: []string{"ibu"}, Prefix: true, IDF: 3},
	}
	w := TermWeights(terms, false)
	for term, want := range map[string]float64{"fever": 2, "feverish": 2 * nearMatch, "child": correctionLike,
		"ibuprofen": 3, "other": correctionLike, numberTerm: correctionLike} {
		if got := w(term); math.Abs(got-want) > 1e-9 {
			t.Errorf("%q weighs %v, want %v", term, got, want)
		}
	}
	if got := TermWeights(terms, true)(numberTerm); math.Abs(got-(2+correctionLike+3)) > 1e-9 {
		t.Errorf("a number in a question of an amount weighs %v, want every word's weight together", got)
	}
}

const correctionLike = 0.7
