package app

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"folio/chunker"
	"folio/files"
	"folio/index"
	"folio/index/rank"
	"folio/index/refine"
)

// setting is one way to chunk and rank, as named on the command line:
// structural:MAX[+minN][+overlapN], fixed:N[+overlapN] or whole-file, each
// optionally followed by +wH/T/B (the first stage's bm25 column weights),
// +kN (candidates for the second stage), +perfileN (passages of a file per
// page, 0 for no limit) and +feature=weight for the second stage's
// weights (+coverage=2+fts=0; names as in `folio search --explain`).
type setting struct {
	name       string
	kind       string // structural, fixed, whole-file
	opt        chunker.Options
	fixed      int
	weights    [3]float64
	ranking    rank.Weights
	candidates int
	perFile    int
}

// indexKey names what a setting's library depends on: settings that differ
// only in ranking share one library.
func (st setting) indexKey() string {
	return fmt.Sprintf("%s %d %+v", st.kind, st.fixed, st.opt)
}

func parseSetting(s string, base setting) (setting, error) {
	st := base
	st.name = s
	parts := strings.Split(s, "+")
	head, arg, _ := strings.Cut(parts[0], ":")
	num := func(v string) (int, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("setting %q: %q is not a number", s, v)
		}
		return n, nil
	}
	var err error
	switch head {
	case "structural":
		st.kind = "structural"
		if arg != "" {
			if st.opt.Max, err = num(arg); err != nil {
				return st, err
			}
		}
	case "fixed":
		st.kind = "fixed"
		if st.fixed, err = num(arg); err != nil || st.fixed < 1 {
			return st, fmt.Errorf("setting %q: fixed needs a size", s)
		}
		st.opt.Overlap = 0
	case "whole-file":
		st.kind = "whole-file"
	default:
		return st, fmt.Errorf("setting %q: start with structural:MAX, fixed:N or whole-file", s)
	}
	for _, p := range parts[1:] {
		switch {
		case strings.HasPrefix(p, "overlap"):
			if st.opt.Overlap, err = num(strings.TrimPrefix(p, "overlap")); err != nil {
				return st, err
			}
		case strings.HasPrefix(p, "min"):
			if st.opt.Min, err = num(strings.TrimPrefix(p, "min")); err != nil {
				return st, err
			}
		case strings.HasPrefix(p, "perfile"):
			if st.perFile, err = num(strings.TrimPrefix(p, "perfile")); err != nil {
				return st, err
			}
			if st.perFile == 0 {
				st.perFile = -1 // no limit
			}
		case strings.Contains(p, "="):
			name, v, _ := strings.Cut(p, "=")
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || !st.ranking.Set(name, f) {
				return st, fmt.Errorf("setting %q: %q is not feature=weight (features: %s)", s, p, strings.Join(rank.Names, ", "))
			}
		case strings.HasPrefix(p, "w"):
			if st.weights, err = parseWeights(strings.ReplaceAll(strings.TrimPrefix(p, "w"), "/", ",")); err != nil {
				return st, fmt.Errorf("setting %q: %w", s, err)
			}
		case strings.HasPrefix(p, "k"):
			if st.candidates, err = num(strings.TrimPrefix(p, "k")); err != nil {
				return st, err
			}
		default:
			return st, fmt.Errorf("setting %q: unknown part %q", s, p)
		}
	}
	if st.kind == "fixed" && st.opt.Overlap >= st.fixed {
		return st, fmt.Errorf("setting %q: overlap must be smaller than the size", s)
	}
	if st.kind == "structural" {
		if err := st.opt.Validate(); err != nil {
			return st, fmt.Errorf("setting %q: %w", s, err)
		}
	}
	return st, nil
}

func parseWeights(s string) ([3]float64, error) {
	var w [3]float64
	f := strings.Split(s, ",")
	if len(f) != 3 {
		return w, fmt.Errorf("weights need three numbers (heading, title, body), got %q", s)
	}
	for i, v := range f {
		n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || n < 0 {
			return w, fmt.Errorf("weight %q is not a non-negative number", v)
		}
		w[i] = n
	}
	return w, nil
}

