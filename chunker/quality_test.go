package chunker

import "testing"

func TestEveryDefectKindHasPlainWords(t *testing.T) {
	for _, k := range []string{DefectMidSentence, DefectSplitTable, DefectOrphanRows, DefectSplitCode, DefectEmptyPath} {
		if DefectAdvice(k) == "" {
			t.Errorf("no plain words for %q", k)
		}
	}
}
