package rank

import (
	"strings"
	"testing"
)

func TestWhatAQuestionAsksAndAHeadingOffers(t *testing.T) {
	for _, c := range []struct {
		question, heading string
		match             bool
	}{
		{"CVID how common", "How many people are affected by common variable immune deficiency?", true},
		{"huntington's disease life expectancy after diagnosis", "What is the outlook for Huntington disease?", true},
		{"what medicine do doctors try first for sudden muscle jerks", "What are the treatments for Myoclonus ?", true},
		{"which liver infections can you get a shot for", "How to prevent Hepatitis ?", true},
		{"why is my hello world executable several megabytes", "Why is my trivial program such a large binary?", true},
		{"how much can VA give to adapt a relative's home", "How much money can I get?", true},
		// Other ways to ask the same kinds.
		{"prevalence of vitiligo", "How many people are affected by vitiligo?", true},
		{"what triggers a migraine", "What causes migraine?", true},
		// Catching an illness is asking what causes it, in lay words; a
		// "catch" that only tells the story asks nothing of the kind.
		{"how do you catch h pylori", "What causes Gastritis ?", true},
		{"is strep throat contagious", "What causes strep throat?", true},
		{"how long does the stomach virus little kids catch last", "What causes viral gastroenteritis?", false},
		// A heading that is not a question offers no kind of answer.
		{"how common is CVID", "How many people", true},
		{"how common is CVID", "Prevalence and counts", false},
		// Another kind, or none asked.
		{"CVID how common", "What are the symptoms of CVID?", false},
		{"CVID immunoglobulin", "How many people are affected by CVID?", false},
		// An excluded word or a filter asks nothing.
		{"hepatitis -treatment", "What are the treatments for hepatitis?", false},
		{"hepatitis in:treatment", "What are the treatments for hepatitis?", false},
		// Words inside other words are not cues: "screenshot" is no shot.
		{"mac screenshot with a delay", "How to prevent screen burn-in?", false},
		// In a message of several sentences, the ones that ask say what
		// kind of answer is wanted; the story's words do not.
		{"I had warts in my twenties and they were treated. Does having had them make cancer more likely?", "What are the treatments for genital warts?", false},
		{"My brother has the inherited lung condition and smokes. How many years can smoking take off his life?", "Is alpha-1 antitrypsin deficiency inherited?", false},
		{"My brother has the inherited lung condition and smokes. How many years can smoking take off his life?", "How many people are affected by alpha-1?", true},
		{"She takes 2.5 mg a day. what medicine do doctors try next", "What are the treatments for Myoclonus ?", true},
		// "When" asks a time as a question word, not as a conjunction.
		{"angelman syndrome when do seizures start", "When do symptoms begin?", true},
		{"can I roll the closing costs into the loan when refinancing", "When will I get my money?", false},
		{"how do I test that my function crashes when given bad input", "When should I call a doctor?", false},
		{"when should I sign up for Medicare", "Should I still sign up for Medicare when I turn 65?", false},
		{"when should I sign up for Medicare", "When to contact a medical professional", true},
	} {
		q, h := QuestionAsks(c.question), HeadingAsks(c.heading)
		if got := q&h != 0; got != c.match {
			t.Errorf("%q asks %b, %q offers %b: match %v, want %v", c.question, q, c.heading, h, got, c.match)
		}
	}
	if HeadingAsks("Prevention") != 0 {
		t.Error("a heading that is not phrased as a question offers a kind")
	}
}

func TestThePassageUnderTheAskedHeadingRanksFirst(t *testing.T) {
	q := Query{Terms: terms(map[string]float64{"cvid": 6, "common": 2}, "CVID", "common"), Lang: "latin", Asks: QuestionAsks("CVID how common")}
	cands := []Candidate{
		// The definition says the question's words more often.
		{Heading: []string{"CVID", "What is CVID?"}, Title: "CVID", Doc: 1, Lang: "en",
			Text: "CVID is a common immune disorder. In CVID, the body makes few antibodies; CVID is one of the most common such disorders."},
		{Heading: []string{"CVID", "How many people are affected by CVID?"}, Title: "CVID", Doc: 1, Lang: "en",
			Text: "CVID affects about 1 in 25,000 people, which makes it one of the more common immune disorders."},
	}
	f := Compute(q, cands)
	if f[0].Ask != 0 || f[1].Ask != 1 {
		t.Errorf("ask %v %v, want 0 for the definition, 1 under the count's heading", f[0].Ask, f[1].Ask)
	}
	if Default.Score(f[1]) <= Default.Score(f[0]) {
		t.Errorf("the count scores %.2f, the definition %.2f", Default.Score(f[1]), Default.Score(f[0]))
	}
	without := Default
	without.Ask = 0
	if without.Score(f[1]) >= without.Score(f[0]) {
		t.Errorf("the test does not show the feature: without it the count already scores %.2f against %.2f", without.Score(f[1]), without.Score(f[0]))
	}
}

// A heading or a query thousands of words long is read only at its start.
func TestAHugeHeadingIsReadOnlyAtItsStart(t *testing.T) {
	long := "How many people " + strings.Repeat("word ", 100_000) + "?"
	if HeadingAsks(long)&QuestionAsks("how common") == 0 {
		t.Error("a long question heading lost its kind")
	}
	if QuestionAsks(strings.Repeat("word ", 100_000)+" how common") != 0 {
		t.Error("a kind asked after thousands of words counted")
	}
}
