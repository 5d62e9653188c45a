package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"folio/chunker"
	"folio/index/dedup"
	"folio/index/fts"
	"folio/index/meta"
	"folio/index/page"
	"folio/index/query"
	"folio/index/rank"
	"folio/index/refine"
	"folio/index/schema"
	"folio/index/snippet"
	"folio/index/spell"
)

// DefaultWeights are the bm25 weights of the heading path, title and body
// columns in the first stage: a word in a heading says more about a chunk
// than one in its body.
var DefaultWeights = [3]float64{4, 2, 1}

// Search is two stages. The first finds candidates with FTS5 in one pass,
// using only the query's most selective words, so its cost follows what
// those words match, not the library's size or the question's length. The
// second reranks the candidates in Go with every word (package rank).
const (
	// The first stage hands the second candidatesPerWord passages per
	// word searched, between minCandidates and maxCandidates: a long
	// question needs more candidates to find its answer among, a keyword
	// query's best passages hold all its words and stand out at once.
	// The most, 300, is what the questions' p99 budget affords (30 ms on
	// all of ../shared/corpus); the tune half preferred 400.
	candidatesPerWord = 30
	minCandidates     = 60
	maxCandidates     = 300
	// rankedCap bounds the passages the first stage ranks and reads while
	// looking for different ones among copies.
	rankedCap = query.RankedCap
	// countCap is where counting results stops ("1,000+ results").
	countCap = 1000
	// DefaultPerFile is how many passages of one file a page shows; the
	// others are folded under the best. Three, not two: the answer is often
	// the third passage of the right file (measured, README "Ranking").
	DefaultPerFile = 3
)

// SearchOptions narrow and page a search.
type SearchOptions struct {
	Limit         int      // hits returned; 0 means 20
	Offset        int      // hits skipped, for paging
	Folder        string   // only this library folder
	PathPrefix    string   // only files whose relative path starts so
	HeadingPrefix []string // only chunks under this heading path
	Weights       [3]float64
	SnippetWidth  int // characters; 0 means 220
	NoSnippets    bool
	// PerFile is how many passages of one file a page shows before the
	// rest are folded under the best one: 0 means DefaultPerFile, below 0
	// no limit.
	PerFile int
	// Ranking weighs the second stage's features; nil means rank.Default.
	Ranking *rank.Weights
	// Candidates is how many passages the first stage finds; 0 means
	// candidatesPerWord per word, within minCandidates–maxCandidates.
	Candidates int
	// Explain fills each hit's Explanation.
	Explain bool
	// Refine fills Results.Refinements (refine.go).
	Refine bool
	// Filters narrow the search beside those typed in the query: the
	// window's chips, a saved search (query.Filter: tag:, folder:,
	// after:, before:).
	Filters []query.Filter
	// Sort orders the results: SortRelevance (""), SortDate (newest
	// first), SortPath.
	Sort string
}

// The orders a search can be sorted in.
const (
	SortRelevance = "relevance"
	SortDate      = "date"
	SortPath      = "path"
)

// Hit is one ranked chunk with its citation and snippet.
type Hit struct {
	Rank        int
	Score       float64 // higher is better
	ChunkRowID  int64
	ChunkID     string
	Folder      string
	Path        string // relative to Folder, slash-separated
	StartLine   int
	EndLine     int
	HeadingPath []string
	Title       string
	Kind        string
	Section     string
	Text        string // the chunk's original Markdown
	Snippet     snippet.Snippet
	// Offline is set when the hit's folder could not be read at its last
	// scan: the text is as it was then, and the file may not open.
	Offline bool
	Sample  bool // from the bundled sample library, ranked after the user's notes
	// More are the file's other passages of this page's results, folded
	// under its best one ("3 more in this file").
	More   []Hit
	Joined int64 // the row of the section's other half this hit cites too (page.Join), or 0
	// AlsoIn are the same passage, word for word, in other files (copies,
	// backups, vendored docs), shown once; at most maxTwins of those that
	// share its row.
	AlsoIn []Hit
	// Explanation is each ranking feature's value and share of the score
	// (SearchOptions.Explain).
	Explanation []rank.Contribution
	// OneWord is set when the passage holds just one word of a question
	// of five or more, which ranks it after those holding several
	// (rank.Set.OneWord).
	OneWord bool
	Bare    bool // nothing to read but markup (snippet.HasText): ranked after passages with text
	// Tags are the note's tags (front matter and inline #tags), sorted.
	Tags []string
	// Date is the note's front-matter date, else its file's modification
	// time (Dated is false then): what after:, before: and SortDate use.
	Date  time.Time
	Dated bool
	lang  string // analyze.Language of the text
	// Stale is set when the file changed since it was indexed (its size
	// or its bytes differ): Cite says where the passage is now.
	Stale    bool
	doc      int64
	docSize  int64           // the file's size, time and SHA-256 when indexed (cite.go)
	docMTime int64           // …
	docHash  string          // …
	sig      dedup.Signature // for telling copies apart (dup.go)
}

