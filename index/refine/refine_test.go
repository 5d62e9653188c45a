package refine

import (
	"slices"
	"strings"
	"testing"

	"folio/index/analyze"
)

func terms(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		for _, t := range analyze.Tokens(w) {
			m[t.Term] = true
		}
	}
	return m
}

// df gives every term the same rarity but those named.
func df(common ...string) func([]string) map[string]float64 {
	return func(ts []string) map[string]float64 {
		out := map[string]float64{}
		for _, t := range ts {
			out[t] = 10
		}
		for _, w := range common {
			out[analyze.Tokens(w)[0].Term] = 5000
		}
		return out
	}
}

func texts(rs []Refinement) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Text)
	}
	return out
}

func TestSuggestOffersWhatThePassagesShareAndTheQueryLacks(t *testing.T) {
	ps := []Passage{
		{Text: "Annual leave carries over to the next year, up to 240 hours of annual leave.", Lang: "en"},
		{Text: "Unused annual leave above 240 hours is lost at the end of the leave year.", Lang: "en"},
		{Text: "You earn annual leave every pay period.", Lang: "en"},
		{Text: "Sick leave is separate from annual leave.", Lang: "en"},
		{Text: "<td>class</td> 2024 x", Lang: "en"},
	}
	got := Suggest(terms("vacation", "days", "rollover"), "en", ps, df("year", "pay"), 10000, Max)
	joined := "|" + strings.Join(texts(got), "|") + "|"
	if !strings.Contains(joined, "|annual leave|") || !strings.Contains(joined, "|240 hours|") {
		t.Errorf("refinements %q: want annual leave and 240 hours", joined)
	}
	for _, bad := range []string{"|annual|", "|leave|", "|2024|", "|td|", "|class|", "|x|", "|the|", "|vacation|"} {
		if strings.Contains(joined, bad) {
			t.Errorf("refinements %q hold %s", joined, bad)
		}
	}
	if got[0].Passages != 4 {
		t.Errorf("first %+v: want the phrase held by 4 passages", got[0])
	}
}

func TestSuggestKeepsToTheQuestionsLanguage(t *testing.T) {
	ps := []Passage{
		{Text: "Descomprime el archivo en el directorio actual.", Lang: "es"},
		{Text: "Descomprime el archivo comprimido.", Lang: "es"},
		{Text: "Unpack the archive into the current folder.", Lang: "en"},
		{Text: "Unpack the archive here.", Lang: "en"},
	}
	got := texts(Suggest(terms("tar"), "en", ps, df(), 1000, Max))
	for _, w := range got {
		if w == "descomprime" || w == "archivo" {
			t.Errorf("an English question is offered %q (from Spanish passages): %q", w, got)
		}
	}
	if len(got) == 0 || got[0] != "unpack" && got[0] != "archive" {
		t.Errorf("refinements %q", got)
	}
}

func TestSuggestKeepsAcronymsAndDropsCutsOfTypedChinese(t *testing.T) {
	ps := []Passage{
		{Text: "The VA pays the SAH grant. Apply for the SAH grant online.", Lang: "en"},
		{Text: "SAH grant amounts change each year.", Lang: "en"},
	}
	if got := texts(Suggest(terms("housing"), "en", ps, df(), 1000, Max)); len(got) == 0 || got[0] != "SAH grant" {
		t.Errorf("refinements %q: want SAH grant first", got)
	}
	zh := []Passage{
		{Text: "设置环境变量名和路径", Lang: "zh"},
		{Text: "查看环境变量名", Lang: "zh"},
	}
	for _, w := range texts(Suggest(terms("环境变量"), "zh", zh, df(), 1000, Max)) {
		if strings.ContainsAny(w, "环境变量") {
			t.Errorf("offered %q, a cut of the typed words", w)
		}
	}
}

func TestSuggestNeverPanicsOnOddText(t *testing.T) {
	for _, text := range []string{"", "   ", "a", "中文中文中文", "\x00\xff", strings.Repeat("word ", 5000), "x\u200by\u200bz"} {
		Suggest(terms("q"), "", []Passage{{Text: text}, {Text: text}}, df(), 10, Max)
	}
}

// BenchmarkSuggest is the cost a search with refinements adds, without
// the document-frequency lookup: ten passages of 1,200 characters.
func BenchmarkSuggest(b *testing.B) {
	text := strings.Repeat("Unused annual leave above 240 hours is lost at the end of the leave year; see the policy. ", 13)
	ps := make([]Passage, 10)
	for i := range ps {
		ps[i] = Passage{Text: text, Lang: "en"}
	}
	q := terms("vacation", "days")
	for b.Loop() {
		Suggest(q, "en", ps, df(), 80000, Max)
	}
}

func TestSuggestOffersTheSameEveryTime(t *testing.T) {
	ps := []Passage{
		{Text: "alpha beta gamma delta epsilon zeta eta theta", Lang: "en"},
		{Text: "alpha beta gamma delta epsilon zeta eta theta", Lang: "en"},
	}
	first := strings.Join(texts(Suggest(terms("q"), "en", ps, df(), 100, 4)), "|")
	for range 50 {
		if got := strings.Join(texts(Suggest(terms("q"), "en", ps, df(), 100, 4)), "|"); got != first {
			t.Fatalf("offered %q, then %q", first, got)
		}
	}
}

// A negation is no refinement: 18F's pages say "don't" and "isn't" in
// most passages, and the window offered "n't" as what the notes say.
func TestSuggestOffersNoNegation(t *testing.T) {
	ps := []Passage{
		{Text: "You don't lose your parental leave if you move; it isn't paid out.", Lang: "en"},
		{Text: "Parental leave can't be advanced and doesn't carry over.", Lang: "en"},
		{Text: "Parental leave is not sick leave. No form is needed.", Lang: "en"},
		{Text: "Ask about parental leave early; it won't wait.", Lang: "en"},
	}
	got := Suggest(terms("baby", "home"), "en", ps, df(), 10000, Max)
	joined := "|" + strings.Join(texts(got), "|") + "|"
	if !strings.Contains(joined, "|parental leave|") {
		t.Errorf("refinements %q: want parental leave", joined)
	}
	for _, bad := range []string{"|n't|", "|n’t|", "|not|", "|no|"} {
		if strings.Contains(joined, bad) {
			t.Errorf("refinements %q hold %s", joined, bad)
		}
	}
}

// "may" the modal is no refinement either (the window offered it first for
// most medical questions); "May" the month still is.
func TestSuggestOffersNoModalMay(t *testing.T) {
	ps := []Passage{
		{Text: "Symptoms may include fever. Open season starts in May.", Lang: "en"},
		{Text: "The rash may spread. Enrol by May 31.", Lang: "en"},
		{Text: "Treatment may help. Benefits change each May.", Lang: "en"},
	}
	if got := texts(Suggest(terms("rash"), "en", ps, df(), 10000, Max)); !slices.Contains(got, "may") {
		t.Fatalf("refinements %q: want may, the month", got)
	}
	ps = []Passage{
		{Text: "Symptoms may include fever.", Lang: "en"},
		{Text: "The rash may spread.", Lang: "en"},
		{Text: "Treatment may help.", Lang: "en"},
	}
	if got := texts(Suggest(terms("rash"), "en", ps, df(), 10000, Max)); slices.Contains(got, "may") {
		t.Errorf("refinements %q hold the modal may", got)
	}
}
