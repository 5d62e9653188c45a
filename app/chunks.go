package app

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"folio/chunker"
	"folio/files"
)

// runChunks implements `folio chunks`: it shows how files are split and
// measures the result, so chunk settings can be judged on real files.
func runChunks(e *env, args []string) int {
	fs := newFlagSet(e, "chunks")
	def := chunker.DefaultOptions()
	max := fs.Int("max", def.Max, "largest chunk in characters (atomic blocks may exceed it)")
	min := fs.Int("min", def.Min, "chunks smaller than this merge with a neighbour when they fit")
	overlap := fs.Int("overlap", def.Overlap, "sentences repeated between prose chunks (with --fixed: characters)")
	fixed := fs.Int("fixed", 0, "cut every N characters instead (the baseline)")
	asJSON := fs.Bool("json", false, "print one JSON object per chunk per line")
	sweep := fs.Bool("sweep", false, "print what each target maximum ("+sweepList()+") does to the files: chunks, min, p50, p90, max, over the target")
	names, err := parseFlags(fs, args)
	if err != nil {
		return exitError
	}
	if len(names) == 0 {
		fs.Usage()
		return exitError
	}
	opt := chunker.Options{Max: *max, Min: *min, Overlap: *overlap}
	if err := opt.Validate(); err != nil && *fixed == 0 {
		return failIn(e, "chunks", err)
	}
	if *fixed > 0 {
		opt = chunker.Options{Max: *fixed}
	}
	if *sweep {
		return runSweep(e, names, opt, *asJSON)
	}
	status := exitOK
	enc := json.NewEncoder(jsonWriter(e.stdout))
	enc.SetEscapeHTML(false)
	report := e.stdout
	if *asJSON {
		report = e.stderr // keep stdout one JSON object per line
	}
	for _, name := range names {
		// Regular files only, read up to the import's limit: a FIFO would
		// block, /dev/zero would never end.
		data, err := files.ReadRegular(name)
		if err != nil {
			status = failIn(e, "chunks", fmt.Errorf("%s: %s", name, files.ErrorWords(err)))
			continue
		}
		var doc *chunker.Document
		if *fixed > 0 {
			doc, err = chunker.SplitFixed(name, data, *fixed, *overlap)
		} else {
			doc, err = chunker.Split(name, data, opt)
		}
		if err != nil {
			status = failIn(e, "chunks", fmt.Errorf("%s: %w", name, err))
			continue
		}
		if doc.InvalidBytes > 0 {
			fmt.Fprintf(e.stderr, "folio chunks: %s: %s of invalid UTF-8 replaced by U+FFFD\n", name, plural(doc.InvalidBytes, "byte"))
		}
		if *asJSON {
			for _, c := range doc.Chunks {
				if err := enc.Encode(c); err != nil {
					return failIn(e, "chunks", err)
				}
			}
		} else {
			fmt.Fprintf(e.stdout, "%s: %s, title %q\n", name, plural(len(doc.Chunks), "chunk"), doc.Title)
			for _, c := range doc.Chunks {
				fmt.Fprintf(e.stdout, "  #%-3d %-5s %5d chars  lines %d-%d  %s\n", c.Ordinal, c.Kind,
					utf8.RuneCountInString(c.Text), c.StartLine, c.EndLine, strings.Join(c.Path, " > "))
			}
		}
		printReport(report, doc, chunker.Measure(doc, opt), opt)
	}
	return status
}

func printReport(w io.Writer, doc *chunker.Document, r chunker.Report, opt chunker.Options) {
	s, d := r.Sizes, r.Defects
	fmt.Fprintf(w, "  sizes    n %d · min %d · p50 %d · p90 %d · max %d · over max %d · under min %d\n",
		s.N, s.Min, s.P50, s.P90, s.Max, s.OverMax, s.UnderMin)
	fmt.Fprintf(w, "  defects  %d: ending mid-sentence %d · table rows without header %d · split tables %d · code cut open %d · empty paths %d\n",
		d.Total(), d.MidSentence, d.OrphanedRows, d.SplitTables, d.SplitCode, d.EmptyPaths)
	for _, p := range d.Problems {
		c := doc.Chunks[p.Ordinal]
		fmt.Fprintf(w, "           #%d lines %d-%d: %s\n", c.Ordinal, c.StartLine, c.EndLine, p.Kind)
	}
	stored := 0.0
	if r.DocumentChars > 0 {
		stored = float64(r.StoredChars) / float64(r.DocumentChars)
	}
	fmt.Fprintf(w, "  sentences separated %d of %d adjacent pairs · stored %.2fx the document\n", r.Adjacency.Separated, r.Adjacency.Pairs, stored)
	fmt.Fprintf(w, "  coverage %d words, %d lost\n", r.Coverage.Words, r.Coverage.Lost)
}

func sweepList() string {
	var s []string
	for _, m := range chunker.SweepMaxes {
		s = append(s, fmt.Sprint(m))
	}
	return strings.Join(s, ", ")
}

// runSweep is `folio chunks --sweep`: the design note's table of what a
// chunk size does to these files, to choose one from a measured
// distribution rather than a round number.
func runSweep(e *env, names []string, opt chunker.Options, asJSON bool) int {
	status := exitOK
	var docs [][]byte
	for _, name := range names {
		data, err := files.ReadRegular(name)
		if err != nil {
			status = failIn(e, "chunks", fmt.Errorf("%s: %s", name, files.ErrorWords(err)))
			continue
		}
		docs = append(docs, data)
	}
	if len(docs) == 0 {
		return status
	}
	ctx, stop := interruptible() // many files at eight sizes take a while
	defer stop()
	rows, err := chunker.Sweep(ctx, docs, chunker.SweepMaxes, opt)
	if err != nil {
		return failIn(e, "chunks", err)
	}
	if asJSON {
		enc := json.NewEncoder(jsonWriter(e.stdout))
		for _, r := range rows {
			if err := enc.Encode(r); err != nil {
				return failIn(e, "chunks", err)
			}
		}
		return status
	}
	fmt.Fprintf(e.stdout, "%s, min %d, overlap %d\n", plural(len(docs), "file"), opt.Min, opt.Overlap)
	fmt.Fprintf(e.stdout, "%6s %7s %6s %6s %6s %7s  %s\n", "max", "chunks", "min", "p50", "p90", "max", "over the target")
	for _, r := range rows {
		s := r.Size
		fmt.Fprintf(e.stdout, "%6d %7d %6d %6d %6d %7d  %d\n", r.Max, s.N, s.Min, s.P50, s.P90, s.Max, s.OverMax)
	}
	return status
}
