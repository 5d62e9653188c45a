package chunker

import (
	"context"
	"encoding/base64"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark/text"
)

// hostile is an input shape a hostile tester feeds the chunker, made to
// about n bytes.
type hostile struct {
	name string
	make func(n int) []byte
}

// repeatTo repeats unit up to n bytes (at least once).
func repeatTo(unit string, n int) []byte {
	return []byte(strings.Repeat(unit, max(1, n/len(unit))))
}

// nested is one line nesting depth containers, each written as marker.
func nested(marker string, depth int) string {
	return strings.Repeat(marker, depth) + "x\n"
}

// indentedList is a list nested depth levels, one item per line.
func indentedList(depth int) string {
	var b strings.Builder
	for i := 0; i < depth; i++ {
		b.WriteString(strings.Repeat("  ", i) + "- a\n")
	}
	return b.String()
}

var hostileShapes = []hostile{
	// Long lines: one paragraph of ordinary sentences, of words without a
	// sentence end, of Chinese without spaces, and an inline base64 image.
	{"line-sentences", func(n int) []byte {
		return repeatTo("The nurse checks the chart twice before each dose. ", n)
	}},
	{"line-no-stops", func(n int) []byte { return repeatTo("the nurse checks the chart twice before each dose ", n) }},
	{"line-cjk", func(n int) []byte { return repeatTo("护士在每次给药前检查两次病历", n) }},
	{"base64-image", func(n int) []byte {
		raw := make([]byte, n*3/4)
		rand.New(rand.NewSource(1)).Read(raw)
		return []byte("# Scan\n\nThe scan before the operation.\n\n![x](data:image/png;base64," +
			base64.StdEncoding.EncodeToString(raw) + ")\n\nThe scan after it.\n")
	}},
	// Nesting at the deepest depth the guard lets through, repeated; and one
	// item nested as deep, then lines or blank lines that goldmark takes
	// through every level (after a form feed, a lazy continuation).
	{"nest-dashes", func(n int) []byte { return repeatTo(nested("- ", MaxDepth)+"\n", n) }},
	{"nest-ordered", func(n int) []byte { return repeatTo(nested("1. ", MaxDepth)+"\n", n) }},
	{"nest-quotes", func(n int) []byte { return repeatTo(nested("> ", MaxDepth)+"\n", n) }},
	{"nest-mixed", func(n int) []byte { return repeatTo(nested("> - 1) * ", MaxDepth/4)+"\n", n) }},
	{"nest-indented", func(n int) []byte { return repeatTo(indentedList(MaxDepth)+"\n", n) }},
	{"nest-continued", func(n int) []byte {
		return append([]byte(indentedList(MaxDepth)), repeatTo(strings.Repeat("  ", MaxDepth)+"y\n", n)...)
	}},
	{"nest-blank", func(n int) []byte { return append([]byte(nested("- ", MaxDepth)), repeatTo("\n", n)...) }},
	{"nest-quoted-blank", func(n int) []byte { return append([]byte("> "+nested("- ", MaxDepth-1)), repeatTo(">\n", n)...) }},
	{"nest-form-feed", func(n int) []byte { return append([]byte(nested("- ", MaxDepth)+"\f\ny\n"), repeatTo("\n", n)...) }},
	// Flat but dense: goldmark's cost per node, not per byte.
	{"flat-items", func(n int) []byte { return repeatTo("- x\n", n) }},
	{"flat-empty-items", func(n int) []byte { return repeatTo("-\n", n) }},
	{"flat-ordered", func(n int) []byte { return repeatTo("1. x\n", n) }},
	{"flat-quotes", func(n int) []byte { return repeatTo("> x\n\n", n) }},
	{"flat-paragraphs", func(n int) []byte { return repeatTo("x\n\n", n) }},
	{"flat-lines", func(n int) []byte { return repeatTo("x\n", n) }},
	{"flat-spaced-lines", func(n int) []byte { return repeatTo("| a | b |\n", n) }},
	{"flat-blank", func(n int) []byte { return repeatTo("\n", n) }},
	{"flat-headings", func(n int) []byte { return repeatTo("# x\n", n) }},
	{"flat-setext", func(n int) []byte { return repeatTo("x\n=\n", n) }},
	{"flat-breaks", func(n int) []byte { return repeatTo("***\n", n) }},
	{"flat-fences", func(n int) []byte { return repeatTo("```\n```\n", n) }},
	{"flat-html", func(n int) []byte { return repeatTo("<a>\n\n", n) }},
	// GFM tables: a row a line, and every row padded to the header's width
	// (17 cells for 2 bytes), even "*", which cannot start a list there.
	{"table-rows", func(n int) []byte { return append([]byte("|a|\n|-|\n"), repeatTo("a\n", n)...) }},
	{"table-wide", func(n int) []byte {
		return append([]byte(strings.Repeat("|a", 16)+"|\n"+strings.Repeat("|-", 16)+"|\n"), repeatTo("a\n", n)...)
	}},
	{"table-star-rows", func(n int) []byte {
		return append([]byte(strings.Repeat("|a", 16)+"|\n"+strings.Repeat("|-", 16)+"|\n"), repeatTo("*\n", n)...)
	}},
	{"table-header", func(n int) []byte {
		k := max(1, n/4)
		return []byte(strings.Repeat("|a", k) + "|\n" + strings.Repeat("|-", k) + "|\n")
	}},
	// Inline markup a node every few bytes: under defuse's limit per
	// paragraph, or without delimiters. Sentences of a few bytes cost the
	// chunker a piece each.
	{"inline-emph", func(n int) []byte { return repeatTo(strings.Repeat("*a* ", 16)+"\n\n", n) }},
	{"inline-code", func(n int) []byte { return repeatTo(strings.Repeat("`a` ", 32)+"\n\n", n) }},
	{"inline-links", func(n int) []byte { return repeatTo(strings.Repeat("[a](b) ", 32)+"\n\n", n) }},
	{"inline-html", func(n int) []byte { return repeatTo("<a>", n) }},
	{"inline-autolinks", func(n int) []byte { return repeatTo("<ab:c> ", n) }},
	{"inline-emails", func(n int) []byte { return repeatTo("a@b.co ", n) }},
	{"inline-urls", func(n int) []byte { return repeatTo("http://a.co ", n) }},
	{"inline-linkify", func(n int) []byte { return repeatTo("www.a.co ", n) }},
	{"inline-lt", func(n int) []byte { return repeatTo("< ", n) }},
	{"inline-entities", func(n int) []byte { return repeatTo("&amp; ", n) }},
	{"inline-escapes", func(n int) []byte { return repeatTo("\\! ", n) }},
	{"tiny-sentences", func(n int) []byte { return repeatTo("A! ", n) }},
	{"tiny-sentences-cjk", func(n int) []byte { return repeatTo("护。", n) }},
	// cmark's pathological_tests.py.
	{"cmark-nested-brackets", func(n int) []byte {
		return []byte(strings.Repeat("[", n/2) + "a" + strings.Repeat("]", n/2))
	}},
	{"cmark-nested-strong-emph", func(n int) []byte {
		k := max(1, n/14)
		return []byte(strings.Repeat("*a **a ", k) + "b" + strings.Repeat(" a** a*", k))
	}},
	{"cmark-emph-openers", func(n int) []byte { return repeatTo("_a ", n) }},
	{"cmark-emph-closers", func(n int) []byte { return repeatTo("a_ ", n) }},
	{"cmark-mismatched-emph", func(n int) []byte { return repeatTo("*a_ ", n) }},
	{"cmark-multiple-of-3", func(n int) []byte { return append([]byte("a**b"), repeatTo("c* ", n)...) }},
	{"cmark-a**a", func(n int) []byte { return repeatTo("a**a", n) }},
	{"cmark-link-openers", func(n int) []byte { return repeatTo("[a", n) }},
	{"cmark-link-closers", func(n int) []byte { return repeatTo("a]", n) }},
	{"cmark-link-emph", func(n int) []byte { return repeatTo("[ a_", n) }},
	{"cmark-paren-brackets", func(n int) []byte { return repeatTo("[ (](", n) }},
	{"cmark-image-brackets", func(n int) []byte { return repeatTo("![[]()", n) }},
	{"cmark-backticks", func(n int) []byte {
		var b strings.Builder
		for i := 1; b.Len() < n; i++ {
			b.WriteString("e" + strings.Repeat("`", i))
		}
		return []byte(b.String())
	}},
	{"cmark-unclosed-links-a", func(n int) []byte { return repeatTo("[a](<b", n) }},
	{"cmark-unclosed-links-b", func(n int) []byte { return repeatTo("[a](b", n) }},
	{"cmark-unclosed-comment", func(n int) []byte { return append([]byte("</"), repeatTo("<!--", n)...) }},
	{"cmark-link-refs", func(n int) []byte {
		var b strings.Builder
		for i := 0; b.Len() < n*9/10; i++ {
			b.WriteString("[" + strconv.Itoa(i) + "]: u\n")
		}
		b.WriteString("\n")
		for b.Len() < n {
			b.WriteString("[0] ")
		}
		return []byte(b.String())
	}},
	{"cmark-nested-links", func(n int) []byte {
		k := max(1, n/8)
		return []byte(strings.Repeat("[a](", k) + "b" + strings.Repeat(")", k))
	}},
	{"cmark-nested-images", func(n int) []byte {
		k := max(1, n/9)
		return []byte(strings.Repeat("![a](", k) + "b" + strings.Repeat(")", k))
	}},
}

