package query

import (
	"reflect"
	"testing"
)

// A long question's words typed side by side are searched as pairs when
// the rarer of the two is rare enough; words apart (a stopword between),
// numbers, quoted words and short queries are not.
func TestALongQuestionsTypedPairsAreSearched(t *testing.T) {
	idf := map[string]float64{"ownership": 5.4, "prompt": 5.1, "hard": 4.7, "drive": 5.2, "mb": 6, "folder": 6}
	rarity := func(term string) float64 { return idf[term] } // every other word common
	expr, said := Parse("I copied a folder from my old hard drive and need to take ownership of it from the command prompt, 2 mb").Pairs(rarity)
	if want := `"hard drive" OR "take ownership" OR "command prompt"`; expr != want {
		t.Errorf("expression %q, want %q", expr, want)
	}
	if want := []string{"hard drive", "take ownership", "command prompt"}; !reflect.DeepEqual(said, want) {
		t.Errorf("said %q, want %q", said, want)
	}
	for q, want := range map[string]string{
		"take ownership command prompt": "", // four words: all searched already
		`how do I "take ownership" of my files from the command prompt on my windows machine`: `"command prompt"`,
		"how do I get out of the house right away quickly":                                    "", // common words
	} {
		if got, _ := Parse(q).Pairs(rarity); got != want {
			t.Errorf("%q: pairs %q, want %q", q, got, want)
		}
	}
}

// What a long question leaves out stays out of the passages its pairs
// find: they join the candidates.
func TestPairsLeaveOutWhatTheQuestionDoes(t *testing.T) {
	idf := map[string]float64{"ownership": 5.4, "prompt": 5.1, "hard": 4.7, "drive": 5.2}
	rarity := func(term string) float64 { return idf[term] }
	expr, _ := Parse(`I copied a folder from my old hard drive and need to take ownership from the command prompt -"powershell"`).Pairs(rarity)
	if want := `("hard drive" OR "take ownership" OR "command prompt") NOT "powershel"`; expr != want {
		t.Errorf("expression %q, want %q", expr, want)
	}
}