// splitter returns the import's split function for a setting and counts
// the characters of the documents it splits.
func (st setting) splitter(docChars *atomic.Int64) (func(string, []byte) (*chunker.Document, error), string) {
	count := func(doc *chunker.Document, err error) (*chunker.Document, error) {
		if err == nil {
			docChars.Add(int64(utf8.RuneCountInString(doc.Text)))
		}
		return doc, err
	}
	switch st.kind {
	case "fixed":
		return func(id string, data []byte) (*chunker.Document, error) {
			return count(chunker.SplitFixed(id, data, st.fixed, st.opt.Overlap))
		}, "eval " + st.name
	case "whole-file":
		return func(id string, data []byte) (*chunker.Document, error) { return count(chunker.SplitWhole(id, data)) }, "eval whole"
	}
	return func(id string, data []byte) (*chunker.Document, error) {
		return count(chunker.Split(id, data, st.opt))
	}, "eval " + st.name
}

type goldenQ struct {
	ID     string `json:"id"` // e001: the number says which half (--halves)
	Q      string `json:"q"`
	Answer string `json:"answer"`
	// Optional fields a set may carry: figures are also given per value.
	Lang   string `json:"lang"`
	Style  string `json:"style"`
	Corpus string `json:"corpus"`
	File   string `json:"file"` // the answer's file, under the corpus (or corpus/Corpus); for --click
}

// groups are the per-field groups a question belongs to.
func (q goldenQ) groups() []string {
	var g []string
	for _, f := range [][2]string{{"lang", q.Lang}, {"style", q.Style}, {"corpus", q.Corpus}} {
		if f[1] != "" {
			g = append(g, f[0]+"="+f[1])
		}
	}
	return g
}

type judgedQ struct {
	ID   string `json:"_id"`
	Text string `json:"text"`
}

// evalRow is one setting's line of the report.
type evalRow struct {
	Setting   string             `json:"setting"`
	Chunks    int                `json:"chunks"`
	Stored    float64            `json:"stored_ratio"` // stored characters ÷ document characters
	Metrics   map[string]float64 `json:"metrics"`
	Groups    []groupRow         `json:"groups,omitempty"`
	IndexTime float64            `json:"index_seconds"`
	Misses    []string           `json:"misses,omitempty"`
	Per       []perQuestion      `json:"-"` // each question's outcome, for --save-ranks and --against
}

// groupRow is one group's figures (lang=zh, style=typo…) in a golden set.
type groupRow struct {
	Set   string  `json:"set"`
	Group string  `json:"group"`
	N     int     `json:"n"`
	Hit1  float64 `json:"hit@1"`
	Hit5  float64 `json:"hit@5"`
	MRR   float64 `json:"MRR@10"`
	File5 float64 `json:"file hit@5"`
}