// Front reports a passage of front-matter prose: a page's summary.
func (h Hit) Front() bool { return h.Kind == string(chunker.KindFront) }

// Citation is how a hit is quoted: folder/path:start-end · Heading > Path
// (folder/path:24 for one line).
func (h Hit) Citation() string {
	loc := Location(h.Folder, h.Path, h.StartLine, h.EndLine)
	if len(h.HeadingPath) == 0 {
		return loc
	}
	return loc + " · " + strings.Join(h.HeadingPath, " > ")
}

// Location is folder/path:start-end, or folder/path:line for one line (as
// the window's list says "line 24"): a citation without its heading path.
func Location(folder, path string, start, end int) string {
	loc := fmt.Sprintf("%s:%d", filepath.ToSlash(filepath.Join(filepath.Base(folder), path)), start)
	if end != start {
		loc += fmt.Sprintf("-%d", end)
	}
	return loc
}

// Results of one search.
type Results struct {
	Hits []Hit
	// Total counts the passages that match (each fold counts its hits);
	// when TotalCapped it stopped counting there ("1,000+ results").
	Total       int
	TotalCapped bool
	// Corrections name the words searched in place of unknown ones.
	Corrections []Correction
	Pairs       []string // a long question's typed pairs whose passages joined the candidates (joinPairs)
	// Refinements are the words the best passages use and the query does
	// not (SearchOptions.Refine).
	Refinements []refine.Refinement
	// Filters are the filters in force, typed and given (SearchOptions.
	// Filters), for chips and the "searched in" line.
	Filters []query.Filter
	// Notices say why a filter matched nothing that exists ("no folder
	// is named x": the search then finds nothing, and says so), and which
	// typed words no passage holds.
	Notices []string
	Elapsed time.Duration
}

