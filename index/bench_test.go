package index

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"folio/chunker"
	"folio/index/fts"
	"folio/index/query"
	"folio/internal/testutil"
)

// benchImport imports one corpus folder into a fresh library per iteration.
func benchImport(b *testing.B, rel string) {
	dir := testutil.SharedPath(b, rel)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ix, err := Open(filepath.Join(b.TempDir(), "lib.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		s, err := ix.AddFolder(context.Background(), dir, ImportOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		b.ReportMetric(float64(s.Chunks), "chunks")
		b.SetBytes(s.Bytes)
		ix.Close()
		b.StartTimer()
	}
}

func BenchmarkImportMedquad(b *testing.B) { benchImport(b, "corpus/medquad-md") }
func BenchmarkImportTldr(b *testing.B)    { benchImport(b, "corpus/tldr") }

// BenchmarkRescanTldrUnchanged is a scan where nothing changed.
func BenchmarkRescanTldrUnchanged(b *testing.B) {
	ix, err := Open(filepath.Join(b.TempDir(), "lib.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	if _, err := ix.AddFolder(context.Background(), testutil.SharedPath(b, "corpus/tldr"), ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := ix.Scan(context.Background(), ImportOptions{})
		if err != nil || s.Added+s.Updated+s.Removed != 0 {
			b.Fatal(err, s)
		}
	}
}

// BenchmarkQueryLatency imports all of ../shared/corpus once, then runs 2–4
// word queries with snippets and reports p50 and p99 latency.
// FOLIO_BENCH_LIBRARY names another library to search (the 12-copy
// library of ../shared/bench).
func BenchmarkQueryLatency(b *testing.B) {
	ix := benchLibrary(b)
	defer ix.Close()
	benchQueries(b, ix, shortQueries)
}

// shortQueries are 2–4 word queries over every corpus and script.
var shortQueries = []string{
	"high blood pressure", "symptoms of diabetes", "annual leave policy", "list files recursively",
	"git commit message", "ownership and borrowing", "goroutine leak", "veterans disability compensation",
	"travel reimbursement", "breast cancer treatment options", "docker container logs", "error handling in rust",
	"compress a directory", "kidney disease diet", "security clearance process", "vue component props",
	"الإجازة السنوية", "مكون vue", "搜索 文件", "ファイル 表示",
}

// benchQueries searches the queries in turn, ten hits with snippets, and
// reports the p50 and p99 latency. The reference, measured in the same
// loop (this machine is shared and noisy), is FTS5 alone: the ten best
// passages by bm25 among all that hold any of the query's words, without
// snippets (what a search was before the two stages).
func benchQueries(b *testing.B, ix *Index, queries []string) {
	var lat, ref []time.Duration
	exprs := make([]string, len(queries))
	for i, q := range queries {
		pq := query.Parse(q)
		var all []int
		for j, c := range pq.Clauses {
			if c.Optional() {
				all = append(all, j)
			}
			pq.Clauses[j].Links = nil // the typed words only, as before the links
		}
		exprs[i] = pq.Match(query.Retrieval{Alone: all})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := ix.Search(context.Background(), queries[i%len(queries)], SearchOptions{Limit: 10}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
		if expr := exprs[i%len(queries)]; expr != "" {
			start = time.Now()
			rows, err := ix.db.Query(`SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts) LIMIT 10`, expr)
			if err != nil {
				b.Fatal(err)
			}
			for rows.Next() {
			}
			rows.Close()
			ref = append(ref, time.Since(start))
		}
	}
	b.StopTimer()
	report := func(d []time.Duration, unit string) {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		b.ReportMetric(float64(d[len(d)/2].Microseconds())/1000, unit+"p50-ms")
		b.ReportMetric(float64(d[len(d)*99/100].Microseconds())/1000, unit+"p99-ms")
	}
	report(lat, "")
	if len(ref) > 0 {
		report(ref, "fts5-")
	}
}

// importOnce builds a library of one corpus folder for benchmarks that
// change it.
func importOnce(b *testing.B, rel string) (*Index, string) {
	b.Helper()
	dir := testutil.SharedPath(b, rel)
	ix, err := Open(filepath.Join(b.TempDir(), "lib.db"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	return ix, dir
}

// BenchmarkReindexMedquad is a re-scan where every document changed: the
// chunk settings alternate, so each iteration removes every chunk (with
// secure_delete and FTS5's exact delete, what keeps removed text out of
// the file) and writes new ones.
func BenchmarkReindexMedquad(b *testing.B) {
	ix, _ := importOnce(b, "corpus/medquad-md")
	defer ix.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		opt := ImportOptions{Chunking: chunker.Options{Max: 1100 + 100*(i%2), Min: 200}}
		s, err := ix.Scan(context.Background(), opt)
		if err != nil || s.Updated == 0 {
			b.Fatal(err, s)
		}
		b.SetBytes(s.Bytes)
	}
}

// BenchmarkRemoveMedquad removes a folder of 6,255 documents.
func BenchmarkRemoveMedquad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ix, dir := importOnce(b, "corpus/medquad-md")
		b.StartTimer()
		if err := ix.RemoveFolder(context.Background(), dir); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		ix.Close()
		b.StartTimer()
	}
}

// BenchmarkPurge measures the two ways removed text leaves the search
// index (purge.go) by removing 125 documents of 18f-handbook (250 files, each mode its own)
// from a library of all of ../shared/corpus: exact secure deletes, and
// plain deletes with a merge of the whole index. FOLIO_BENCH_LIBRARY names
// a scratch copy of a larger library whose folder holds a 18f-handbook
// folder (the 12-copy library of ../shared/bench), which is changed.
func BenchmarkPurge(b *testing.B) {
	ctx := context.Background()
	var ix *Index
	like := "18f-handbook/%"
	if path := os.Getenv("FOLIO_BENCH_LIBRARY"); path != "" {
		var err error
		if ix, err = Open(path); err != nil {
			b.Fatal(err)
		}
		like = "copy__/18f-handbook/%"
	} else {
		ix, _ = importOnce(b, "corpus")
	}
	defer ix.Close()
	var folderID int64
	if err := ix.db.QueryRow(`SELECT id FROM folders ORDER BY id LIMIT 1`).Scan(&folderID); err != nil {
		b.Fatal(err)
	}
	for _, mode := range []struct {
		name string
		mode fts.PurgeMode
	}{{"exact", fts.Exact}, {"merge", fts.Merge}} {
		b.Run(mode.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				var ids []int64
				var chunks int64
				rows, err := ix.db.Query(`SELECT id, n_chunks FROM documents WHERE rel_path LIKE ? ORDER BY id LIMIT 125`, like)
				if err != nil {
					b.Fatal(err)
				}
				for rows.Next() {
					var id, n int64
					if err := rows.Scan(&id, &n); err != nil {
						b.Fatal(err)
					}
					ids, chunks = append(ids, id), chunks+n
				}
				rows.Close()
				if len(ids) == 0 {
					b.Skip("no 18f-handbook documents left to remove")
				}
				b.StartTimer()
				w := &writer{ix: ix, folderID: folderID, purge: mode.mode}
				if err := w.ensure(ctx); err != nil {
					b.Fatal(err)
				}
				if err := w.removeDocuments(ids); err != nil {
					b.Fatal(err)
				}
				if err := w.commit(); err != nil {
					b.Fatal(err)
				}
				if err := ix.finishChanges(ctx, true, 0, false); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(chunks), "chunks")
			}
		})
	}
}