func runEval(e *env, args []string) int {
	fs := newFlagSet(e, "eval")
	corpus := fs.String("corpus", "", "folder to index (a temporary library; yours is never used)")
	var goldens multiFlag
	fs.Var(&goldens, "golden", "golden questions (JSON lines {\"q\", \"answer\"}); repeatable")
	queries := fs.String("queries", "", "judged queries, BEIR queries.jsonl")
	qrels := fs.String("qrels", "", "judgements, BEIR qrels.tsv (query-id, corpus-id = file name, score)")
	def := chunker.DefaultOptions()
	max := fs.Int("max", def.Max, "chunk max")
	min := fs.Int("min", def.Min, "chunk min")
	overlap := fs.Int("overlap", def.Overlap, "overlap (sentences; characters with --fixed)")
	fixed := fs.Int("fixed", 0, "fixed-size chunks of N characters")
	weights := fs.String("weights", "", "bm25 weights heading,title,body (default 4,2,1)")
	compare := fs.String("compare", "", "comma-separated settings to compare, e.g. structural:1200,fixed:400+overlap80,whole-file,structural:1200+coverage=2")
	var halves multiFlag
	fs.Var(&halves, "halves", "golden questions scored as two halves: tune (odd ids) and check (even ids); repeatable")
	noRef := fs.Bool("no-reference", false, "skip the whole-file bm25 reference row")
	click := fs.Bool("click", false, "also score a user who, when the answer is not first, clicks the offered refinement its heading path or lines use")
	verbose := fs.Bool("verbose", false, "list the misses per question")
	asJSON := fs.Bool("json", false, "print JSON")
	saveTo := fs.String("save-ranks", "", "write each question's rank to FILE (JSON lines), for a later --against")
	against := fs.String("against", "", "compare with a run saved by --save-ranks, question by question")
	if rest, err := parseFlags(fs, args); err != nil || len(rest) > 0 || *corpus == "" || (len(goldens)+len(halves) == 0 && *queries == "") || (*queries == "") != (*qrels == "") {
		fs.Usage()
		return exitError
	}
	base := setting{kind: "structural", opt: chunker.Options{Max: *max, Min: *min, Overlap: *overlap}, weights: index.DefaultWeights, ranking: rank.Default}
	if *weights != "" {
		w, err := parseWeights(*weights)
		if err != nil {
			return failIn(e, "eval", err)
		}
		base.weights = w
	}
	var settings []setting
	names := strings.Split(*compare, ",")
	if *compare == "" {
		names = []string{fmt.Sprintf("structural:%d+min%d+overlap%d", *max, *min, *overlap)}
		if *fixed > 0 {
			names = []string{fmt.Sprintf("fixed:%d+overlap%d", *fixed, *overlap)}
		}
	}
	for _, n := range names {
		st, err := parseSetting(strings.TrimSpace(n), base)
		if err != nil {
			return failIn(e, "eval", err)
		}
		settings = append(settings, st)
	}
	// Ctrl+C or a kill (SIGTERM) cancels the run instead of ending the
	// process, so the deferred close removes the temporary libraries
	// (tens of MB each) rather than leaving them in the temp folder.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ev := &evaluation{ctx: ctx, libs: map[string]*evalLib{}, files: map[string][]string{}, click: *click, corpus: *corpus}
	defer ev.close()
	for _, g := range goldens {
		qs, err := readGolden(g)
		if err != nil {
			return failIn(e, "eval", err)
		}
		ev.golden = append(ev.golden, goldenSet{name: strings.TrimSuffix(filepath.Base(g), ".jsonl"), questions: qs})
	}
	for _, g := range halves {
		qs, err := readGolden(g)
		if err != nil {
			fmt.Fprintf(e.stderr, "folio eval: %v\n", err)
			return exitError
		}
		tune, check, err := splitHalves(qs)
		if err != nil {
			fmt.Fprintf(e.stderr, "folio eval: %s: %v\n", g, err)
			return exitError
		}
		name := strings.TrimSuffix(filepath.Base(g), ".jsonl")
		ev.golden = append(ev.golden, goldenSet{name: name + " tune", questions: tune}, goldenSet{name: name + " check", questions: check})
	}
	if len(ev.golden) > 0 && !*noRef {
		settings = append(settings, referenceSetting(base))
	}
	if *queries != "" {
		var err error
		if ev.queries, err = readJudgedQueries(*queries); err != nil {
			return failIn(e, "eval", err)
		}
		if ev.qrels, err = readQrels(*qrels); err != nil {
			return failIn(e, "eval", err)
		}
	}
	var saved []perQuestion
	if *against != "" {
		var err error
		if saved, err = readRanks(*against); err != nil {
			return failIn(e, "eval", err)
		}
	}
	var rows []evalRow
	for _, st := range settings {
		row, err := ev.run(*corpus, st, *verbose)
		if err != nil {
			return failIn(e, "eval", fmt.Errorf("%s: %w", st.name, err))
		}
		rows = append(rows, row)
	}
	if *saveTo != "" {
		if err := saveRanks(*saveTo, rows); err != nil {
			return failIn(e, "eval", err)
		}
	}
	writeEvalResults(e, rows, ev.metricNames(), *asJSON, *against, saved)
	return exitOK
}

