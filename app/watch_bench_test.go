//go:build unix

// The watching benchmark reads rusage and /proc/self/io, which Windows lacks.

package app

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"folio/index"
	"folio/internal/testutil"
	"folio/watch"
)

// BenchmarkWatchCorpus measures watching on a copy of all of
// ../shared/corpus (46,000 files in about 4,000 folders), once whatever
// b.N: how long starting to watch takes and what the first search costs
// meanwhile, the time from saving an edit to a search finding it, the
// idle cost, and a burst of 10,000 changed files.
func BenchmarkWatchCorpus(b *testing.B) {
	src := testutil.SharedPath(b, "corpus")
	dir := filepath.Join(b.TempDir(), "corpus")
	if out, err := exec.Command("cp", "-r", src, dir).CombinedOutput(); err != nil {
		b.Fatalf("copy corpus: %v %s", err, out)
	}
	ix, err := index.Open(filepath.Join(b.TempDir(), "lib.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, err := ix.AddFolder(ctx, dir, index.ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") && !strings.Contains(p, "/.") {
			files = append(files, p)
		}
		return nil
	})

	var batches, batchPaths atomic.Int64
	w, err := watch.New(func(ctx context.Context, bt watch.Batch) {
		if _, err := ix.ScanFolder(ctx, bt.Folder, index.ImportOptions{Only: bt.Paths}); err != nil && ctx.Err() == nil {
			b.Error(err)
		}
		batches.Add(1)
		batchPaths.Add(int64(len(bt.Paths)))
	}, watch.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := time.Now()
	go w.Run(ctx)
	w.Sync([]string{dir})
	searchStart := time.Now()
	if _, err := ix.Search(ctx, "annual leave policy", index.SearchOptions{Limit: 10}); err != nil {
		b.Fatal(err)
	}
	firstSearch := time.Since(searchStart)
	for {
		st := w.Status()
		if len(st) == 1 && st[0].Polled {
			b.Fatalf("not watched: %s", st[0].Reason)
		}
		if len(st) == 1 && st[0].Folders > 0 && time.Since(start) > 50*time.Millisecond {
			// Watching is done once the count stops growing.
			n := st[0].Folders
			time.Sleep(20 * time.Millisecond)
			if w.Status()[0].Folders == n {
				b.ReportMetric(float64(n), "folders")
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	b.ReportMetric(time.Since(start).Seconds(), "watch-start-s")
	b.ReportMetric(float64(firstSearch.Microseconds())/1000, "first-search-ms")

	// Saved edit → found by a search.
	rng := rand.New(rand.NewSource(1))
	var lat []time.Duration
	for i := range 20 {
		word := fmt.Sprintf("zqedit%dword", i)
		f := files[rng.Intn(len(files))]
		saved := time.Now()
		appendTo(b, f, "\n\n"+word+"\n")
		for {
			res, err := ix.Search(ctx, `"`+word+`"`, index.SearchOptions{Limit: 1, NoSnippets: true}) // quoted: never corrected to an earlier word
			if err != nil {
				b.Fatal(err)
			}
			if len(res.Hits) > 0 {
				break
			}
			if time.Since(saved) > 10*time.Second {
				b.Fatalf("%s not found 10 s after it was saved in %s", word, f)
			}
			time.Sleep(10 * time.Millisecond)
		}
		lat = append(lat, time.Since(saved))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Milliseconds()), "edit-to-found-p50-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Milliseconds()), "edit-to-found-max-ms")

	// Idle: nothing changes for 10 s.
	time.Sleep(time.Second) // the last batch settles
	cpu0, wrote0 := cpuTime(), writtenBytes()
	idleStart := time.Now()
	time.Sleep(10 * time.Second)
	b.ReportMetric(100*(cpuTime()-cpu0).Seconds()/time.Since(idleStart).Seconds(), "idle-cpu-%")
	b.ReportMetric(float64(writtenBytes()-wrote0), "idle-bytes-written")

	// A burst: 10,000 files change at once (a branch switch).
	batches.Store(0)
	batchPaths.Store(0)
	burstStart := time.Now()
	for _, f := range files[:10000] {
		appendTo(b, f, "\n\nzqburstword\n")
	}
	written := time.Since(burstStart)
	for {
		res, err := ix.Search(ctx, "zqburstword", index.SearchOptions{Limit: 1, NoSnippets: true})
		if err != nil {
			b.Fatal(err)
		}
		if res.Total >= 1000 && batches.Load() > 0 {
			time.Sleep(3 * time.Second) // let any later batch land, then count
			break
		}
		if time.Since(burstStart) > 120*time.Second {
			b.Fatal("the burst was not indexed within 120 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.ReportMetric(written.Seconds(), "burst-write-s")
	b.ReportMetric(float64(batches.Load()), "burst-batches")
	b.ReportMetric(time.Since(burstStart).Seconds()-3, "burst-indexed-s")
}

func appendTo(b *testing.B, path, text string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		b.Fatal(err)
	}
	f.Close()
}

// cpuTime is the CPU time this process used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// writtenBytes is what this process wrote to storage so far (Linux).
func writtenBytes() int64 {
	data, _ := os.ReadFile("/proc/self/io")
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "write_bytes: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return 0
}
