package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"folio/index"
	queryparse "folio/index/query"
	"folio/index/rank"
	"folio/index/snippet"
	"folio/index/upgrade"
)

// dbFlag adds --db; the default comes from FOLIO_DB or the config folder.
func dbFlag(fs *flag.FlagSet) *string {
	return fs.String("db", "", "library file (default $FOLIO_DB, else the user config folder's folio/library.db)")
}

// openLibrary opens the library named by --db (else FOLIO_DB, else the
// default). A command that only reads opens it read-only: it never creates
// a library or changes one. A command that writes checks a library that
// was not closed cleanly before it writes.
func openLibrary(e *env, flagValue string, mode index.Mode) (*index.Index, error) {
	path := flagValue
	if path == "" {
		var err error
		if path, err = index.DefaultPath(); err != nil {
			return nil, err
		}
	}
	ix, err := openUpgrading(e, path, mode)
	if err != nil {
		return nil, err
	}
	if mode != index.ReadOnly && ix.ReadOnly() {
		ix.Close()
		return nil, fmt.Errorf("%s: %w (the file or its folder cannot be written; searching still works)", path, index.ErrReadOnly)
	}
	if ix.Unclean() {
		fmt.Fprintln(e.stderr, "folio: the library was not closed cleanly last time; checking it…")
		if err := ix.CheckUnclean(context.Background()); err != nil {
			ix.Close()
			return nil, err
		}
	}
	return ix, nil
}

// openUpgrading opens the library, saying so on stderr when it must be
// brought forward first, or finish a merge an interrupted removal owed
// (minutes at a million passages): each step as it starts and then every
// quarter of it; nothing when there is no such work. Ctrl+C stops it
// between batches; the next open goes on from there.
func openUpgrading(e *env, path string, mode index.Mode) (*index.Index, error) {
	ctx, stop := interruptible()
	defer stop()
	var last upgrade.Step
	quarter := int64(-1) // until the step's first count
	ix, err := index.OpenContext(ctx, path, mode, func(s upgrade.Step, done, total int64) {
		switch {
		case last == "" && s == upgrade.Compact: // the only step: a merge owed
			fmt.Fprintln(e.stderr, "folio: a change to this library was interrupted last time; finishing it (Ctrl+C stops; it goes on next time)")
		case last == "":
			fmt.Fprintln(e.stderr, "folio: this library was written by an earlier version of Folio; updating it, once (Ctrl+C stops; the update goes on next time)")
		}
		if s != last {
			last, quarter = s, -1
			fmt.Fprintf(e.stderr, "folio: %s…\n", s)
		}
		if total > 0 && quarter < 0 {
			quarter = done * 4 / total
			if done > 0 { // an update stopped before goes on
				fmt.Fprintf(e.stderr, "folio:   going on from %d%% (%s of %s passages)\n", done*100/total, snippet.Thousands(int(done)), snippet.Thousands(int(total)))
			}
			return
		}
		if total > 0 && done*4/total > quarter {
			quarter = done * 4 / total
			fmt.Fprintf(e.stderr, "folio:   %d%% (%s of %s passages)\n", quarter*25, snippet.Thousands(int(done)), snippet.Thousands(int(total)))
		}
	})
	if last != "" && errors.Is(err, context.Canceled) {
		return nil, fmt.Errorf("%s: stopped; what was done stays, and the rest goes on the next time the library is opened", path)
	}
	return ix, err
}

