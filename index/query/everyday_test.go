package query

import (
	"slices"
	"testing"

	"folio/index/analyze"
)

func formsOf(q Query, typed string) []string {
	for _, c := range q.Clauses {
		if c.Typed == typed {
			return c.Forms
		}
	}
	return nil
}

// A question in everyday words carries the words reference text uses for
// the same things, as forms (half a word), unless the word was quoted.
func TestEverydayWordsBringTheReferenceWords(t *testing.T) {
	q := Parse("my dad needs a flu shot")
	for typed, want := range map[string]string{"dad": "father", "flu": "influenza", "shot": "vaccine"} {
		if !slices.Contains(formsOf(q, typed), analyze.IndexText(want)) {
			t.Errorf("%q: forms %v, want %q among them", typed, formsOf(q, typed), want)
		}
	}
	// What a program, a shell and a child do, in the words the pages use.
	for q, want := range map[string][2]string{"my program crashes": {"crashes", "panic"},
		"git shortcut": {"shortcut", "alias"}, "bedwetting age": {"bedwetting", "enuresis"}} {
		if !slices.Contains(formsOf(Parse(q), want[0]), analyze.IndexText(want[1])) {
			t.Errorf("%q: forms of %q %v, want %q among them", q, want[0], formsOf(Parse(q), want[0]), want[1])
		}
	}
	if f := formsOf(Parse(`"dad" visits`), "dad"); len(f) != 0 {
		t.Errorf(`a quoted "dad" means that word only, got forms %v`, f)
	}
	// Linked through spouse, but not to each other.
	h := formsOf(Parse("husband"), "husband")
	if !slices.Contains(h, analyze.IndexText("spouse")) || slices.Contains(h, analyze.IndexText("wife")) {
		t.Errorf("husband: %v, want spouse and not wife", h)
	}
	if s := formsOf(Parse("spouse"), "spouse"); !slices.Contains(s, analyze.IndexText("husband")) {
		t.Errorf("spouse: %v, want husband (links go both ways)", s)
	}
}

// A computing word typed in Latin letters in an Arabic question brings the
// Arabic word Arabic documentation writes for it, one way only.
func TestComputingWordsInAnArabicQuestionBringTheArabicWord(t *testing.T) {
	q := Parse("الـ array اللي رجعلي مش بنفس ترتيب الليستة")
	if f := formsOf(q, "array"); !slices.Contains(f, analyze.IndexText("مصفوفة")) {
		t.Errorf("array: forms %v, want مصفوفة among them", f)
	}
	if f := formsOf(Parse("مصفوفة"), "مصفوفة"); slices.Contains(f, analyze.IndexText("array")) {
		t.Errorf("مصفوفة: forms %v, want no English word", f)
	}
	for _, p := range arabicComputing {
		for _, w := range p {
			if term := analyze.IndexText(w); term == "" || analyze.IsStopword(term) || len(analyze.Tokens(w)) != 1 {
				t.Errorf("%q (pair %v) analyses to %q: not one searchable term", w, p, term)
			}
		}
	}
}

// Every word of the table is one searchable term: a stopword or a word the
// analyser splits would be a link that can never match.
func TestEverydayWordsAreOneTermEach(t *testing.T) {
	for _, g := range everydayGroups {
		for _, w := range g {
			term := analyze.IndexText(w)
			if term == "" || analyze.IsStopword(term) || len(analyze.Tokens(w)) != 1 {
				t.Errorf("%q (group %v) analyses to %q: not one searchable term", w, g, term)
			}
		}
		if len(everyday[analyze.IndexText(g[0])]) == 0 {
			t.Errorf("%q links to nothing", g[0])
		}
	}
}
