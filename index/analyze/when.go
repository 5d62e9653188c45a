package analyze

import (
	"strings"
	"unicode"
)

// AsksWhen reports that "when" in an English text asks for a time ("when
// do seizures start", "when should I reorder", "vacation request when",
// "when vitiligo usually starts") rather than joining a clause to the
// question ("can I roll the costs in when refinancing", "when I pass a Go
// string to C, do I free it", "fields missing when I turn it into JSON").
// People put "when" in a question far more often as the second: in the
// lay-word tuning questions twelve of fifteen. As a question word it is
// followed by a verb of asking (do, is, should, can…, or a typo of one),
// or it ends the text, or it opens a sentence ahead of its topic. As a
// conjunction it is followed by the clause's subject (I, the, my…) or by
// a verb in -ing (when refinancing) or a participle (when given).
func AsksWhen(text string) bool {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\'' && r != '’' && !strings.ContainsRune(".?!", r)
	})
	for i, w := range words {
		start := i == 0 || strings.ContainsAny(words[i-1][len(words[i-1])-1:], ".?!")
		w, end := strings.CutSuffix(strings.TrimRight(w, ".!"), "?")
		if w != "when" {
			continue
		}
		if end || i == len(words)-1 {
			return true
		}
		next := strings.Trim(words[i+1], ".?!")
		if whenVerb(next) {
			return true
		}
		if start && !clauseSubject[next] && !strings.HasSuffix(next, "ing") && !strings.HasSuffix(next, "ed") && !strings.HasSuffix(next, "en") {
			return true
		}
	}
	return false
}

// whenAsks are the verbs that follow "when" in a question.
var whenAsks = []string{"do", "does", "did", "is", "are", "was", "were", "will", "would", "can", "could",
	"should", "shall", "must", "may", "might", "has", "have", "had", "am", "isn't", "aren't", "don't", "doesn't",
	"when's"}

// whenVerb reports one of whenAsks, or a word of five letters or more one
// edit from one ("shoud", "wil" is too short to tell from other words).
func whenVerb(w string) bool {
	for _, v := range whenAsks {
		if w == v || len(v) >= 5 && len(w) >= 4 && EditDistance([]rune(w), []rune(v), 1) <= 1 {
			return true
		}
	}
	return false
}

// clauseSubject are the words that start the clause "when" joins: its
// subject, or an article or possessive before one.
var clauseSubject = map[string]bool{
	"i": true, "you": true, "we": true, "they": true, "he": true, "she": true, "it": true, "i'm": true, "i’m": true,
	"my": true, "your": true, "our": true, "their": true, "his": true, "her": true, "its": true,
	"the": true, "a": true, "an": true, "this": true, "that": true, "these": true, "those": true,
	"there": true, "someone": true, "somebody": true, "something": true, "anyone": true, "people": true,
	"given": true, "used": true, "possible": true, "necessary": true, "needed": true, "ready": true,
}