// hostileSize is the input size of BenchmarkHostile: FOLIO_HOSTILE_MB, or
// 1 MB so that a plain -bench run stays short.
func hostileSize(tb testing.TB) int {
	mb := 1.0
	if s := os.Getenv("FOLIO_HOSTILE_MB"); s != "" {
		var err error
		if mb, err = strconv.ParseFloat(s, 64); err != nil {
			tb.Fatal(err)
		}
	}
	return int(mb * 1e6)
}

// estimateBlocks is the guard's estimate for data, as Split computes it.
func estimateBlocks(tb testing.TB, data []byte) int {
	src, err := decodeSource(data)
	if err != nil {
		tb.Fatal(err)
	}
	_, blocks := countBlocks(src.text, src.frontEnd)
	return blocks
}

// maxGoldmarkBlocks is the largest estimate the figures and benchmarks give
// to goldmark alone: 20 MB of nest-dashes, 42 million, took 4.6 GB, and a
// list 100 levels deep followed by 1 MB of blank lines (100 million) would
// take far more than a test machine has.
const maxGoldmarkBlocks = 45_000_000

// guardLimit returns the largest size of shape h, up to 20 MiB, that the
// guard accepts, and a size at most 0.2% larger that it refuses (0 when it
// accepts 20 MiB). The estimate grows about linearly with size, so the
// search starts where a 1 MB sample puts the limit.
func guardLimit(tb testing.TB, h hostile) (under, over int) {
	accepts := func(n int) bool {
		src, err := decodeSource(h.make(n))
		if err != nil {
			tb.Fatal(err)
		}
		return checkShape(src.text, src.frontEnd) == nil
	}
	sample := h.make(1 << 20)
	src, err := decodeSource(sample)
	if err != nil {
		tb.Fatal(err)
	}
	_, blocks := countBlocks(src.text, src.frontEnd)
	if text := src.text[src.frontEnd:]; blocks+2*len(text) <= MaxBlocks {
		blocks += inlineElements(text) // as it counts in longer text
	}
	const most = 20 << 20
	guess := int(int64(len(sample)) * MaxBlocks / int64(max(blocks, 1)))
	if guess > most/2 && accepts(most) {
		return most, 0
	}
	over = most
	for _, n := range []int{guess - guess/50, guess + guess/50} {
		if n > under && n < over {
			if accepts(n) {
				under = n
			} else {
				over = n
			}
		}
	}
	for over-under > over/500 {
		mid := under + (over-under)/2
		if accepts(mid) {
			under = mid
		} else {
			over = mid
		}
	}
	return under, over
}

