// Command gen writes assets/spelling/british.txt from the British → American
// spelling table of npm american-british-english-translator (its
// data/british_spellings.json): one "british american" pair a line, sorted.
// Run by `make spelling`, which fetches the package first.
//
// A few rows are left out, each for a reason a reader can check: the
// "British" form is also the American spelling of another word, or the row
// is a slip in the data. Folding them would merge different words in every
// library.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

var leftOut = map[string]string{
	"gases":      "the American plural too (gasses is a verb)",
	"buses":      "the American plural too (busses are kisses)",
	"minibuses":  "as buses",
	"analyses":   "the plural of analysis in American text as well",
	"paralyses":  "the plural of paralysis in American text as well",
	"disc":       "American text keeps disc (spine, optical) apart from disk (storage)",
	"discs":      "as disc",
	"videodisc":  "as disc",
	"philtre":    "a potion (American philter), not a filter",
	"groyne":     "a sea wall; folding it would make it the groin",
	"tonne":      "a metric ton, another unit than the ton",
	"edoema":     "not a spelling; oedema is folded by rule",
	"pummelled":  "a slip in the data (→ pummel)",
	"pummelling": "a slip in the data (→ pummeled)",
	"tranquilly": "a slip in the data (→ tranquility)",
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen british_spellings.json > british.txt")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var table map[string]string
	if err := json.Unmarshal(data, &table); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var lines []string
	for gb, us := range table {
		gb, us = strings.ToLower(gb), strings.ToLower(us)
		if _, skip := leftOut[gb]; skip || gb == us || !letters(gb) || !letters(us) {
			continue
		}
		lines = append(lines, gb+" "+us)
	}
	if len(lines) < 1000 {
		return fmt.Errorf("%s: only %d pairs; not the expected table", path, len(lines))
	}
	sort.Strings(lines)
	_, err = fmt.Println(strings.Join(lines, "\n"))
	return err
}

// letters reports whether w is one word of ASCII letters: the analyser
// folds only such words.
func letters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return w != ""
}
