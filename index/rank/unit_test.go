package rank

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

var unitPatterns = []struct {
	name string
	p    unitPattern
}{{"age", age}, {"rate", rate}, {"money", money}, {"vague span", vagueSpan}}

// A unit pattern read around its anchors finds what its regexp finds on
// the whole text (and where: Spans), wherever in a long passage the unit stands, whatever
// its case, and not where a word around it hides a boundary.
func TestAUnitIsFoundAsItsPatternFindsItInTheWholeText(t *testing.T) {
	pad := strings.Repeat("the page lists what the office needs from you before it can decide. ", 3)
	units := []string{
		"before age 4", "AGED 65 and over", "26 years old", "a 3-year-old", "her 70th birthday",
		"in early childhood", "in your thirties", "Middle age", "at ages of 5",
		"1 in 2,000 people", "10%", "12 to 20 percent", "more than half", "once every 2 weeks", "3 out of 4",
		"at least once", "once or twice", "were once classified",
		"$817.48", "€ 20", "60 %", "5 dollars",
		"weeks to months", "a few days", "Several Hours", "a couple of more weeks", "a week or two", "months or a year",
		"عدة أيام", "بضعة أسابيع", "几个月", "数天",
		// not units, though their words are
		"homepage 5", "damages 4", "image of 3", "unhalfed", "percentile", "the 5thbirthday",
		"stage 3 dosage", "upper 5", "on behalf", "recovery 2 weeks", "headquarters",
		"day to day", "the weekday or weekend", "yesterday or today", "fewdays", "holidays or weekends",
		strings.Repeat("a", 60) + "age 5", "5" + strings.Repeat(" ", 10) + "years old", "ééééé" + "aged 5",
		"age" + strings.Repeat(" ", 20) + "7",
		// a stretch cut inside a word would see a boundary the text has not
		"a" + strings.Repeat("1", 60) + "th birthday", strings.Repeat("2", 60) + "th birthday",
	}
	for _, u := range units {
		for _, text := range []string{u, pad + u, u + pad, pad + u + pad, pad + strings.ToUpper(u) + pad} {
			for _, up := range unitPatterns {
				if got, want := up.p.MatchString(text), up.p.re.MatchString(text); got != want {
					t.Errorf("%s in %q: %v, its pattern on the whole text says %v", up.name, text, got, want)
				}
				if got, want := fmt.Sprint(up.p.Spans(text)), fmt.Sprint(up.p.re.FindAllStringIndex(text, -1)); got != want && !(got == "[]" && want == "[]") {
					t.Errorf("%s in %q: spans %s, its pattern on the whole text finds %s", up.name, text, got, want)
				}
			}
		}
	}
	if !age.MatchString(pad+"children under age 4"+pad) || age.MatchString(pad+pad) {
		t.Error("an age in a long passage is not told from a passage without one")
	}
}

// "Once" is a frequency when it counts (once a day, at least once), not
// when it means formerly or as soon as: "were once classified as a
// separate disorder" gave a gene page the share a question of how common
// asks for, above the page's "How many people are affected" section.
func TestOnceIsAFrequencyOnlyWhenItCounts(t *testing.T) {
	for _, s := range []string{"take it once a day", "once every 2 weeks", "at least once", "more than once a year", "once or twice", "once daily", "only once"} {
		if !rate.MatchString(s) {
			t.Errorf("%q: no frequency found", s)
		}
	}
	for _, s := range []string{"FAHN was once classified as a separate disorder", "Once you apply, we review your claim.", "once the swelling goes down", "Once in the bloodstream, it spreads."} {
		if rate.MatchString(s) {
			t.Errorf("%q read as a frequency", s)
		}
	}
}

// The same on real pages: every file of ../shared/corpus's policy
// collections and every fourth of its health pages, and each of their
// paragraphs (the whole corpus, 500,000 texts, agreed too when it was
// written; it takes half a minute).
func TestUnitPatternsAgreeWithTheirPatternsOnTheCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a corpus")
	}
	var texts []string
	for _, dir := range []string{"corpus/medquad-md", "corpus/vagov-content", "corpus/18f-handbook"} {
		root := testutil.SharedPath(t, dir)
		n := 0
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			if n++; dir == "corpus/medquad-md" && n%4 != 0 {
				return nil
			}
			b, err := os.ReadFile(p)
			texts = append(texts, string(b))
			texts = append(texts, strings.Split(string(b), "\n\n")...)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, up := range unitPatterns {
		found := 0
		for _, text := range texts {
			got, want := up.p.MatchString(text), up.p.re.MatchString(text)
			if got != want {
				loc := up.p.re.FindStringIndex(text)
				if loc == nil {
					loc = []int{0, 0}
				}
				t.Fatalf("%s: %v, its pattern on the whole text says %v (near %q)", up.name, got, want, text[max(0, loc[0]-40):min(len(text), loc[1]+40)])
			}
			if got {
				found++
			}
		}
		if found == 0 {
			t.Errorf("%s found in none of %d texts: the comparison shows nothing", up.name, len(texts))
		}
	}
}