// BenchmarkHostile chunks each hostile shape end to end (split) and parses
// it with goldmark alone (goldmark), at FOLIO_HOSTILE_MB megabytes:
//
//	FOLIO_HOSTILE_MB=20 go test ./chunker -run '^$' -bench Hostile -benchtime 1x
//
// Shapes the guard refuses report the cost of refusing them; goldmark alone
// skips those estimated over maxGoldmarkBlocks.
func BenchmarkHostile(b *testing.B) {
	n := hostileSize(b)
	for _, h := range hostileShapes {
		data := h.make(n)
		b.Run(h.name+"/split", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var doc *Document
			var err error
			for i := 0; i < b.N; i++ {
				doc, err = Split("hostile.md", data, DefaultOptions())
			}
			if err == nil {
				b.ReportMetric(float64(len(doc.Chunks)), "chunks")
			}
		})
		b.Run(h.name+"/goldmark", func(b *testing.B) {
			if blocks := estimateBlocks(b, data); blocks > maxGoldmarkBlocks {
				b.Skipf("about %s blocks", thousands(blocks))
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				markdown.Parser().Parse(text.NewReader(data))
			}
		})
	}
}

// TestHostileFigures prints, for each hostile shape at the sizes in
// FOLIO_HOSTILE_FIGURES (megabytes, comma-separated; "limit" is the largest
// size the guard accepts), the guard's estimate, what goldmark alone and
// Split cost and, with FOLIO_HOSTILE_CANCEL=1, how long a cancel takes to be
// honoured. Peaks are the process's resident high-water mark during the
// call (Linux), so they include the test binary and the input, some 10 MB
// more than the work itself. It asserts nothing: a benchmark that prints,
// once whatever b.N, for sizes FOLIO_HOSTILE_FIGURES (default limit,1,4,20).
//
//	go test ./chunker -run '^$' -bench HostileFigures -benchtime 1x -timeout 2h
//
// FOLIO_HOSTILE_SHAPES narrows it to shapes whose names contain one of its
// comma-separated words. Goldmark alone is not run on inputs estimated over
// maxGoldmarkBlocks.
func BenchmarkHostileFigures(b *testing.B) {
	t := b
	sizes := os.Getenv("FOLIO_HOSTILE_FIGURES")
	if sizes == "" {
		sizes = "limit,1,4,20"
	}
	idle := runtime.NumGoroutine()
	fmt.Printf("%-26s %7s %11s  %9s %9s %8s  %9s %8s %8s %8s %7s  %s\n", "shape", "MB", "blocks", "goldmark", "alloc MB", "peak MB",
		"split", "peak MB", "MB/s", "chunks", "omitted", "cancel (max latency) / error")
	for _, h := range hostileShapes {
		if !hostileSelected(h.name) {
			continue
		}
		for _, s := range strings.Split(sizes, ",") {
			var n int
			if s == "limit" {
				n, _ = guardLimit(t, h)
			} else {
				mb, err := strconv.ParseFloat(s, 64)
				if err != nil {
					t.Fatal(err)
				}
				n = int(mb * 1e6)
			}
			data := h.make(n)
			// A cancelled parse goes on in the background: let it end.
			for runtime.NumGoroutine() > idle {
				time.Sleep(10 * time.Millisecond)
			}
			blocks := estimateBlocks(t, data)
			parse, alloc, peak := time.Duration(0), "-", "-"
			if blocks <= maxGoldmarkBlocks {
				parse, alloc, peak = measure(func() { markdown.Parser().Parse(text.NewReader(data)) })
			}
			var doc *Document
			var err error
			took, _, splitPeak := measure(func() { doc, err = Split("hostile.md", data, DefaultOptions()) })
			chunks, omitted, note := 0, 0, ""
			if err != nil {
				note = err.Error()
			} else {
				chunks, omitted = len(doc.Chunks), len(doc.Omitted)
				if os.Getenv("FOLIO_HOSTILE_CANCEL") == "1" {
					note = cancelLatency(data, took, idle)
				}
			}
			fmt.Printf("%-26s %7.2f %11s  %8.3fs %9s %8s  %8.3fs %8s %8.1f %8d %7d  %s\n", h.name, float64(len(data))/1e6, thousands(blocks),
				parse.Seconds(), alloc, peak, took.Seconds(), splitPeak, float64(len(data))/1e6/took.Seconds(), chunks, omitted, note)
			if parse > 30*time.Second || took > 30*time.Second {
				break // larger sizes only take longer
			}
		}
	}
}

