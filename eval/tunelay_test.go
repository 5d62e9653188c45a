// Package eval holds Folio's own tuning questions (tune-lay.jsonl,
// tune-lay-2.jsonl, tune-lay-3.jsonl and tune-lay-4.jsonl over ../shared/corpus,
// tune-docs.jsonl over Node.js's and npm's own documentation) and the
// tests that keep them true to their documents: a question whose answer
// is no longer in its file would silently count as a miss for every
// ranking, so the set fails loudly instead.
package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

type question struct {
	ID, Corpus, Q, Answer, File, Lang, Style string
	FilesWithAnswer                          int `json:"files_with_answer"`
}

func TestTuneLayAnswersStandInTheirFiles(t *testing.T) {
	corpus := testutil.SharedPath(t, "corpus")
	// One question a file, across the sets: each was written from files
	// the ones before it (and ../shared/eval) do not use.
	ids := map[string]bool{}
	files := map[string]string{}
	// The three languages the product is measured in, each with enough
	// questions to tune on (the later sets add to the first).
	for _, set := range []struct {
		name    string
		perLang int
	}{{"tune-lay.jsonl", 30}, {"tune-lay-2.jsonl", 10}, {"tune-lay-3.jsonl", 10}, {"tune-lay-4.jsonl", 10}} {
		checkTuneSet(t, func(c string) string { return filepath.Join(corpus, c) }, set.name, map[string]int{"en": set.perLang, "ar": set.perLang, "zh": set.perLang}, ids, files)
	}
}

// checkTuneSet checks the set in file name; dirOf gives a corpus folder's
// place on disk.
func checkTuneSet(t *testing.T, dirOf func(corpus string) string, name string, perLang map[string]int, ids map[string]bool, files map[string]string) {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var q question
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatalf("%s line %d: %v", name, n, err)
		}
		if q.ID == "" || q.Q == "" || q.Answer == "" || q.File == "" || ids[q.ID] {
			t.Fatalf("%s line %d: empty field or repeated id: %+v", name, n, q)
		}
		ids[q.ID] = true
		switch q.Style {
		case "keyword", "question", "long", "typo":
		default:
			t.Errorf("%s: style %q", q.ID, q.Style)
		}
		langs[q.Lang]++
		rel := filepath.Join(q.Corpus, filepath.FromSlash(q.File))
		if other, ok := files[rel]; ok {
			t.Errorf("%s and %s answer from the same file %s", other, q.ID, rel)
		}
		files[rel] = q.ID
		text, err := os.ReadFile(filepath.Join(dirOf(q.Corpus), filepath.FromSlash(q.File)))
		if err != nil {
			t.Errorf("%s: %v", q.ID, err)
			continue
		}
		// Scored as the cited lines holding the answer: it must stand on
		// one line, or no passage's lines could hold it whole.
		found := false
		for _, line := range strings.Split(string(text), "\n") {
			if strings.Contains(line, q.Answer) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: answer %q is not on one line of %s", q.ID, q.Answer, rel)
		}
		if q.FilesWithAnswer < 1 {
			t.Errorf("%s: files_with_answer %d", q.ID, q.FilesWithAnswer)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for lang, want := range perLang {
		if langs[lang] < want {
			t.Errorf("%s: %d %s questions, want at least %d", name, langs[lang], lang, want)
		}
	}
}
