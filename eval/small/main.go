// Command small measures ranking in small libraries, as most people's
// folders of notes are: the question sets' answer files, ten questions at a
// time, each batch with a few other files of the same corpus folder (the
// same tldr language), indexed as a library of its own and asked its ten
// questions by `folio eval`. The 84k-passage library of all of
// ../shared/corpus is where the ranking is tuned; this says whether it
// holds when a word's counts come from a few dozen passages (README,
// Ranking: the forty-fifth session).
//
//	go run ./eval/small -folio FOLIO [-corpus DIR] [-shared-eval DIR] [-extra 3,30] [-seed 7] [-keep DIR]
//
// FOLIO is a built folio (the headless build is enough). Sets are named
// tune or check as the ranking discipline has them: tune-lay to tune-lay-4
// and dev-golden-2's odd ids; dev-golden-2's even ids and
// dev-golden.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

type question struct {
	raw  json.RawMessage
	id   string
	dir  string // corpus folder, or tldr/<pages dir>
	file string // relative to ../shared/corpus
}

// sets: which file (SHARED: -shared-eval), which half of dev-golden-2
// ("odd", "even", "" for all).
var sets = []struct{ kind, file, half string }{
	{"tune", "eval/tune-lay.jsonl", ""},
	{"tune", "eval/tune-lay-2.jsonl", ""},
	{"tune", "eval/tune-lay-3.jsonl", ""},
	{"tune", "eval/tune-lay-4.jsonl", ""},
	{"tune", "SHARED/dev-golden-2.jsonl", "odd"},
	{"check", "SHARED/dev-golden-2.jsonl", "even"},
	{"check", "SHARED/dev-golden.jsonl", ""},
}

const perLibrary = 10

func main() {
	folio := flag.String("folio", "", "a built folio")
	corpus := flag.String("corpus", "../shared/corpus", "the corpus the sets' files are in")
	shared := flag.String("shared-eval", "../shared/eval", "the folder of dev-golden.jsonl and dev-golden-2.jsonl")
	extras := flag.String("extra", "3,30", "other files of the same folder in each library, one measure each")
	seed := flag.Uint64("seed", 7, "the draw of batches and other files")
	keep := flag.String("keep", "", "build the libraries here and keep them (default: a temporary folder, removed)")
	flag.Parse()
	if *folio == "" {
		fmt.Fprintln(os.Stderr, "small: -folio names a built folio (make build-headless)")
		os.Exit(2)
	}
	root := *keep
	if root == "" {
		var err error
		if root, err = os.MkdirTemp("", "folio-small-"); err != nil {
			fail(err)
		}
		defer os.RemoveAll(root)
	}
	for _, e := range strings.Split(*extras, ",") {
		extra, err := strconv.Atoi(e)
		if err != nil || extra < 0 {
			fail(fmt.Errorf("-extra %q: want counts of files", e))
		}
		if err := measure(*folio, *corpus, *shared, filepath.Join(root, "extra"+e), extra, *seed); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "small:", err)
	os.Exit(1)
}