// writeEvalResults prints the rows as a table or JSON lines, and their
// pairing with a saved run when against names one.
func writeEvalResults(e *env, rows []evalRow, metrics []string, asJSON bool, against string, saved []perQuestion) {
	if asJSON {
		enc := json.NewEncoder(jsonWriter(e.stdout))
		enc.SetEscapeHTML(false)
		for _, r := range rows {
			enc.Encode(r)
		}
		if against != "" {
			for _, p := range comparePaired(rows, saved) {
				enc.Encode(map[string]any{"against": against, "paired": p})
			}
		}
		return
	}
	printEvalTable(e.stdout, rows, metrics)
	if against != "" {
		printPaired(e.stdout, against, comparePaired(rows, saved))
	}
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

type goldenSet struct {
	name      string
	questions []goldenQ
}

type evaluation struct {
	ctx     context.Context // cancelled by a signal
	golden  []goldenSet
	queries []judgedQ
	qrels   map[string]map[string]float64 // query → document → grade
	libs    map[string]*evalLib           // by setting.indexKey
	files   map[string][]string           // file → lines, for checking citations
	// click simulates a user who, when the answer is not first, clicks
	// the refinement that the answer's heading path or lines use.
	click  bool
	corpus string
}

// evalLib is a temporary library indexed one way.
type evalLib struct {
	dir       string
	ix        *index.Index
	chunks    int
	stored    float64
	indexTime float64
}

func (ev *evaluation) close() {
	for _, l := range ev.libs {
		l.ix.Close()
		os.RemoveAll(l.dir)
	}
}

func (ev *evaluation) metricNames() []string {
	var names []string
	for _, g := range ev.golden {
		for _, m := range []string{"hit@1", "hit@3", "hit@5", "MRR@10", "file hit@1", "file hit@5", "p50 ms", "p99 ms"} {
			names = append(names, g.name+" "+m)
		}
		if ev.click {
			names = append(names, g.name+" click hit@1", g.name+" click hit@5", g.name+" clicked")
		}
	}
	if len(ev.queries) > 0 {
		names = append(names, "nDCG@10", "Recall@10", "Recall@100", "MRR@10")
	}
	return names
}

// library indexes the corpus the way a setting says, once per way.
func (ev *evaluation) library(corpus string, st setting) (*evalLib, error) {
	if l, ok := ev.libs[st.indexKey()]; ok {
		return l, nil
	}
	tmp, err := os.MkdirTemp("", "folio-eval-")
	if err != nil {
		return nil, err
	}
	ix, err := index.Open(filepath.Join(tmp, "eval.db"))
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	l := &evalLib{dir: tmp, ix: ix}
	ev.libs[st.indexKey()] = l
	var docChars atomic.Int64
	split, tag := st.splitter(&docChars)
	start := time.Now()
	// One worker: files are written in the walk's order, so passages get
	// the same row ids in every run. With files read in parallel they did
	// not, and a common word's document frequency, estimated from where its
	// 500th passage lies, moved a little: figures differed by a question
	// between runs of the same build.
	sum, err := ix.AddFolder(ev.ctx, corpus, index.ImportOptions{Split: split, SplitTag: tag, Chunking: st.opt, Workers: 1})
	if err == nil && ev.ctx.Err() != nil {
		err = fmt.Errorf("stopped by a signal: %w", ev.ctx.Err())
	}
	if err != nil {
		return nil, err
	}
	l.indexTime = time.Since(start).Seconds()
	l.chunks = sum.Chunks
	if stored, err := ix.StoredChars(ev.ctx); err == nil && docChars.Load() > 0 {
		l.stored = float64(stored) / float64(docChars.Load())
	}
	return l, nil
}

// run asks every question of a setting on its library.
func (ev *evaluation) run(corpus string, st setting, verbose bool) (evalRow, error) {
	row := evalRow{Setting: st.name, Metrics: map[string]float64{}}
	l, err := ev.library(corpus, st)
	if err != nil {
		return row, err
	}
	row.IndexTime, row.Chunks, row.Stored = l.indexTime, l.chunks, l.stored
	ranking := st.ranking
	opt := index.SearchOptions{Weights: st.weights, Ranking: &ranking, Candidates: st.candidates, PerFile: st.perFile}
	for _, g := range ev.golden {
		if err := ev.runGolden(l.ix, g, opt, &row, verbose); err != nil {
			return row, err
		}
	}
	if len(ev.queries) > 0 {
		if err := ev.runJudged(l.ix, opt, &row, verbose); err != nil {
			return row, err
		}
	}
	return row, nil
}

// runGolden asks one golden set's questions and adds its figures to row.
func (ev *evaluation) runGolden(ix *index.Index, g goldenSet, opt index.SearchOptions, row *evalRow, verbose bool) error {
	ctx := ev.ctx
	var hits [3]int
	var fileHits [2]int // the answer anywhere in the file, ranked among distinct files
	mrr := 0.0
	var lat []time.Duration
	type acc struct {
		n, hit1, hit5, file5 int
		mrr                  float64
	}
	groups := map[string]*acc{}
	var order []string
	var clickHits [3]int // hit@1, hit@5, questions clicked
	for _, q := range g.questions {
		opt.Limit = 10
		opt.Refine = ev.click
		start := time.Now()
		res, err := ix.Search(ctx, q.Q, opt)
		if err != nil {
			return err
		}
		lat = append(lat, time.Since(start))
		rank := ev.answerRank(res.Hits, q.Answer)
		if ev.click {
			after, clicked, err := ev.clickRank(ix, q, res, rank, opt)
			if err != nil {
				return err
			}
			if after == 1 {
				clickHits[0]++
			}
			if after > 0 && after <= 5 {
				clickHits[1]++
			}
			if clicked {
				clickHits[2]++
			}
		}
		for i, k := range []int{1, 3, 5} {
			if rank > 0 && rank <= k {
				hits[i]++
			}
		}
		fr := ev.fileRank(res.Hits, q.Answer)
		row.Per = append(row.Per, perQuestion{Setting: row.Setting, Set: g.name, Key: questionKey(q), Rank: rank, FileRank: fr})
		if fr > 0 {
			fileHits[1]++
			if fr == 1 {
				fileHits[0]++
			}
		}
		if rank > 0 {
			mrr += 1 / float64(rank)
		}
		for _, name := range q.groups() {
			a := groups[name]
			if a == nil {
				a = &acc{}
				groups[name] = a
				order = append(order, name)
			}
			a.n++
			if rank == 1 {
				a.hit1++
			}
			if rank > 0 && rank <= 5 {
				a.hit5++
			}
			if rank > 0 {
				a.mrr += 1 / float64(rank)
			}
			if fr > 0 {
				a.file5++
			}
		}
		if verbose && rank != 1 {
			top := "nothing"
			if len(res.Hits) > 0 {
				top = res.Hits[0].Citation()
			}
			deep, err := ev.deepRank(ix, q, opt)
			if err != nil {
				return err
			}
			row.Misses = append(row.Misses, fmt.Sprintf("%s: %q answer %q at rank %d (%s; its file %s); top hit %s", g.name, q.Q, q.Answer, rank, deep, fileAt(fr), top))
		}
	}
	n := float64(len(g.questions))
	row.Metrics[g.name+" hit@1"] = float64(hits[0]) / n
	row.Metrics[g.name+" hit@3"] = float64(hits[1]) / n
	row.Metrics[g.name+" hit@5"] = float64(hits[2]) / n
	row.Metrics[g.name+" MRR@10"] = mrr / n
	row.Metrics[g.name+" file hit@1"], row.Metrics[g.name+" file hit@5"] = float64(fileHits[0])/n, float64(fileHits[1])/n
	if ev.click {
		row.Metrics[g.name+" click hit@1"], row.Metrics[g.name+" click hit@5"] = float64(clickHits[0])/n, float64(clickHits[1])/n
		row.Metrics[g.name+" clicked"] = float64(clickHits[2]) / n
	}
	row.Metrics[g.name+" p50 ms"], row.Metrics[g.name+" p99 ms"] = percentileMS(lat, 50), percentileMS(lat, 99)
	sort.Strings(order)
	for _, name := range order {
		a := groups[name]
		row.Groups = append(row.Groups, groupRow{Set: g.name, Group: name, N: a.n,
			Hit1: float64(a.hit1) / float64(a.n), Hit5: float64(a.hit5) / float64(a.n), MRR: a.mrr / float64(a.n),
			File5: float64(a.file5) / float64(a.n)})
	}
	return nil
}

// runJudged asks the judged queries and adds their figures to row.
func (ev *evaluation) runJudged(ix *index.Index, opt index.SearchOptions, row *evalRow, verbose bool) error {
	ctx := ev.ctx
	var ndcg, r10, r100, mrr float64
	judged := 0
	for _, q := range ev.queries {
		rel := ev.qrels[q.ID]
		if len(rel) == 0 {
			continue
		}
		judged++
		opt.Limit = 400 // enough chunks to find 100 documents
		opt.NoSnippets = true
		res, err := ix.Search(ctx, q.Text, opt)
		if err != nil {
			return err
		}
		docs := rollUp(res.Hits, 100)
		m := judgedMetrics(docs, rel)
		row.Per = append(row.Per, perQuestion{Setting: row.Setting, Set: judgedSet, Key: q.ID, NDCG: m.ndcg10})
		ndcg += m.ndcg10
		r10 += m.recall10
		r100 += m.recall100
		mrr += m.mrr10
		if verbose && m.ndcg10 == 0 {
			row.Misses = append(row.Misses, fmt.Sprintf("query %s: %q: no relevant document in the top 10", q.ID, q.Text))
		}
	}
	if judged > 0 {
		n := float64(judged)
		row.Metrics["nDCG@10"], row.Metrics["Recall@10"], row.Metrics["Recall@100"], row.Metrics["MRR@10"] = ndcg/n, r10/n, r100/n, mrr/n
	}
	return nil
}

// cites reports whether the lines a hit cites hold the answer, runs of
// white space folded to one space (as the golden sets define a hit).
func (ev *evaluation) cites(h index.Hit, answer string) bool {
	lines := ev.lines(filepath.Join(h.Folder, filepath.FromSlash(h.Path)))
	if h.StartLine < 1 || h.EndLine > len(lines) || h.StartLine > h.EndLine {
		return strings.Contains(foldSpace(h.Text), foldSpace(answer))
	}
	return strings.Contains(foldSpace(strings.Join(lines[h.StartLine-1:h.EndLine], "\n")), foldSpace(answer))
}

// answerRank is the rank of the first hit whose lines hold the answer, 0 when none does.
func (ev *evaluation) answerRank(hits []index.Hit, answer string) int {
	for _, h := range hits {
		if ev.cites(h, answer) {
			return h.Rank
		}
	}
	return 0
}

// deepCandidates is how many candidates a miss is looked for among: the most a question reads (index's maxCandidates).
const deepCandidates = 300

// deepRank says where a missed answer stands among deepCandidates
// candidates: ranked low (ordering) or not a candidate at all (the first
// stage's words), the first thing to know about a miss.
func (ev *evaluation) deepRank(ix *index.Index, q goldenQ, opt index.SearchOptions) (string, error) {
	opt.Limit, opt.Candidates, opt.PerFile, opt.NoSnippets, opt.Refine = deepCandidates, deepCandidates, -1, true, false
	res, err := ix.Search(ev.ctx, q.Q, opt)
	if err != nil {
		return "", err
	}
	for i, h := range res.Hits {
		if ev.cites(h, q.Answer) {
			return fmt.Sprintf("%d of %d candidates, no file limit", i+1, deepCandidates), nil
		}
	}
	return fmt.Sprintf("not among %d candidates", deepCandidates), nil
}

// clickRank is where the answer ranks after the simulated click: for a
// question not answered first, the first refinement offered that the
// answer's heading path or lines use is added to the query, as the window
// adds it (a phrase in quotes). Without such a refinement the rank stays.
func (ev *evaluation) clickRank(ix *index.Index, q goldenQ, res *index.Results, rank int, opt index.SearchOptions) (int, bool, error) {
	if rank == 1 {
		return rank, false, nil
	}
	where := strings.ToLower(ev.answerContext(q))
	if where == "" {
		return rank, false, nil
	}
	for _, r := range res.Refinements {
		if !strings.Contains(where, strings.ToLower(r.Text)) {
			continue
		}
		opt.Refine = false
		again, err := ix.Search(ev.ctx, refine.Add(q.Q, r.Text), opt)
		if err != nil {
			return 0, false, err
		}
		return ev.answerRank(again.Hits, q.Answer), true, nil
	}
	return rank, false, nil
}

// answerContext is what a person sees of the answer's place: the headings
// above the lines that hold it, and those lines; "" when the golden line
// names no file that holds it.
func (ev *evaluation) answerContext(q goldenQ) string {
	if q.File == "" {
		return ""
	}
	want := foldSpace(q.Answer)
	for _, p := range []string{filepath.Join(ev.corpus, q.Corpus, q.File), filepath.Join(ev.corpus, q.File)} {
		lines := ev.lines(p)
		var headings []string
		for i, l := range lines {
			if level := headingLevel(l); level > 0 {
				headings = append(headings[:min(len(headings), level-1)], strings.TrimSpace(strings.TrimLeft(l, "#")))
			}
			for k := i + 1; k <= min(len(lines), i+8); k++ {
				block := foldSpace(strings.Join(lines[i:k], "\n"))
				if strings.Contains(block, want) {
					return strings.Join(headings, " > ") + "\n" + block
				}
			}
		}
	}
	return ""
}

// headingLevel is the level of an ATX heading line, 0 for other lines.
func headingLevel(l string) int {
	n := 0
	for n < len(l) && l[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n < len(l) && l[n] != ' ' {
		return 0
	}
	return n
}

// fileAt says where a miss's file ranked among the files of the hits.
func fileAt(rank int) string {
	if rank == 0 {
		return "not among the top five"
	}
	return fmt.Sprintf("%d among the hits' files", rank)
}

// fileRank is the rank, among the distinct files of the hits (1–5), of
// the first file that holds the answer anywhere; 0 when none of the first
// five does.
func (ev *evaluation) fileRank(hits []index.Hit, answer string) int {
	seen := map[string]bool{}
	for _, h := range hits {
		p := filepath.Join(h.Folder, filepath.FromSlash(h.Path))
		if seen[p] {
			continue
		}
		seen[p] = true
		if len(seen) > 5 {
			return 0
		}
		if strings.Contains(foldSpace(strings.Join(ev.lines(p), "\n")), foldSpace(answer)) {
			return len(seen)
		}
	}
	return 0
}

// lines are a file's lines, read once per evaluation.
func (ev *evaluation) lines(p string) []string {
	lines, ok := ev.files[p]
	if !ok {
		data, err := os.ReadFile(p)
		if err == nil {
			lines = strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
		}
		ev.files[p] = lines
	}
	return lines
}

func foldSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// percentileMS is the p-th percentile of durations, in milliseconds.
func percentileMS(d []time.Duration, p int) float64 {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := min(len(s)-1, (len(s)*p+99)/100-1)
	return float64(s[max(i, 0)].Microseconds()) / 1000
}

// rollUp ranks documents by their best chunk: the first time a document appears in the chunk ranking is its rank.
func rollUp(hits []index.Hit, limit int) []string {
	var docs []string
	seen := map[string]bool{}
	for _, h := range hits {
		id := path.Base(h.Path)
		if !seen[id] {
			seen[id] = true
			docs = append(docs, id)
			if len(docs) == limit {
				break
			}
		}
	}
	return docs
}

type judged struct{ ndcg10, recall10, recall100, mrr10 float64 }

// judgedMetrics scores a document ranking against graded judgements the way
// BEIR does: gain is the grade, relevant means a grade above zero.
func judgedMetrics(docs []string, rel map[string]float64) judged {
	var m judged
	relevant := 0
	var grades []float64
	for _, g := range rel {
		if g > 0 {
			relevant++
			grades = append(grades, g)
		}
	}
	if relevant == 0 {
		return m
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(grades)))
	dcg, idcg := 0.0, 0.0
	found10, found100 := 0, 0
	for i, d := range docs {
		g := rel[d]
		if i < 10 {
			dcg += g / math.Log2(float64(i)+2)
			if g > 0 {
				found10++
				if m.mrr10 == 0 {
					m.mrr10 = 1 / float64(i+1)
				}
			}
		}
		if i < 100 && g > 0 {
			found100++
		}
	}
	for i := 0; i < len(grades) && i < 10; i++ {
		idcg += grades[i] / math.Log2(float64(i)+2)
	}
	m.ndcg10 = dcg / idcg
	m.recall10 = float64(found10) / float64(relevant)
	m.recall100 = float64(found100) / float64(relevant)
	return m
}

func printEvalTable(w io.Writer, rows []evalRow, metrics []string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := []string{"setting", "chunks", "stored÷doc"}
	header = append(header, metrics...)
	header = append(header, "index s")
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	for _, r := range rows {
		cells := []string{r.Setting, strconv.Itoa(r.Chunks), fmt.Sprintf("%.2f", r.Stored)}
		for _, m := range metrics {
			cells = append(cells, fmt.Sprintf("%.3f", r.Metrics[m]))
		}
		cells = append(cells, fmt.Sprintf("%.2f", r.IndexTime))
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	tw.Flush()
	for _, r := range rows {
		if len(r.Groups) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s, by group:\n", r.Setting)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "set\tgroup\tn\thit@1\thit@5\tMRR@10\tfile hit@5\t")
		for _, g := range r.Groups {
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.3f\t%.3f\t%.3f\t%.3f\t\n", g.Set, g.Group, g.N, g.Hit1, g.Hit5, g.MRR, g.File5)
		}
		tw.Flush()
	}
	for _, r := range rows {
		for _, m := range r.Misses {
			fmt.Fprintf(w, "  %s · miss: %s\n", r.Setting, m)
		}
	}
}

// splitHalves parts golden questions by the number their id ends in: odd
// ids are the half ranking may be tuned on, even ids the half that judges
// it (so a change that only fits the tuned questions shows).
func splitHalves(qs []goldenQ) (tune, check []goldenQ, err error) {
	for _, q := range qs {
		digits := strings.TrimLeftFunc(q.ID, func(r rune) bool { return r < '0' || r > '9' })
		n, err := strconv.Atoi(digits)
		if err != nil {
			return nil, nil, fmt.Errorf("question %q: id %q does not end in a number", q.Q, q.ID)
		}
		if n%2 == 1 {
			tune = append(tune, q)
		} else {
			check = append(check, q)
		}
	}
	return tune, check, nil
}

// referenceName is the row of the reference every golden run carries.
const referenceName = "reference: whole files, bm25 alone"

// referenceSetting ranks whole files by FTS5's bm25 alone (every column
// alike, no second stage): what a file search without passages does, so
// the right-file rate has a same-run yardstick.
func referenceSetting(base setting) setting {
	st := base
	st.name, st.kind = referenceName, "whole-file"
	st.weights = [3]float64{1, 1, 1}
	st.ranking = rank.Weights{FTS: 1}
	return st
}

func readGolden(p string) ([]goldenQ, error) {
	return readJSONL(p, func(q goldenQ) error {
		if q.Q == "" || q.Answer == "" {
			return fmt.Errorf("needs q and answer")
		}
		return nil
	})
}

func readJudgedQueries(p string) ([]judgedQ, error) {
	return readJSONL(p, func(q judgedQ) error {
		if q.ID == "" {
			return fmt.Errorf("needs _id")
		}
		return nil
	})
}

// readJSONL decodes one T per non-empty line, each checked by valid.
func readJSONL[T any](p string, valid func(T) error) ([]T, error) {
	var out []T
	err := readJSONLines(p, func(line []byte) error {
		var v T
		if err := json.Unmarshal(line, &v); err != nil {
			return err
		}
		if err := valid(v); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

func readJSONLines(p string, each func([]byte) error) error {
	f, err := files.OpenRegular(p) // a FIFO would block, a device never end
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 1
	for ; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		if err := each(sc.Bytes()); err != nil {
			return fmt.Errorf("%s:%d: %w", p, n, err)
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("%s:%d: a line longer than 1 MB; each line holds one JSON object", p, n)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	return nil
}

func readQrels(p string) (map[string]map[string]float64, error) {
	f, err := files.OpenRegular(p) // a FIFO would block, a device never end
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]map[string]float64{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 {
			continue
		}
		grade, err := strconv.ParseFloat(fields[2], 64)
		if err != nil {
			if n == 1 {
				continue // header
			}
			return nil, fmt.Errorf("%s:%d: grade %q is not a number", p, n, fields[2])
		}
		if out[fields[0]] == nil {
			out[fields[0]] = map[string]float64{}
		}
		out[fields[0]][fields[1]] = grade
	}
	return out, sc.Err()
}