// BenchmarkNaturalQuestions runs the development set's questions
// (../shared/eval/dev-golden.jsonl: keywords, questions, long messages and
// typos in English, Arabic and Chinese) with snippets on a library of all
// of ../shared/corpus, or on FOLIO_BENCH_LIBRARY, and reports p50 and p99.
func BenchmarkNaturalQuestions(b *testing.B) {
	ix := benchLibrary(b)
	defer ix.Close()
	benchQueries(b, ix, evalQuestions(b, "dev-golden.jsonl"))
}

// BenchmarkWeighing is what weighing a question's words costs on the first
// search after the library changed: the counts are exact (index/termstats),
// so a common word's count reads its whole posting list, and the row count
// is read again, and a typo's corrections are looked up again
// (index/spell). Each iteration weighs the development questions
// (dev-golden and dev-golden-2) once each with both emptied, and reports
// p50 and p99 per question.
func BenchmarkWeighing(b *testing.B) {
	ix := benchLibrary(b)
	defer ix.Close()
	qs := append(evalQuestions(b, "dev-golden.jsonl"), evalQuestions(b, "dev-golden-2.jsonl")...)
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		for _, text := range qs {
			ix.dfs.Fresh(-1) // another version: the counts and corrections are emptied
			ix.fixes.Fresh(-1)
			q := query.Parse(text)
			start := time.Now()
			if _, err := ix.queryStats(context.Background(), &q, ""); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
		}
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkAnswers is quality where a search's cost is measured: the
// share of dev-golden's and dev-golden-2's questions whose answer is in
// the text of the first passage shown, or of one of the first five (a
// copy counts: it is the same text). Run with -benchtime 1x on all of
// ../shared/corpus and on FOLIO_BENCH_LIBRARY=<the million-passage
// library> to compare quality at both sizes; it reads text only, not
// files, so a library whose folders are gone still answers.
// FOLIO_BENCH_RANKS names a file to write each question's place (1–5, 0
// when the answer is not in the first five) to, one line each, so two
// libraries or builds can be compared question by question.
func BenchmarkAnswers(b *testing.B) {
	ix := benchLibrary(b)
	defer ix.Close()
	var qs []evalQuestion
	for _, set := range []string{"dev-golden.jsonl", "dev-golden-2.jsonl"} {
		qs = append(qs, evalSet(b, set)...)
	}
	fold := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	var first, five int
	places := make([]int, len(qs))
	b.ResetTimer()
	for range b.N {
		first, five = 0, 0
		for qi, q := range qs {
			res, err := ix.Search(context.Background(), q.Q, SearchOptions{Limit: 5, NoSnippets: true})
			if err != nil {
				b.Fatal(err)
			}
			places[qi] = 0
			for i, h := range res.Hits {
				if strings.Contains(fold(h.Text), fold(q.Answer)) {
					if i == 0 {
						first++
					}
					five++
					places[qi] = i + 1
					break
				}
			}
		}
	}
	b.StopTimer()
	if path := os.Getenv("FOLIO_BENCH_RANKS"); path != "" {
		var out strings.Builder
		for qi, q := range qs {
			fmt.Fprintf(&out, "%d\t%s\n", places[qi], q.Q)
		}
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(first)/float64(len(qs)), "hit@1")
	b.ReportMetric(float64(five)/float64(len(qs)), "hit@5")
}

type evalQuestion struct {
	ID        string `json:"id"`
	Q, Answer string
}

// BenchmarkSnippetAnswers is how often a result's snippet shows the
// answer its passage holds: of the questions whose answer one of the first
// five passages holds (the first such one), the share whose snippet holds
// every word of the answer in order. The tune questions (the four
// eval/tune-lay sets and dev-golden-2's odd ids) and the check (its even
// ids and dev-golden) are reported apart, as are the answers holding a
// number and how many of those numbers the snippet shows. Run with -benchtime 1x on all of
// ../shared/corpus (FOLIO_BENCH_LIBRARY for a library already built).
func BenchmarkSnippetAnswers(b *testing.B) {
	ix := benchLibrary(b)
	defer ix.Close()
	var tune, check []evalQuestion
	for _, name := range []string{"tune-lay.jsonl", "tune-lay-2.jsonl", "tune-lay-3.jsonl", "tune-lay-4.jsonl"} {
		tune = append(tune, evalFile(b, filepath.Join("..", "eval", name))...)
	}
	for _, q := range evalSet(b, "dev-golden-2.jsonl") {
		if n := len(q.ID); n > 0 && (q.ID[n-1]-'0')%2 == 1 {
			tune = append(tune, q)
		} else {
			check = append(check, q)
		}
	}
	check = append(check, evalSet(b, "dev-golden.jsonl")...)
	fold := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	words := func(s string) string {
		return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }), " ")
	}
	measure := func(qs []evalQuestion) (shown, answered, numShown, numbers int) {
		for _, q := range qs {
			res, err := ix.Search(context.Background(), q.Q, SearchOptions{Limit: 5})
			if err != nil {
				b.Fatal(err)
			}
			for _, h := range res.Hits {
				if !strings.Contains(fold(h.Text), fold(q.Answer)) {
					continue
				}
				answered++
				sn, ans := " "+words(h.Snippet.Text)+" ", words(q.Answer)
				if strings.Contains(sn, " "+ans+" ") {
					shown++
				}
				if strings.ContainsFunc(ans, unicode.IsDigit) {
					numbers++
					all := true
					for _, w := range strings.Fields(ans) {
						if strings.ContainsFunc(w, unicode.IsDigit) && !strings.Contains(sn, " "+w+" ") {
							all = false
						}
					}
					if all {
						numShown++
					}
				}
				break
			}
		}
		return
	}
	b.ResetTimer()
	for range b.N {
		for _, set := range []struct {
			name string
			qs   []evalQuestion
		}{{"tune", tune}, {"check", check}} {
			shown, answered, numShown, numbers := measure(set.qs)
			b.ReportMetric(float64(shown)/float64(max(answered, 1)), set.name+"-shown")
			b.ReportMetric(float64(numShown)/float64(max(numbers, 1)), set.name+"-numbers")
		}
	}
}

