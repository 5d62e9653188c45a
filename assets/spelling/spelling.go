// Package spelling holds British spellings and their American forms
// (colour → color, paediatric → pediatric, organise → organize), from npm
// american-british-english-translator 0.2.1 (MIT; its licence is
// LICENSE-american-british-english-translator.txt). `make spelling`
// regenerates british.txt byte for byte. Folio's analyser folds each
// British spelling to the American one in the index and in queries alike,
// so a question in either spelling finds a page in the other.
package spelling

import (
	_ "embed"
	"strings"
)

//go:embed british.txt
var data string

// American maps a British spelling to its American form; lower case,
// ASCII letters only.
var American = func() map[string]string {
	m := make(map[string]string, 1800)
	for _, line := range strings.Split(data, "\n") {
		if gb, us, ok := strings.Cut(line, " "); ok {
			m[gb] = us
		}
	}
	return m
}()
