package analyze

import (
	"strings"
	"unicode"
	"unicode/utf8"
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

// whenAsks are the verbs that follow "when" in a question, and "to" of
// "when to file".
var whenAsks = []string{"do", "does", "did", "is", "are", "was", "were", "will", "would", "can", "could",
	"should", "shall", "must", "may", "might", "has", "have", "had", "am", "isn't", "aren't", "don't", "doesn't",
	"when's", "to"}

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

// AskingSentences is the sentences of a message that ask: those ending in
// a question mark, else those opening with a word of asking (how, can,
// what…), else all of it. The story around a question says what kinds of
// thing happened ("they were treated", "the inherited lung condition",
// "she was diagnosed"), and the question says what it wants to know
// ("does having had warts make cancer more likely?").
func AskingSentences(text string) string {
	var asking, opening []string
	n := 0
	for s := range sentences(text) {
		n++
		first, marked := opens(s)
		switch {
		case marked:
			asking = append(asking, s)
		case askingWords[first]:
			opening = append(opening, s)
		}
	}
	switch {
	case n < 2:
		return text
	case len(asking) > 0:
		return strings.Join(asking, " ")
	case len(opening) > 0:
		return strings.Join(opening, " ")
	}
	return text
}

func notLetter(r rune) bool { return !unicode.IsLetter(r) }

// opens is a sentence's first word, lower-cased, and whether the sentence
// ends in a question mark.
func opens(s string) (first string, marked bool) {
	first, _, _ = strings.Cut(strings.TrimLeftFunc(s, notLetter), " ")
	return strings.ToLower(strings.TrimRightFunc(first, notLetter)), strings.ContainsAny(s[max(len(s)-3, 0):], "?؟？")
}

// InOwnWords reports a question or a message in someone's own words
// rather than keywords: a question mark, a sentence opening with a word of
// asking (how, can, what…; كيف، هل، ليش; a Chinese question word), or a
// word of the first person (I, my, we). "where does a binary built with
// -cover save its data" and "my tests run with -race started failing"
// are; "annual leave carry over rules -contractors" is not.
func InOwnWords(text string) bool {
	for s := range sentences(text) {
		if first, marked := opens(s); marked || askingWords[first] || arabicAsking[first] {
			return true
		}
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), notLetter) {
		if firstPerson[w] {
			return true
		}
	}
	for _, w := range chineseAsking {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// The words that make a text someone's own question (InOwnWords).
var (
	arabicAsking  = map[string]bool{"كيف": true, "هل": true, "ليش": true, "لماذا": true, "ليه": true, "شو": true, "ايش": true, "وين": true, "متى": true, "شلون": true, "ازاي": true}
	firstPerson   = map[string]bool{"i": true, "my": true, "me": true, "we": true, "our": true}
	chineseAsking = []string{"怎么", "如何", "为什么", "為什麼", "怎麼", "吗", "嗎"}
)

// askingWords open a sentence that asks.
var askingWords = map[string]bool{"what": true, "how": true, "who": true, "when": true, "where": true, "why": true,
	"can": true, "could": true, "do": true, "does": true, "is": true, "are": true, "am": true, "should": true,
	"will": true, "would": true, "which": true}

// sentences yields text's sentences: each ends at . ! ? (and their Arabic
// and Chinese forms) followed by a space or the end, or at a line break,
// so "3.5 mg" and "main.go" stay inside their sentence.
func sentences(text string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		start := 0
		for i, r := range text {
			end := -1
			switch r {
			case '\n', '。', '？', '！', '؟':
				end = i + utf8.RuneLen(r)
			case '.', '!', '?':
				if next := i + 1; next == len(text) || text[next] == ' ' || text[next] == '\n' {
					end = next
				}
			}
			if end < 0 {
				continue
			}
			if s := strings.TrimSpace(text[start:end]); s != "" && !yield(s) {
				return
			}
			start = end
		}
		if s := strings.TrimSpace(text[start:]); s != "" {
			yield(s)
		}
	}
}
