package query

import (
	"slices"
	"testing"
)

// A computing word said in Arabic letters is read as the word it spells,
// with the Arabic word the documentation writes for it.
func TestAComputingWordInArabicLettersIsReadAsItsWord(t *testing.T) {
	for typed, want := range map[string][]string{
		"كومبوننت":   {"compon", "مكون"},
		"للكومبوننت": {"compon", "مكون"}, // with the article and a preposition
		"السيرفر":    {"server", "خادم"},
		"سيرفري":     {"server", "خادم"}, // "my server"
		"بورت":       {"port", "منفذ"},   // p is written ب
		"برانتش":     {"branch", "فرع"},  // ch as تش
		"فانكشن":     {"function", "func", "دال"},
		"بروبس":      {"prop", "خاص"},
		"لينك":       {"link", "رابط"}, // its ل is no preposition
	} {
		if got := loanword(typed); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", typed, got, want)
		}
	}
	for _, typed := range []string{
		"الصوت", // "the sound": its article is no l of "list"
		"زر",    // two consonants, as "user" has: too many Arabic words
		"مكون",  // an Arabic word
		"واتشر", // watcher: two consonants
		"component",
	} {
		if got := loanword(typed); got != nil {
			t.Errorf("%s: %q, want none", typed, got)
		}
	}
}

func TestALoanwordIsGivenOnlyToAPlainWordWithoutForms(t *testing.T) {
	q := Parse(`كومبوننت "سيرفر"`)
	if got := q.Loanword(0).Forms; !slices.Equal(got, []string{"compon", "مكون"}) {
		t.Errorf("plain word: forms %q", got)
	}
	if got := q.Loanword(1).Forms; got != nil {
		t.Errorf("quoted word: forms %q, want none (in quotes a word means only itself)", got)
	}
}
