package chunker

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"folio/internal/testutil"
)

// corpusFiles lists every Markdown file of ../shared/corpus.
func corpusFiles(t testing.TB, rel string) []string {
	t.Helper()
	root := testutil.SharedPath(t, rel)
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
	// The workers report failures here, and the test goroutine reports
	// them: t.Fatalf may only end the test's own goroutine.
	fails := &workerTB{TB: t}
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				if fails.enough() {
					continue // drain: the test ends with what it has
				}
				fails.check(func(t *workerTB) {
					data, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					doc, err := Split(f, data, opt)
					if err != nil {
						t.Fatalf("%s: %v", f, err)
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
				})
			}
		}()
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()
	fails.report(t)
	d := total.Defects
	t.Logf("%d files, %d chunks: %d split tables, %d split code blocks, %d orphaned table rows, %d empty paths, %d chunks ending mid-sentence (all inside sentences longer than 2×max=%d characters)",
		len(files), chunks, d.SplitTables, d.SplitCode, d.OrphanedRows, d.EmptyPaths, d.MidSentence, 2*opt.Max)
	if d.SplitTables != 0 || d.SplitCode != 0 || d.OrphanedRows != 0 || d.EmptyPaths != 0 {
		t.Errorf("structural defects on the corpus: %+v", d)
	}
	// Every mid-sentence end is a cut inside an oversized sentence, and
	// the figures are the README's (How chunking works).
	if longSentenceCuts != d.MidSentence {
		t.Errorf("%d chunks end mid-sentence, %d of them inside an oversized sentence", d.MidSentence, longSentenceCuts)
	}
	if len(files) != 46420 || chunks != 84875 || d.MidSentence != 39 {
		t.Errorf("%d files, %d chunks, %d mid-sentence: the README says 46,420, 84,875 and 39", len(files), chunks, d.MidSentence)
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

// workerTB is the testing.TB a worker goroutine checks a file with: its
// failures are collected (Fatal ends only that file's check) and reported
// by the test goroutine, so failing workers never leave the sender
// blocked, and the test stops taking files after maxFailures.
type workerTB struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

const maxFailures = 20

type stopFile struct{}

func (w *workerTB) Helper() {}

func (w *workerTB) Errorf(format string, args ...any) { w.add(fmt.Sprintf(format, args...)) }
func (w *workerTB) Error(args ...any)                 { w.add(fmt.Sprint(args...)) }
func (w *workerTB) Fatalf(format string, args ...any) { w.Errorf(format, args...); panic(stopFile{}) }
func (w *workerTB) Fatal(args ...any)                 { w.Error(args...); panic(stopFile{}) }

func (w *workerTB) add(msg string) {
	w.mu.Lock()
	w.errs = append(w.errs, msg)
	w.mu.Unlock()
}

func (w *workerTB) enough() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.errs) >= maxFailures
}

// check runs one file's checks; a Fatal ends them.
func (w *workerTB) check(f func(*workerTB)) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopFile); !ok {
				panic(r)
			}
		}
	}()
	f(w)
}

func (w *workerTB) report(t *testing.T) {
	t.Helper()
	for _, e := range w.errs {
		t.Error(e)
	}
	if len(w.errs) >= maxFailures {
		t.Errorf("stopped after %d failures", maxFailures)
	}
}
