package analyze

import "testing"

func TestAsksWhen(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		// The question word: a verb of asking follows (or a typo of one),
		// it ends the text, or it opens a sentence ahead of its topic.
		{"angelman syndrome when do seizures start", true},
		{"when shoud I reorder my meds from the VA", true},
		{"vacation request when", true},
		{"vacation request, when?", true},
		{"when vitiligo usually starts", true},
		{"My son was told he has it. When will the rash go away?", true},
		{"I'm not his next of kin. Can I order his file, and when do those become public?", true},
		// A conjunction: the clause's subject, an -ing verb or a participle
		// follows.
		{"When refinancing my VA mortgage, can I roll the closing costs into the loan?", false},
		{"When I pass a Go string into a C function, do I have to free it?", false},
		{"why are some of my struct's fields missing when I turn it into JSON", false},
		{"a test that passes only if my function crashes when given bad input", false},
		{"what exit code does my program return when main finishes with an error", false},
		{"how to avoid writing email: email when building a struct", false},
		// Not the word "when" at all.
		{"whenever I log in it asks again", false},
		{"", false},
	} {
		if got := AsksWhen(c.text); got != c.want {
			t.Errorf("AsksWhen(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestAskingSentences(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"how common is CVID", "how common is CVID"},
		{"They were treated. Is it inherited?", "Is it inherited?"},
		// No question mark: the sentences that open with a word of asking.
		{"My dad takes 2.5 mg of it. how long until it works", "how long until it works"},
		// "3.5" and "main.go" end no sentence.
		{"I run main.go with go1.21. why is it slow?", "why is it slow?"},
		{"It takes 3.5 s in main.go, how long should it take", "It takes 3.5 s in main.go, how long should it take"},
		{"孩子发烧了。吃什么药？", "吃什么药？"},
		{"الطفل مريض. ما هو العلاج؟", "ما هو العلاج؟"},
		// A story without a question: all of it.
		{"My dad was treated last year. He is fine now.", "My dad was treated last year. He is fine now."},
	} {
		if got := AskingSentences(c.text); got != c.want {
			t.Errorf("AskingSentences(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A question or a message in someone's own words is told from keywords by
// its question mark, a word of asking or the first person, not its length.
func TestInOwnWords(t *testing.T) {
	for text, want := range map[string]bool{
		"where does a binary built with -cover save its coverage data":       true,
		"After upgrading to Go 1.14 my tests run with -race started failing": true,
		"tests fail with -race?": true,
		"ليش لما حط v-if و v-for على نفس الـ li بيطلع ايرور": true,
		"热重载失败怎么办":                                   true,
		"annual leave carry over rules -contractors": false,
		"go test -race flaky":                        false,
		"docker reclaim disk space":                  false,
	} {
		if got := InOwnWords(text); got != want {
			t.Errorf("InOwnWords(%q) = %v, want %v", text, got, want)
		}
	}
}