// Search runs a query typed by a person. Any input gives results or an
// empty list; only a broken database gives an error.
func (ix *Index) Search(ctx context.Context, input string, opt SearchOptions) (*Results, error) {
	start := time.Now()
	res := &Results{}
	q := query.Parse(input)
	res.Filters = append(append([]query.Filter(nil), q.Filters...), opt.Filters...)
	if q.Empty() && len(res.Filters) == 0 {
		res.Elapsed = time.Since(start)
		return res, nil
	}
	if opt.Limit <= 0 {
		opt.Limit = 20
	}
	if opt.Weights == ([3]float64{}) {
		opt.Weights = DefaultWeights
	}
	if opt.SnippetWidth <= 0 {
		opt.SnippetWidth = 220
	}
	weights := rank.Default
	if opt.Ranking != nil {
		weights = *opt.Ranking
	}
	filter, args, err := ix.filters(ctx, opt)
	if err != nil {
		return nil, err
	}
	fcond, fargs, notices, err := ix.filterSQL(ctx, res.Filters)
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", input, err)
	}
	filter, args, res.Notices = filter+fcond, append(args, fargs...), append(notices, q.OptionsNotice()...)
	if q.Empty() {
		// Filters alone: the notes they select, each once.
		if err := ix.listDocuments(ctx, fcond, fargs, opt, res); err != nil {
			return nil, fmt.Errorf("search %q: %w", input, classify(err))
		}
		res.Elapsed = time.Since(start)
		return res, nil
	}
	nw, err := meta.Narrow(ctx, ix.db, res.Filters, filter, args)
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", input, classify(err))
	}
	lang := q.Lang
	st, err := ix.queryStats(ctx, &q, lang)
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", input, err)
	}
	res.Corrections = st.corrections
	if opt.Candidates <= 0 {
		// A later page ("Show more") ranks as many as it reaches.
		opt.Candidates = max(min(max(candidatesPerWord*len(st.terms), minCandidates), maxCandidates), opt.Offset+opt.Limit)
	}
	expr := q.Match(st.retrieve[0])
	if expr == "" {
		res.Notices = append(res.Notices, spell.Missing(st.missing, false)...)
		res.Elapsed = time.Since(start)
		return res, nil
	}
	passages, matched, err := ix.candidates(ctx, expr, nw, opt)
	for _, r := range st.retrieve[1:] {
		if err != nil || matched >= opt.Offset+opt.Limit {
			break
		}
		// Too few passages hold the words together to fill the page: fewer
		// of them, after all.
		expr = q.Match(r)
		passages, matched, err = ix.candidates(ctx, expr, nw, opt)
	}
	if err == nil {
		passages, err = ix.joinPairs(ctx, q, st, passages, nw, opt, res)
	}
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", input, classify(err))
	}
	res.Total = matched
	if matched >= rankedCap || nw.Filter != "" && matched == opt.Candidates {
		stage := fts.Stage{Expr: expr, Rows: nw.Rows, Filter: nw.Filter, Args: nw.Args}
		if res.Total, err = stage.Count(ctx, ix.db, countCap); err != nil {
			return nil, fmt.Errorf("search %q: %w", input, classify(err))
		}
		res.TotalCapped = res.Total >= countCap
	}
	rq := rank.Query{Terms: st.terms, Quantity: q.Quantity, Duration: q.Duration, Money: q.Money, Rate: q.Rate, Age: q.Age, Lang: lang, Asks: rank.QuestionAsks(input)}
	for i := range passages {
		passages[i].lang = ix.langs.Of(passages[i].ChunkRowID, passages[i].Text)
	}
	// A section cut in two, both halves ranked high, is cited as one.
	ranked := page.Join(rerank(rq, passages, weights, opt.Explain), hitSpan, func(into *Hit, first, second Hit, gap int) {
		into.Text, into.StartLine, into.EndLine = first.Text+strings.Repeat("\n", gap)+second.Text, first.StartLine, second.EndLine
		into.Joined = first.ChunkRowID + second.ChunkRowID - into.ChunkRowID // the one that is not into
	})
	sortHits(ranked, opt.Sort)
	pageHits := fold(ranked, opt.PerFile)
	if opt.Refine {
		if res.Refinements, err = ix.refinements(ctx, rq, st, pageHits); err != nil {
			return nil, fmt.Errorf("search %q: %w", input, classify(err))
		}
	}
	lo, hi := min(opt.Offset, len(pageHits)), min(opt.Offset+opt.Limit, len(pageHits))
	res.Hits = pageHits[lo:hi]
	if nw.Filter == "" && nw.Pick == nil {
		if err := ix.addTwins(ctx, res.Hits); err != nil {
			return nil, fmt.Errorf("search %q: %w", input, classify(err))
		}
	}
	keep := rank.WordFilter(rq)
	texts := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		texts[i] = h.Text
	}
	res.Corrections = spell.Say(ctx, ix.db, res.Corrections, st.forms, texts, keep)
	finishHits(res.Hits, opt, st.matches, rank.TermWeights(st.terms, q.Quantity), q.Duration, keep)
	res.Notices = append(append(res.Notices, spell.Missing(st.missing, len(res.Hits) > 0)...), spell.Unquoted(ctx, ix.db, res.Total, q.Phrases())...)
	res.Elapsed = time.Since(start)
	return res, nil
}