// withLibrary opens the library named by db in mode, runs body on it and
// closes it: the frame of every command on the user's library, so that
// they all say a failure to open alike and exit with the same code.
func withLibrary(e *env, db string, mode index.Mode, body func(ix *index.Index) int) int {
	ix, err := openLibrary(e, db, mode)
	if err != nil {
		return fail(e, err)
	}
	defer func() {
		// A Ctrl+C once the work is done must not kill the process while
		// the library closes (it would exit "by signal" with nothing lost,
		// but a script reads that as a failure): hold signals until closed.
		held := make(chan os.Signal, 1)
		signal.Notify(held, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(held)
		ix.Close()
	}()
	return body(ix)
}

// libraryCommand adds --db to a library command's flags, parses them,
// checks its positional arguments with valid and runs body on the library
// opened in mode (withLibrary).
func libraryCommand(e *env, fs *flag.FlagSet, args []string, mode index.Mode, valid func(rest []string) bool, body func(ix *index.Index, rest []string) int) int {
	db := dbFlag(fs)
	rest, err := parseFlags(fs, args)
	if err != nil || !valid(rest) {
		fs.Usage()
		return exitError
	}
	return withLibrary(e, *db, mode, func(ix *index.Index) int { return body(ix, rest) })
}

func noArgs(rest []string) bool   { return len(rest) == 0 }
func someArgs(rest []string) bool { return len(rest) > 0 }
func oneArg(rest []string) bool   { return len(rest) == 1 }

// interruptible cancels the context on Ctrl+C, and on SIGTERM (what
// systemd and kill send), so an import stops cleanly, keeps what it
// finished and closes the library.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func isTerminal(w io.Writer) bool {
	f, ok := rawWriter(w).(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progressBar draws one line on a terminal: files, MB/s and time left.
func progressBar(w io.Writer) func(index.Progress) {
	if !isTerminal(w) {
		return nil
	}
	w = rawWriter(w) // its own \r and erase-line; it prints numbers only
	start, drawn := time.Now(), time.Time{}
	return func(p index.Progress) {
		if p.FilesTotal == 0 || (time.Since(drawn) < 100*time.Millisecond && p.FilesDone < p.FilesTotal) {
			return
		}
		drawn = time.Now()
		elapsed := time.Since(start).Seconds()
		rate := float64(p.BytesDone) / 1e6 / max(elapsed, 1e-3)
		left := "?"
		if p.BytesDone > 0 {
			left = (time.Duration(float64(p.BytesTotal-p.BytesDone)/float64(p.BytesDone)*elapsed) * time.Second).Round(time.Second).String()
		}
		const width = 30
		done := width * p.FilesDone / p.FilesTotal
		fmt.Fprintf(w, "\r[%s%s] %d/%d files · %.1f MB/s · %s left   ", strings.Repeat("#", done), strings.Repeat(".", width-done),
			p.FilesDone, p.FilesTotal, rate, left)
		if p.FilesDone == p.FilesTotal {
			fmt.Fprint(w, "\r\033[K")
		}
	}
}

func printSummary(w io.Writer, s index.Summary) {
	fmt.Fprintf(w, "%s: %d added, %d updated, %d removed, %d unchanged, %d skipped · %s chunks written · %.1f MB in %s\n",
		plural(s.Folders, "folder"), s.Added, s.Updated, s.Removed, s.Unchanged, len(s.Skipped), fmt.Sprint(s.Chunks),
		float64(s.Bytes)/1e6, s.Elapsed.Round(time.Millisecond))
	for _, sk := range s.Skipped {
		fmt.Fprintf(w, "  skipped %s: %s\n", sk.Path, sk.Reason)
	}
	for _, wn := range s.Warnings {
		fmt.Fprintf(w, "  warning %s: %s\n", wn.Path, wn.Reason)
	}
	for _, o := range s.Offline {
		fmt.Fprintf(w, "offline %s: %s; its documents were kept and stay searchable\n", o.Path, o.Reason)
	}
	if s.Cancelled {
		fmt.Fprintln(w, "cancelled: what was finished is searchable; `folio scan` completes the rest")
	}
}

func runAdd(e *env, args []string) int {
	return libraryCommand(e, newFlagSet(e, "add"), args, index.ReadWrite, someArgs, func(ix *index.Index, dirs []string) int {
		ctx, stop := interruptible()
		defer stop()
		if err := ix.CheckDocuments(ctx); err != nil {
			return fail(e, err) // before the import rewrites a damaged row as a changed file
		}
		status := exitOK
		for _, d := range dirs {
			s, err := ix.AddFolder(ctx, d, index.ImportOptions{Progress: progressBar(e.stderr)})
			if err != nil {
				status = fail(e, err) // the other folders are still added
				continue
			}
			printSummary(e.stdout, s)
			if len(s.Offline) > 0 {
				status = exitError
			}
		}
		if err := checkAfterImport(ctx, ix); err != nil {
			return fail(e, err)
		}
		return status
	})
}

// checkAfterImport runs quick_check after add and scan: an import reads
// only the rows of changed files, so without it a damaged library that
// `folio check` reports would pass a scan of unchanged files with exit 0.
// It reads the whole library once, which an import can afford. The
// documents table was compared with its indexes before the import.
func checkAfterImport(ctx context.Context, ix *index.Index) error {
	if ctx.Err() != nil {
		return nil // cancelled: the import said so; do not add a wait
	}
	if err := ix.CheckPages(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

func runScan(e *env, args []string) int {
	return libraryCommand(e, newFlagSet(e, "scan"), args, index.Existing, noArgs, func(ix *index.Index, _ []string) int {
		ctx, stop := interruptible()
		defer stop()
		if err := ix.CheckDocuments(ctx); err != nil {
			return fail(e, err) // before the import rewrites a damaged row as a changed file
		}
		s, err := ix.Scan(ctx, index.ImportOptions{Progress: progressBar(e.stderr)})
		printSummary(e.stdout, s)
		if err != nil {
			return fail(e, err)
		}
		if err := checkAfterImport(ctx, ix); err != nil {
			return fail(e, err)
		}
		if len(s.Offline) > 0 {
			return fail(e, fmt.Errorf("%s could not be read; plug in the drive or mount the share and scan again, or remove the folder with `folio remove`", plural(len(s.Offline), "folder")))
		}
		return exitOK
	})
}

func runRemove(e *env, args []string) int {
	return libraryCommand(e, newFlagSet(e, "remove"), args, index.Existing, oneArg, func(ix *index.Index, dirs []string) int {
		if err := ix.RemoveFolder(context.Background(), dirs[0]); err != nil {
			return fail(e, err)
		}
		fmt.Fprintf(e.stdout, "removed %s from the library (no files were touched)\n", dirs[0])
		return exitOK
	})
}

func runFolders(e *env, args []string) int {
	return libraryCommand(e, newFlagSet(e, "folders"), args, index.ReadOnly, noArgs, func(ix *index.Index, _ []string) int {
		folders, err := ix.Folders(context.Background())
		if err != nil {
			return fail(e, err)
		}
		if len(folders) == 0 {
			fmt.Fprintln(e.stdout, "the library is empty: add a folder with `folio add DIR`")
		}
		for _, f := range folders {
			last := "never scanned"
			if !f.LastScan.IsZero() {
				last = "scanned " + f.LastScan.Format("2006-01-02 15:04")
			}
			fmt.Fprintf(e.stdout, "%s\n  %s, %s, %s skipped, %s\n", f.Path, plural(f.Documents, "document"), plural(f.Chunks, "chunk"), fmt.Sprint(f.Skipped), last)
			if f.Offline != "" {
				fmt.Fprintf(e.stdout, "  offline: %s (documents kept and searchable)\n", f.Offline)
			}
		}
		return exitOK
	})
}

func runStats(e *env, args []string) int {
	return libraryCommand(e, newFlagSet(e, "stats"), args, index.ReadOnly, noArgs, func(ix *index.Index, _ []string) int {
		s, err := ix.Stats(context.Background())
		if err != nil {
			return fail(e, err)
		}
		last := "never"
		if !s.LastScan.IsZero() {
			last = s.LastScan.Format("2006-01-02 15:04:05")
		}
		writer, ok, err := ix.Setting(context.Background(), index.WrittenBySetting)
		if err != nil || !ok {
			writer = "unknown (before 0.1.0)"
		}
		fmt.Fprintf(e.stdout, "library   %s\nfolders   %d\ndocuments %d (%.1f MB of Markdown)\nchunks    %d\ndatabase  %.1f MB\nlast scan %s\nwritten by Folio %s\n",
			ix.Path(), s.Folders, s.Documents, float64(s.MarkdownBytes)/1e6, s.Chunks, float64(s.DatabaseBytes)/1e6, last, writer)
		return exitOK
	})
}

// runCheck reads the whole library file and its indexes: what a person
// runs when they suspect damage (a failing disk, a copy taken while Folio
// was writing). Everyday commands check only after an unclean exit.
func runCheck(e *env, args []string) int {
	return libraryCommand(e, newFlagSet(e, "check"), args, index.Existing, noArgs, func(ix *index.Index, _ []string) int {
		ctx, stop := interruptible()
		defer stop()
		start := time.Now()
		if err := ix.IntegrityCheck(ctx); err != nil {
			return fail(e, err)
		}
		fmt.Fprintf(e.stdout, "%s: no damage found (%s)\n", ix.Path(), time.Since(start).Round(time.Millisecond))
		return exitOK
	})
}

// jsonHit is the --json form of a hit.
type jsonHit struct {
	Rank        int                 `json:"rank"`
	Score       float64             `json:"score"`
	Folder      string              `json:"folder"`
	Path        string              `json:"path"`
	StartLine   int                 `json:"start_line"`
	EndLine     int                 `json:"end_line"`
	HeadingPath []string            `json:"heading_path"`
	Title       string              `json:"title"`
	Snippet     string              `json:"snippet"`
	Highlights  [][2]int            `json:"highlights"`
	ChunkID     string              `json:"chunk_id"`
	Offline     bool                `json:"offline,omitempty"` // the folder could not be read at its last scan
	Stale       bool                `json:"stale,omitempty"`   // the file changed since it was indexed: the lines are where the passage is now
	Gone        bool                `json:"gone,omitempty"`    // … and the passage is no longer in it (the lines are the indexed ones)
	More        []jsonHit           `json:"more,omitempty"`    // the file's other passages, folded under this one
	AlsoIn      []string            `json:"also_in,omitempty"` // the same passage in other files: folder/path:start-end
	Corrected   []index.Correction  `json:"corrected,omitempty"`
	Explain     []rank.Contribution `json:"explain,omitempty"`
	Tags        []string            `json:"tags"`
	Date        string              `json:"date,omitempty"`      // YYYY-MM-DD
	DateFrom    string              `json:"date_from,omitempty"` // front_matter, or modified (the file's time)
	Filters     []jsonFilter        `json:"filters,omitempty"`   // the filters in force, typed and given
	Notices     []string            `json:"notices,omitempty"`   // why a filter matched nothing that exists
}

// recite checks the page's hits from changed files against the files as
// they are now (index.Cite): their lines become the passage's lines now.
// It returns the hits whose passage is no longer in its file.
func recite(hits []index.Hit) map[int64]bool {
	gone := map[int64]bool{}
	for i := range hits {
		h := &hits[i]
		if h.Stale {
			c := index.Cite(*h)
			h.StartLine, h.EndLine = c.StartLine, c.EndLine
			gone[h.ChunkRowID] = c.Gone
		}
		for k, v := range recite(h.More) {
			gone[k] = v
		}
	}
	return gone
}

// staleNote says that a hit's file changed since it was indexed.
func staleNote(h index.Hit, gone map[int64]bool) string {
	switch {
	case !h.Stale:
		return ""
	case gone[h.ChunkRowID]:
		return " (changed since indexed: this passage is no longer in the file; `folio scan` updates the library)"
	}
	return " (changed since indexed: lines as they are now)"
}

func toJSONHit(h index.Hit, gone map[int64]bool) jsonHit {
	hl := h.Snippet.Highlights
	if hl == nil {
		hl = [][2]int{}
	}
	j := jsonHit{Rank: h.Rank, Score: h.Score, Folder: h.Folder, Path: h.Path, StartLine: h.StartLine, EndLine: h.EndLine,
		HeadingPath: h.HeadingPath, Title: h.Title, Snippet: h.Snippet.Text, Highlights: hl, ChunkID: h.ChunkID,
		Offline: h.Offline, Stale: h.Stale, Gone: gone[h.ChunkRowID], Explain: h.Explanation, Tags: h.Tags}
	if j.Tags == nil {
		j.Tags = []string{}
	}
	j.Date, j.DateFrom = hitDate(h)
	for _, m := range h.More {
		j.More = append(j.More, toJSONHit(m, gone))
	}
	for _, a := range h.AlsoIn {
		j.AlsoIn = append(j.AlsoIn, location(a))
	}
	return j
}

// location is folder/path:start-end, a citation without its heading path.
func location(h index.Hit) string {
	return index.Location(h.Folder, h.Path, h.StartLine, h.EndLine)
}

func runSearch(e *env, args []string) int {
	fs := newFlagSet(e, "search")
	db := dbFlag(fs)
	asJSON := fs.Bool("json", false, "one JSON object per hit per line (with the note's tags and date, the filters in force and any notices)")
	limit := fs.Int("limit", 10, "number of hits")
	perFile := fs.Int("per-file", index.DefaultPerFile, "passages of one file shown before the rest are folded under the best (0: no limit)")
	folder := fs.String("folder", "", "only search this library folder: its name (as the window and citations show it) or its path")
	explain := fs.Bool("explain", false, "print each ranking feature's value and share of the score")
	suggest := fs.Bool("suggest", false, "print the words the best passages use and the query does not, one per line (--json: one object)")
	sortBy := fs.String("sort", "", "`ORDER`: relevance (the default), date (newest first) or path")
	saved := fs.String("saved", "", "run the saved search `NAME` (folio saved lists them); words after it are added to its query")
	usage := fs.Usage
	fs.Usage = func() {
		usage()
		fmt.Fprint(fs.Output(), searchSyntax)
	}
	// Flags come first: everything from the first query word on (or after
	// --) is the query, so "fever -child" excludes child, and so is a
	// negated filter ("-tag:draft leave").
	flagArgs, query := splitAtFilter(args)
	if err := fs.Parse(flagArgs); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK // asked for: not a usage error
		}
		return exitError
	}
	words := append(fs.Args(), query...)
	if len(words) == 0 && *saved == "" {
		fs.Usage()
		return exitError
	}
	if err := checkSort(*sortBy); err != nil {
		return failIn(e, "search", err)
	}
	input := strings.Join(words, " ")
	if *saved != "" {
		q, order, err := savedSearch(*saved, words)
		if err != nil {
			return failIn(e, "search", err)
		}
		input = q
		if *sortBy == "" {
			*sortBy = order // the saved order unless --sort says another
		}
		if err := checkSort(*sortBy); err != nil {
			return failIn(e, "search", fmt.Errorf("saved search %q: %w", *saved, err))
		}
	}
	per := *perFile
	if per == 0 {
		per = -1 // no limit
	}
	opt := index.SearchOptions{Limit: *limit, Folder: *folder, PerFile: per, Explain: *explain, Refine: *suggest, Sort: *sortBy}
	return withLibrary(e, *db, index.ReadOnly, func(ix *index.Index) int {
		res, err := ix.Search(context.Background(), input, opt)
		switch {
		case errors.Is(err, index.ErrUnknownFolder):
			return fail(e, fmt.Errorf("%w (see `folio folders`)", err))
		case err != nil:
			return fail(e, err)
		}
		if *suggest {
			return printRefinements(e, res.Refinements, *asJSON)
		}
		gone := recite(res.Hits)
		if *asJSON {
			enc := json.NewEncoder(jsonWriter(e.stdout))
			enc.SetEscapeHTML(false)
			for _, h := range res.Hits {
				j := toJSONHit(h, gone)
				j.Corrected = res.Corrections
				j.Filters = toJSONFilters(res.Filters)
				j.Notices = res.Notices
				enc.Encode(j)
			}
			if len(res.Hits) == 0 {
				printNotices(e.stderr, res) // no hit to carry them
			}
		} else {
			printNotices(e.stdout, res)
			if *explain {
				if said := queryparse.Parse(input).Said(); said != "" {
					if len(res.Pairs) > 0 {
						said += "; and as pairs: " + strings.Join(res.Pairs, ", ")
					}
					fmt.Fprintf(e.stdout, "%s\n\n", said)
				}
			}
			printHits(e.stdout, res, gone, isTerminal(e.stdout), *limit)
		}
		if len(res.Hits) == 0 {
			return exitNothing
		}
		return exitOK
	})
}

// printHits prints a page of results for a person: citation, snippet, the
// folds, the corrections and the count.
func printHits(w io.Writer, res *index.Results, gone map[int64]bool, terminal bool, limit int) {
	if len(res.Corrections) > 0 {
		fmt.Fprintf(w, "%s\n\n", correctionLine(res.Corrections))
	}
	for _, h := range res.Hits {
		offline := ""
		if h.Offline {
			offline = " (offline folder: as of its last scan)"
		}
		fmt.Fprintf(w, "%d. %s%s%s\n   ", h.Rank, h.Citation(), offline, staleNote(h, gone))
		// The bold escapes must pass, so the snippet goes around the
		// cleaning writer, cleaned by markSnippet.
		fmt.Fprintf(rawWriter(w), "%s\n", markSnippet(h.Snippet, terminal))
		if len(h.More) > 0 {
			var locs []string
			for _, m := range h.More {
				loc := strconv.Itoa(m.StartLine)
				if m.EndLine != m.StartLine {
					loc += fmt.Sprintf("-%d", m.EndLine)
				}
				// A line too long for one passage is two passages on the
				// same line: it is listed once.
				if !slices.Contains(locs, loc) {
					locs = append(locs, loc)
				}
			}
			word := "lines"
			if len(locs) == 1 && !strings.Contains(locs[0], "-") {
				word = "line"
			}
			fmt.Fprintf(w, "   + %d more in this file (%s %s)\n", len(h.More), word, strings.Join(locs, ", "))
		}
		if len(h.AlsoIn) > 0 {
			var locs []string
			for i, a := range h.AlsoIn {
				if i == 3 {
					locs = append(locs, "…")
					break
				}
				locs = append(locs, location(a))
			}
			fmt.Fprintf(w, "   also in %s: %s\n", plural(len(h.AlsoIn), "other file"), strings.Join(locs, ", "))
		}
		for _, c := range h.Explanation {
			fmt.Fprintf(w, "   %-9s %.3f × %g = %.3f (%.0f%%)\n", c.Name, c.Value, c.Weight, c.Value*c.Weight, 100*c.Share)
		}
		say := []string{"ranked after the passages holding several words: it holds one word of a long question",
			"ranked after the passages with text: it holds nothing to read but markup",
			"cites two passages of its section: both ranked on the first page (the features are the better one's)",
			fmt.Sprintf("front matter (a page's summary): its score is %g of the features' sum", rank.FrontShare)}
		for i, on := range []bool{h.OneWord, h.Bare, h.Joined != 0, h.Front()} {
			if h.Explanation != nil && on {
				fmt.Fprintln(w, "   "+say[i])
			}
		}
		fmt.Fprintln(w)
	}
	count := shownCount(res, limit)
	if len(res.Filters) > 0 {
		count += " · " + scopeWords(res.Filters)
	}
	fmt.Fprintf(w, "%s · %s\n", count, res.Elapsed.Round(10*time.Microsecond))
}

// shownCount is the count line, saying how many hits are shown when that
// is fewer than the results counted: the total counts passages, and a page
// folds a file's further passages and the copies of a passage under one
// hit, so a large --limit can show far fewer hits than the total.
func shownCount(res *index.Results, limit int) string {
	total := resultCount(res)
	shown := len(res.Hits)
	switch {
	case shown == 0 || shown >= res.Total:
		return total
	case shown < limit:
		return fmt.Sprintf("showing %d of %s: the other passages are folded under them (more in the same file, copies in other files; --per-file 0 lists each passage of a file)", shown, total)
	}
	return fmt.Sprintf("showing %d of %s (--limit shows more)", shown, total)
}

// resultCount is "23 results", or "1,000+ results" when counting stopped.
func resultCount(res *index.Results) string {
	if res.TotalCapped {
		return fmt.Sprintf("%s+ results", thousands(res.Total))
	}
	return plural(res.Total, "result")
}

// correctionLine says which words were searched in place of unknown ones.
// One typed word can bring several ("vehicle, automobile (for "car")"),
// so they are grouped by the word they stand for.
func correctionLine(cs []index.Correction) string {
	var typed []string
	by := map[string][]string{}
	for _, c := range cs {
		if by[c.Typed] == nil {
			typed = append(typed, c.Typed)
		}
		by[c.Typed] = append(by[c.Typed], c.Searched)
	}
	var parts []string
	for _, t := range typed {
		parts = append(parts, fmt.Sprintf("%s (for %q)", strings.Join(by[t], ", "), t))
	}
	return "Also searched: " + strings.Join(parts, "; ") + "; put a word in quotes to search exactly what you typed"
}

// thousands formats n with commas.
func thousands(n int) string { return snippet.Thousands(n) }

// markSnippet marks matched words: bold on a terminal, [brackets]
// otherwise, the text cleaned of controls (safeText).
func markSnippet(s snippet.Snippet, terminal bool) string {
	open, close := "[", "]"
	if terminal {
		open, close = "\033[1m", "\033[0m"
	}
	var b strings.Builder
	last := 0
	for _, h := range s.Highlights {
		b.WriteString(safeText(s.Text[last:h[0]]))
		b.WriteString(open + safeText(s.Text[h[0]:h[1]]) + close)
		last = h[1]
	}
	b.WriteString(safeText(s.Text[last:]))
	return b.String()
}
