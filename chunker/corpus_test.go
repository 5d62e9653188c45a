package chunker

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// corpusFiles lists every Markdown file of ../shared/corpus.
func corpusFiles(t testing.TB, rel string) []string {
	t.Helper()
	root := sharedDir(t, rel)
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".markdown")) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Every file of the real corpus keeps the invariants; no table or code block
// is ever split; the only chunks ending mid-sentence are parts of sentences
// too long to keep whole.
func TestCorpusKeepsInvariants(t *testing.T) {
	files := corpusFiles(t, "corpus")
	if len(files) < 40000 {
		t.Fatalf("only %d corpus files found", len(files))
	}
	opt := DefaultOptions()
	var mu sync.Mutex
	var total Report
	var chunks, longSentenceCuts int
	var largest int // the guard's largest estimate
	var largestFile string
	work := make(chan string)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Error(err)
					continue
				}
				doc, err := Split(f, data, opt)
				if err != nil {
					t.Errorf("%s: %v", f, err)
					continue
				}
				blocks := estimateBlocks(t, data)
				r := checkInvariants(t, f, data, doc, opt)
				cuts := 0
				for _, p := range r.Defects.Problems {
					if p.Kind == DefectMidSentence {
						if !endsInsideLongSentence(doc, doc.Chunks[p.Ordinal], opt) {
							t.Errorf("%s: chunk %d ends mid-sentence but not inside an oversized sentence: …%q",
								f, p.Ordinal, tail(doc.Chunks[p.Ordinal].Text))
						}
						cuts++
					}
				}
				mu.Lock()
				if blocks > largest {
					largest, largestFile = blocks, f
				}
				chunks += len(doc.Chunks)
				longSentenceCuts += cuts
				total.Defects.MidSentence += r.Defects.MidSentence
				total.Defects.SplitTables += r.Defects.SplitTables
				total.Defects.SplitCode += r.Defects.SplitCode
				total.Defects.OrphanedRows += r.Defects.OrphanedRows
				total.Defects.EmptyPaths += r.Defects.EmptyPaths
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()
	d := total.Defects
	t.Logf("%d files, %d chunks: %d split tables, %d split code blocks, %d orphaned table rows, %d empty paths, %d chunks ending mid-sentence (all inside sentences longer than 2×max=%d characters)",
		len(files), chunks, d.SplitTables, d.SplitCode, d.OrphanedRows, d.EmptyPaths, d.MidSentence, 2*opt.Max)
	if d.SplitTables != 0 || d.SplitCode != 0 || d.OrphanedRows != 0 || d.EmptyPaths != 0 {
		t.Errorf("structural defects on the corpus: %+v", d)
	}
	// Real files stay far from the guard's limit.
	t.Logf("largest block estimate %s (%s), %.0f times under MaxBlocks", thousands(largest), largestFile, float64(MaxBlocks)/float64(largest))
	if largest > MaxBlocks/10 {
		t.Errorf("%s estimated at %s blocks, within ten times of MaxBlocks", largestFile, thousands(largest))
	}
}

// endsInsideLongSentence reports whether chunk c ends inside one sentence
// longer than twice the maximum: the only place the chunker cuts prose.
func endsInsideLongSentence(doc *Document, c Chunk, opt Options) bool {
	src, err := newSource([]byte(doc.Text))
	if err != nil {
		return false
	}
	var found bool
	var visit func([]*block)
	visit = func(blocks []*block) {
		for _, b := range blocks {
			if b.start < c.End && c.End <= b.end {
				if b.typ == typeProse {
					for _, s := range src.sentences(b.start, b.end) {
						if s[0] < c.End && c.End < s[1] && utf8.RuneCountInString(src.text[s[0]:s[1]]) > 2*opt.Max {
							found = true
						}
					}
				}
				visit(b.children)
			}
		}
	}
	visit(parse(src).blocks)
	return found
}

func tail(s string) string {
	if len(s) > 60 {
		return s[len(s)-60:]
	}
	return s
}