// finishHits numbers a page's hits, marks those whose file changed since
// it was indexed, and makes their snippets, whose amount (weighed by
// weigh) is a span of time for a question of how long. A touched file is
// read and hashed once a page (by document), not once per hit.
func finishHits(hits []Hit, opt SearchOptions, matches func(string) bool, weigh func(string) float64, duration bool, keep func([]byte) bool) {
	amount := snippet.Amount(snippet.Digits)
	if duration {
		amount = rank.SpanOfTime
	}
	stale := map[int64]bool{}
	for i := range hits {
		h := &hits[i]
		h.Rank = opt.Offset + i + 1
		if s, ok := stale[h.doc]; ok {
			h.Stale = s
		} else {
			h.Stale = !h.Offline && h.changedOnDisk()
			stale[h.doc] = h.Stale
		}
		for j := range h.More {
			h.More[j].Stale = h.Stale // the same file: one stat for all its passages
		}
		if !opt.NoSnippets {
			h.Snippet = snippet.MakeWeighted(snippet.ReadableOf(h.Text, h.Front()), matches, weigh, amount, keep, opt.SnippetWidth)
			for j := range h.More {
				h.More[j].Snippet = snippet.MakeWeighted(snippet.ReadableOf(h.More[j].Text, h.More[j].Front()), matches, weigh, amount, keep, opt.SnippetWidth)
			}
			for j := range h.AlsoIn {
				h.AlsoIn[j].Snippet = h.Snippet // a copy: the same passage
			}
		}
	}
}

// candidates runs the first stage. FTS5 ranks the passages of the
// selected words by bm25 in one pass; they are read in that order, copies
// grouped (dup.go), until opt.Candidates different passages are found (so
// copies of the same pages in several folders cannot crowd out the rest)
// or rankedCap are read. It returns the passages and how many rows FTS5
// ranked, near-twins' own rows included.
func (ix *Index) candidates(ctx context.Context, expr string, nw meta.Narrowing, opt SearchOptions) ([]Hit, int, error) {
	// FTS5 ranks the matching rows by bm25 in one pass (fts.Stage).
	stage := fts.Stage{Expr: expr, Weights: opt.Weights, Rows: nw.Rows, Filter: nw.Filter, Args: nw.Args, NearRows: nw.Own}
	ranked, err := stage.Rank(ctx, ix.db, rankedCap)
	if err != nil {
		return nil, 0, err
	}
	// Near-twins found by a line they alone hold (fts/nearrows.go) join
	// after the passages ranked, at the last one's score: their whole text
	// is weighed by the reranker.
	near, err := stage.Near(ctx, ix.db, nearCap)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]int64, 0, len(ranked))
	score := make(map[int64]float64, len(ranked))
	for _, r := range ranked {
		id := r.ID
		if p, ok := nw.Pick[id]; ok {
			id = p // the tagged copy, not the row's owner
		}
		ids = append(ids, id)
		score[id] = -r.Score // bm25 is lower-is-better
	}
	c := newCopies(opt.Candidates + nearCap)
	ranks := len(ids)
	for _, r := range near {
		if len(ranked) > 0 {
			r.Score = ranked[len(ranked)-1].Score
		}
		if _, ok := score[r.ID]; !ok {
			ids = append(ids, r.ID)
			score[r.ID] = -r.Score
		}
	}
	for start := 0; start < len(ids); {
		end := len(ids) // the near-twins, at once
		if start < ranks {
			if len(c.kept) >= opt.Candidates {
				start = ranks
				continue
			}
			end = min(start+opt.Candidates-len(c.kept), ranks)
		}
		batch := ids[start:end]
		start = end
		in := strings.Repeat(",?", len(batch))[1:]
		idArgs := make([]any, len(batch))
		for i, id := range batch {
			idArgs[i] = id
		}
		rows, err := ix.db.QueryContext(ctx, `SELECT `+hitColumns+`, 0 FROM chunks c
			JOIN documents d ON d.id = c.doc_id JOIN folders f ON f.id = d.folder_id WHERE c.id IN (`+in+`)`, idArgs...)
		if err != nil {
			return nil, 0, err
		}
		got, err := readSigned(rows, len(batch))
		if err != nil {
			return nil, 0, err
		}
		at := make(map[int64]int, len(got))
		for i := range got {
			at[got[i].ChunkRowID] = i
		}
		for _, id := range batch {
			i, ok := at[id]
			if !ok {
				continue // a row removed meanwhile is gone
			}
			h := got[i]
			h.Score = score[id]
			if start > ranks {
				// A near-twin found by a line its owner lacks is weighed
				// on its own text, not as the owner's copy.
				c.keep(h)
			} else {
				c.add(h)
			}
		}
	}
	return c.kept, len(ids), nil
}