// evalSet is a question set of ../shared/eval with its answers.
func evalSet(b *testing.B, name string) []evalQuestion {
	return evalFile(b, filepath.Join(testutil.SharedPath(b, "eval"), name))
}

// evalFile is a question set with its answers.
func evalFile(b *testing.B, path string) []evalQuestion {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var out []evalQuestion
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var q evalQuestion
		if err := json.Unmarshal([]byte(line), &q); err != nil {
			b.Fatal(err)
		}
		out = append(out, q)
	}
	return out
}

// evalQuestions are the questions of a set in ../shared/eval.
func evalQuestions(b *testing.B, name string) []string {
	var out []string
	for _, q := range evalSet(b, name) {
		out = append(out, q.Q)
	}
	return out
}

// benchLibrary opens FOLIO_BENCH_LIBRARY read-only, else imports all of
// ../shared/corpus into a new library.
func benchLibrary(b *testing.B) *Index {
	if path := os.Getenv("FOLIO_BENCH_LIBRARY"); path != "" {
		ix, err := OpenMode(path, ReadOnly)
		if err != nil {
			b.Fatal(err)
		}
		return ix
	}
	ix, _ := importOnce(b, "corpus")
	return ix
}

// BenchmarkRefinements is what offering refinements adds to a search:
// the lay-word questions of dev-golden-2 on all of ../shared/corpus (or
// FOLIO_BENCH_LIBRARY), each asked without and with SearchOptions.Refine
// in the same loop, so the two figures share the machine's noise.
func BenchmarkRefinements(b *testing.B) {
	ix := benchLibrary(b)
	defer ix.Close()
	questions := evalQuestions(b, "dev-golden-2.jsonl")
	var plain, refined []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := questions[i%len(questions)]
		for _, refine := range []bool{false, true} {
			start := time.Now()
			if _, err := ix.Search(context.Background(), q, SearchOptions{Limit: 10, Refine: refine}); err != nil {
				b.Fatal(err)
			}
			if refine {
				refined = append(refined, time.Since(start))
			} else {
				plain = append(plain, time.Since(start))
			}
		}
	}
	b.StopTimer()
	for _, r := range []struct {
		d    []time.Duration
		unit string
	}{{plain, ""}, {refined, "refine-"}} {
		sort.Slice(r.d, func(i, j int) bool { return r.d[i] < r.d[j] })
		b.ReportMetric(float64(r.d[len(r.d)/2].Microseconds())/1000, r.unit+"p50-ms")
		b.ReportMetric(float64(r.d[len(r.d)*99/100].Microseconds())/1000, r.unit+"p99-ms")
	}
}
