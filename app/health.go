package app

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"folio/chunker"
	"folio/index"
)

func runHealth(e *env, args []string) int {
	fs := newFlagSet(e, "health")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	return libraryCommand(e, fs, args, index.ReadOnly, noArgs, func(ix *index.Index, _ []string) int {
		ctx, stop := interruptible()
		defer stop()
		h, err := ix.Health(ctx)
		if err != nil {
			return fail(e, err)
		}
		if *asJSON {
			enc := json.NewEncoder(jsonWriter(e.stdout))
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(h); err != nil {
				return fail(e, err)
			}
			return exitOK
		}
		printHealth(e.stdout, h)
		return exitOK
	})
}

func printHealth(w io.Writer, h *index.Health) {
	s := h.Sizes
	fmt.Fprintf(w, "Chunk sizes (characters; settings max %d, min %d, overlap %d)\n", h.Options.Max, h.Options.Min, h.Options.Overlap)
	fmt.Fprintf(w, "  n %d · min %d · p50 %d · p90 %d · max %d · over max %d (atomic blocks, long sentences) · under min %d\n",
		s.N, s.Min, s.P50, s.P90, s.Max, s.OverMax, s.UnderMin)
	if h.MixedSettings {
		fmt.Fprintln(w, "  (each file judged by the settings it was indexed with; `folio scan` re-chunks with the current ones)")
	}
	fmt.Fprintln(w)
	largest := 0
	for _, b := range h.Histogram {
		largest = max(largest, b.Count)
	}
	for _, b := range h.Histogram {
		fmt.Fprintf(w, "  %6d–%-6d %-40s %d\n", b.From, b.To-1, histogramBar(b, largest, 40), b.Count)
	}
	fmt.Fprintln(w)
	kinds := []string{chunker.DefectMidSentence, chunker.DefectSplitTable, chunker.DefectOrphanRows, chunker.DefectSplitCode, chunker.DefectEmptyPath}
	total := 0
	for _, k := range kinds {
		total += h.Counts[k]
	}
	fmt.Fprintf(w, "Defects: %d\n", total)
	for _, k := range kinds {
		fmt.Fprintf(w, "  %-32s %d\n", k, h.Counts[k])
		if h.Counts[k] > 0 {
			fmt.Fprintf(w, "      %s\n", chunker.DefectAdvice(k))
		}
	}
	// One line per kind and place; a long sentence cut twice is one place.
	type place struct{ kind, cite string }
	seen := map[place]int{}
	var order []place
	for _, d := range h.Defects {
		p := place{d.Kind, d.Citation()}
		if seen[p] == 0 {
			order = append(order, p)
		}
		seen[p]++
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].kind < order[j].kind })
	for _, p := range order {
		times := ""
		if seen[p] > 1 {
			times = fmt.Sprintf(" (%d chunks)", seen[p])
		}
		fmt.Fprintf(w, "  %s: %s%s\n", p.kind, p.cite, times)
	}
	if h.Stale > 0 {
		fmt.Fprintf(w, "  (%s changed since the last scan and not measured: run `folio scan`)\n", plural(h.Stale, "document"))
	}
	fmt.Fprintf(w, "\nSkipped files: %d\n", len(h.Skipped))
	for _, s := range h.Skipped {
		fmt.Fprintf(w, "  %s/%s: %s\n", s.Folder, s.Path, s.Reason)
	}
	if len(h.Warnings) > 0 {
		fmt.Fprintf(w, "\nIndexed with a warning: %d\n", len(h.Warnings))
		for _, s := range h.Warnings {
			fmt.Fprintf(w, "  %s/%s: %s\n", s.Folder, s.Path, s.Reason)
		}
	}
	fmt.Fprintln(w, "\nFolders")
	for _, f := range h.Folders {
		fmt.Fprintf(w, "  %s\n    %d documents · %d chunks · %.1f MB Markdown · %.1f MB index\n",
			f.Path, f.Documents, f.Chunks, float64(f.MarkdownBytes)/1e6, float64(f.IndexBytes)/1e6)
	}
}

// histogramBar draws one bin as text: width characters at full scale.
func histogramBar(b index.Bin, largest, width int) string {
	if largest == 0 {
		return ""
	}
	n := b.Count * width / largest
	if n == 0 && b.Count > 0 {
		n = 1
	}
	return strings.Repeat("█", n)
}