// pairCandidates is how many passages a long question's typed word pairs
// add to its candidates (query.Pairs): 20 and 50 measured on the tune
// half, the same.
const pairCandidates = 20

// joinPairs adds to the candidates the best passages holding a long
// question's typed word pairs, those not among them already nor copies of
// one, at the last candidate's first-stage score: they join the pool and
// the second stage weighs them as the rest.
func (ix *Index) joinPairs(ctx context.Context, q query.Query, st *stats, passages []Hit, nw meta.Narrowing, opt SearchOptions, res *Results) ([]Hit, error) {
	idf := make(map[string]float64, len(st.terms))
	for _, t := range st.terms {
		idf[t.Terms[0]] = t.IDF
	}
	expr, said := q.Pairs(func(t string) float64 { return idf[t] })
	if expr == "" || len(passages) == 0 {
		return passages, nil
	}
	more, _, err := ix.candidates(ctx, expr, nw, SearchOptions{Candidates: pairCandidates, Weights: opt.Weights})
	c, seen, bottom := newCopies(len(passages)+len(more)), map[int64]bool{}, passages[len(passages)-1].Score
	for _, h := range passages {
		c.keep(h)
		seen[h.ChunkRowID] = true
		for _, a := range h.AlsoIn {
			seen[a.ChunkRowID] = true
		}
	}
	for _, h := range more {
		if !seen[h.ChunkRowID] {
			h.Score = bottom
			c.add(h)
		}
	}
	res.Pairs = said
	return c.kept, err
}

// nearCap is the most near-twins a search finds by their own lines.
const nearCap = 20

// maxTwins is the most copies sharing a passage's row that a result lists.
const maxTwins = 100