// measure builds the libraries of one size and prints each kind's figures.
func measure(folio, corpus, shared, root string, extra int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, uint64(extra)))
	type tally struct {
		n, first, five int
		mrr            float64
	}
	totals := map[string]*tally{}
	var libs int
	for _, kind := range []string{"tune", "check"} {
		groups := map[string][]question{}
		for _, s := range sets {
			if s.kind != kind {
				continue
			}
			qs, err := read(strings.Replace(s.file, "SHARED", shared, 1), s.half)
			if err != nil {
				return err
			}
			for _, q := range qs {
				groups[q.dir] = append(groups[q.dir], q)
			}
		}
		dirs := make([]string, 0, len(groups))
		for d := range groups {
			dirs = append(dirs, d)
		}
		slices.Sort(dirs)
		for _, d := range dirs {
			g := groups[d]
			rng.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
			pool, err := markdown(corpus, d)
			if err != nil {
				return err
			}
			for b := 0; b < len(g); b += perLibrary {
				batch := g[b:min(b+perLibrary, len(g))]
				lib := filepath.Join(root, fmt.Sprintf("%s-%s-%d", kind, strings.ReplaceAll(d, "/", "_"), b/perLibrary))
				ranks, err := library(folio, corpus, lib, d, batch, pool, extra, rng)
				if err != nil {
					return err
				}
				libs++
				t := totals[kind]
				if t == nil {
					t = &tally{}
					totals[kind] = t
				}
				for _, r := range ranks {
					t.n++
					if r == 1 {
						t.first++
					}
					if r >= 1 && r <= 5 {
						t.five++
					}
					if r >= 1 && r <= 10 {
						t.mrr += 1 / float64(r)
					}
				}
			}
		}
	}
	fmt.Printf("%d other files a library (%d libraries):\n", extra, libs)
	for _, kind := range []string{"tune", "check"} {
		if t := totals[kind]; t != nil && t.n > 0 {
			n := float64(t.n)
			fmt.Printf("  %-5s %3d questions  hit@1 %.3f  hit@5 %.3f  MRR@10 %.3f\n", kind, t.n, float64(t.first)/n, float64(t.five)/n, t.mrr/n)
		}
	}
	return nil
}

// library copies the batch's answer files and extra others of dir into
// lib, and returns each question's rank there (0: not in the first ten).
func library(folio, corpus, lib, dir string, batch []question, pool []string, extra int, rng *rand.Rand) ([]int, error) {
	files := map[string]bool{}
	for _, q := range batch {
		files[q.file] = true
	}
	want := len(files) + extra
	for _, i := range rng.Perm(len(pool)) {
		if len(files) >= want {
			break
		}
		files[pool[i]] = true
	}
	for f := range files {
		data, err := os.ReadFile(filepath.Join(corpus, f))
		if err != nil {
			return nil, err
		}
		dst := filepath.Join(lib, "docs", f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return nil, err
		}
	}
	var qs []byte
	for _, q := range batch {
		qs = append(append(qs, q.raw...), '\n')
	}
	golden, saved := filepath.Join(lib, "questions.jsonl"), filepath.Join(lib, "ranks.jsonl")
	if err := os.WriteFile(golden, qs, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(folio, "eval", "--corpus", filepath.Join(lib, "docs"), "--golden", golden, "--no-reference", "--save-ranks", saved)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(lib, "config"), "XDG_CACHE_HOME="+filepath.Join(lib, "cache"))
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", lib, err, out)
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		return nil, err
	}
	var ranks []int
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r struct{ Rank int }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, fmt.Errorf("%s: %v", saved, err)
		}
		ranks = append(ranks, r.Rank)
	}
	if len(ranks) != len(batch) {
		return nil, fmt.Errorf("%s: %d ranks for %d questions", saved, len(ranks), len(batch))
	}
	return ranks, nil
}

// read is a set's questions, or one half of them by the number in the id.
func read(file, half string) ([]question, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []question
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if len(strings.TrimSpace(sc.Text())) == 0 {
			continue
		}
		var q struct{ ID, Corpus, File string }
		raw := json.RawMessage(slices.Clone(sc.Bytes()))
		if err := json.Unmarshal(raw, &q); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		if n, err := strconv.Atoi(strings.TrimLeft(q.ID, "abcdefghijklmnopqrstuvwxyz-")); half != "" && (err != nil || (n%2 == 1) != (half == "odd")) {
			continue
		}
		dir := q.Corpus
		if q.Corpus == "tldr" {
			dir = "tldr/" + strings.SplitN(q.File, "/", 2)[0]
		}
		out = append(out, question{raw: raw, id: q.ID, dir: dir, file: filepath.Join(q.Corpus, filepath.FromSlash(q.File))})
	}
	return out, sc.Err()
}

// markdown lists the Markdown files of corpus's folder dir, relative to
// corpus.
func markdown(corpus, dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(filepath.Join(corpus, dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(corpus, p)
			if err != nil {
				return err
			}
			out = append(out, rel)
		}
		return nil
	})
	slices.Sort(out)
	return out, err
}