func hostileSelected(name string) bool {
	words := os.Getenv("FOLIO_HOSTILE_SHAPES")
	if words == "" {
		return true
	}
	for _, w := range strings.Split(words, ",") {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// measure runs f and returns the time, the megabytes allocated and, where
// Linux lets the peak be reset, the peak resident memory of the process
// during the call.
func measure(f func()) (took time.Duration, alloc, peak string) {
	runtime.GC()
	debug.FreeOSMemory()
	peak = "-"
	reset := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	took = time.Since(start)
	runtime.ReadMemStats(&after)
	if status, err := os.ReadFile("/proc/self/status"); reset && err == nil {
		for _, line := range strings.Split(string(status), "\n") {
			if fields := strings.Fields(line); len(fields) == 3 && fields[0] == "VmHWM:" {
				kb, _ := strconv.Atoi(fields[1])
				peak = strconv.Itoa(kb / 1000)
			}
		}
	}
	return took, fmt.Sprintf("%.0f", float64(after.TotalAlloc-before.TotalAlloc)/1e6), peak
}

// cancelLatency cancels SplitContext at five points spread over a run that
// takes about took, and returns the longest wait for it to give up.
func cancelLatency(data []byte, took time.Duration, idle int) string {
	var worst time.Duration
	cancelled := 0
	for i := 1; i <= 5; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := SplitContext(ctx, "hostile.md", data, DefaultOptions())
			done <- err
		}()
		time.Sleep(took * time.Duration(i) / 6)
		at := time.Now()
		cancel()
		if err := <-done; err != nil {
			cancelled++
			worst = max(worst, time.Since(at))
		}
		for runtime.NumGoroutine() > idle {
			time.Sleep(10 * time.Millisecond)
		}
	}
	runtime.GC()
	return fmt.Sprintf("%d of 5 cancelled, worst %.1f ms", cancelled, worst.Seconds()*1000)
}