// addTwins adds to the AlsoIn of the passages shown their copies in other
// documents, which share their FTS row (fts/twins.go) and so were not
// among the candidates. Only a search without filters: with filters, the
// first stage reads every copy in what they select.
func (ix *Index) addTwins(ctx context.Context, hits []Hit) error {
	shown := map[int64]*Hit{} // a row's owner → the passage its copies join
	add := func(h *Hit) {
		shown[h.ChunkRowID] = h
		for _, a := range h.AlsoIn { // a copy found among the candidates
			shown[a.ChunkRowID] = h
		}
	}
	for i := range hits {
		add(&hits[i])
		for j := range hits[i].More {
			add(&hits[i].More[j])
		}
	}
	ids := make([]int64, 0, len(shown))
	for id := range shown {
		ids = append(ids, id)
	}
	ownerOf, twins, err := fts.Twins(ctx, ix.db, ids, maxTwins)
	if err != nil || len(twins) == 0 {
		return err
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT `+hitColumns+`, 0 FROM chunks c
		JOIN documents d ON d.id = c.doc_id JOIN folders f ON f.id = d.folder_id
		WHERE c.id IN (`+strings.Repeat(",?", len(twins))[1:]+`) ORDER BY c.id`, twins...)
	if err != nil {
		return err
	}
	_, err = scanHits(rows, func(t Hit) {
		if shown[t.ChunkRowID] != nil {
			return // a near-twin found by its own line, shown already
		}
		h := shown[ownerOf[t.ChunkRowID]]
		t.Score = h.Score
		h.AlsoIn = append(h.AlsoIn, t)
	})
	return err
}

// hitColumns are what a hit is read from; scanHits reads them and a score.
const hitColumns = `c.id, c.chunk_id, c.kind, c.path, c.section, c.start_line, c.end_line, c.text, c.doc_id,
	d.rel_path, d.title, f.path, f.offline != '', f.sample, d.size, d.mtime, d.hash, d.date, d.tags`

func scanHits(rows *sql.Rows, each func(Hit)) (int, error) {
	defer rows.Close()
	n := 0
	for rows.Next() {
		var h Hit
		var path, tags string
		var date int64
		if err := rows.Scan(&h.ChunkRowID, &h.ChunkID, &h.Kind, &path, &h.Section, &h.StartLine, &h.EndLine, &h.Text, &h.doc,
			&h.Path, &h.Title, &h.Folder, &h.Offline, &h.Sample, &h.docSize, &h.docMTime, &h.docHash, &date, &tags, &h.Score); err != nil {
			return n, err
		}
		h.Tags, h.Dated, h.Date = schema.SplitPath(tags), date != 0, time.Unix(0, h.docMTime)
		if h.Dated {
			h.Date = time.Unix(date, 0)
		}
		h.Score = -h.Score // bm25 is lower-is-better
		// Headings and title as a person reads them ({#id} and Liquid gone).
		h.HeadingPath, h.Title = snippet.Headings(schema.SplitPath(path)), snippet.Heading(h.Title)
		each(h)
		n++
	}
	return n, rows.Err()
}

// readSigned reads at most n hits with their copy signatures. Signing
// (dedup.Of) reads every byte of a passage; a second goroutine signs each
// hit as soon as it is read, so the work shares the machine's cores with
// SQLite's instead of following it (the longest questions' 400
// candidates: 7.3 → 6.4 ms).
func readSigned(rows *sql.Rows, n int) ([]Hit, error) {
	hits := make([]Hit, n) // fixed: the signer reads elements the reader no longer writes
	next := make(chan int, n)
	done := make(chan struct{})
	go func() {
		defer close(done)
		var b dedup.Buffers
		for i := range next {
			hits[i].sig = b.Of(hits[i].Text)
		}
	}()
	k := 0
	_, err := scanHits(rows, func(h Hit) {
		if k < n {
			hits[k] = h
			next <- k
			k++
		}
	})
	close(next)
	<-done
	return hits[:k], err
}

// rerank scores the candidates with the second stage and sorts them, best
// first (ties: the first stage's order); the sample library's passages go
// after the user's own, which they must not outrank.
func rerank(q rank.Query, cands []Hit, w rank.Weights, explain bool) []Hit {
	rc := make([]rank.Candidate, len(cands))
	for i, h := range cands {
		rc[i] = rank.Candidate{Heading: h.HeadingPath, Title: h.Title, Text: h.Text, Doc: h.doc, FTS: h.Score, Lang: cands[i].lang, Front: h.Front()}
	}
	set := rank.Analyse(q, rc)
	feats := set.Features(q)
	for i, score := range w.Scores(feats, rc) { // File needs every score first
		cands[i].Score = score
		cands[i].OneWord, cands[i].Bare = set.OneWord(i), !snippet.HasText(cands[i].Text)
		if explain {
			cands[i].Explanation = w.Explain(feats[i])
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].Sample != cands[j].Sample {
			return !cands[i].Sample
		}
		if cands[i].OneWord != cands[j].OneWord {
			return !cands[i].OneWord
		}
		if cands[i].Bare != cands[j].Bare {
			return !cands[i].Bare
		}
		return cands[i].Score > cands[j].Score
	})
	return cands
}

// fold shows at most perFile passages of a file (page.Fold); 0 means
// DefaultPerFile.
func fold(ranked []Hit, perFile int) []Hit {
	if perFile == 0 {
		perFile = DefaultPerFile
	}
	return page.Fold(ranked, perFile, hitSpan, func(into *Hit, h Hit) { into.More = append(into.More, h) })
}

// hitSpan is where a hit stands, for package page.
func hitSpan(h Hit) page.Span {
	return page.Span{File: h.Folder + "\x00" + h.Path, Section: strings.Join(h.HeadingPath, "\x00"), Start: h.StartLine, End: h.EndLine}
}

// filters turns the options into SQL conditions on c (chunks) and d
// (documents).
func (ix *Index) filters(ctx context.Context, opt SearchOptions) (string, []any, error) {
	var sb strings.Builder
	var args []any
	if opt.Folder != "" {
		folders, err := ix.Folders(ctx)
		if err != nil {
			return "", nil, fmt.Errorf("search: %w", err)
		}
		f, err := FolderNamed(folders, opt.Folder)
		if err != nil {
			return "", nil, fmt.Errorf("search: %w", err)
		}
		sb.WriteString(" AND d.folder_id = ?")
		args = append(args, f.ID)
	}
	cond, cargs := meta.Scope(opt.PathPrefix, opt.HeadingPrefix)
	sb.WriteString(cond)
	return sb.String(), append(args, cargs...), nil
}

// SectionChunk is one chunk of a section, for showing a hit in context.
type SectionChunk struct {
	ChunkRowID  int64
	Ordinal     int
	Kind        string
	StartLine   int
	EndLine     int
	HeadingPath []string
	Text        string
}

// Section returns every chunk of the hit's section, in order.
func (ix *Index) Section(ctx context.Context, chunkRowID int64) ([]SectionChunk, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT c.id, c.ordinal, c.kind, c.start_line, c.end_line, c.path, c.text
		FROM chunks c JOIN chunks h ON h.doc_id = c.doc_id AND h.section = c.section
		WHERE h.id = ? ORDER BY c.ordinal`, chunkRowID)
	if err != nil {
		return nil, fmt.Errorf("section of chunk %d: %w", chunkRowID, classify(err))
	}
	defer rows.Close()
	var out []SectionChunk
	for rows.Next() {
		var s SectionChunk
		var path string
		if err := rows.Scan(&s.ChunkRowID, &s.Ordinal, &s.Kind, &s.StartLine, &s.EndLine, &path, &s.Text); err != nil {
			return nil, fmt.Errorf("section of chunk %d: %w", chunkRowID, err)
		}
		s.HeadingPath = snippet.Headings(schema.SplitPath(path))
		out = append(out, s)
	}
	return out, rows.Err()
}

// firstChunkSQL reads a document's first chunk by its folder and path.
const firstChunkSQL = `SELECT ` + hitColumns + `, 0 FROM documents d
	JOIN chunks c ON c.doc_id = d.id JOIN folders f ON f.id = d.folder_id
	WHERE d.folder_id = ? AND d.rel_path = ? ORDER BY c.ordinal LIMIT 1`

// FirstChunk returns the first chunk of the document at path (a file's
// path, made absolute) as a hit, for showing a file that was opened rather
// than found. It is one lookup through documents' (folder, path) key and
// chunks' (document, ordinal) index. A file the library does not hold, or
// holds without any text, is ErrNotIndexed.
func (ix *Index) FirstChunk(ctx context.Context, path string) (Hit, error) {
	f, rel, err := ix.FolderOf(ctx, path)
	if errors.Is(err, ErrUnknownFolder) {
		return Hit{}, fmt.Errorf("%s: %w: no library folder holds it", path, ErrNotIndexed)
	}
	if err != nil {
		return Hit{}, err
	}
	rows, err := ix.db.QueryContext(ctx, firstChunkSQL, f.ID, rel)
	if err != nil {
		return Hit{}, fmt.Errorf("first passage of %s: %w", path, classify(err))
	}
	var h Hit
	n, err := scanHits(rows, func(got Hit) { h = got })
	if err != nil {
		return Hit{}, fmt.Errorf("first passage of %s: %w", path, classify(err))
	}
	if n == 0 {
		var chunks int
		switch err := ix.db.QueryRowContext(ctx, `SELECT n_chunks FROM documents WHERE folder_id = ? AND rel_path = ?`, f.ID, rel).Scan(&chunks); {
		case errors.Is(err, sql.ErrNoRows):
			return Hit{}, fmt.Errorf("%s: %w", path, ErrNotIndexed)
		case err != nil:
			return Hit{}, fmt.Errorf("first passage of %s: %w", path, classify(err))
		}
		return Hit{}, fmt.Errorf("%s: %w: it has no text to show", path, ErrNotIndexed)
	}
	h.Rank, h.Score = 1, 0
	h.Stale = !h.Offline && h.changedOnDisk()
	return h, nil
}
