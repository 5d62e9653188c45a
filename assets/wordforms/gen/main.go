// Command gen writes assets/wordforms/forms.txt from WordNet's data files:
// for each pair of words WordNet calls derivationally related (absorb,
// absorption), or an adverb and the adjective it comes from (quick,
// quickly), the two stems Folio's analyser gives them, when they
// differ. Run by `make wordforms`, which fetches WordNet first.
package main

import (
	"bufio"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"folio/index/analyze"
)

type synset struct{ words []string }

type link struct {
	pos    byte
	offset string
	src    int // word number in this synset, 1-based
	dst    int // word number in the target, 1-based
	from   string
}

// maxSense is the last sense of a word a link may come from, on either
// side: WordNet lists a word's senses most frequent first, and a link
// made by a rare sense joins words a reader does not relate (stand's
// tenth sense gives standard, let's sixth lessor and letter).
var maxSense = 3

func main() {
	switch {
	case len(os.Args) == 3 && os.Args[1] == "-common":
		if err := writeCommon(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		return
	case len(os.Args) != 2:
		fmt.Fprintln(os.Stderr, "usage: gen WORDNET_DICT_DIR > forms.txt\n       gen -common WORDNET_DICT_DIR > common.txt")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	if v := os.Getenv("WORDFORMS_MAX_SENSE"); v != "" { // for measuring other cuts
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("WORDFORMS_MAX_SENSE: %w", err)
		}
		maxSense = n
	}
	senses, err := readSenses(filepath.Join(dir, "index.sense"))
	if err != nil {
		return err
	}
	synsets := map[string]synset{} // "n00001740" → words
	var links []link
	for _, file := range []string{"data.noun", "data.verb", "data.adj", "data.adv"} {
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "  ") {
				continue // the licence header
			}
			if i := strings.Index(line, " | "); i >= 0 {
				line = line[:i]
			}
			fs := strings.Fields(line)
			if len(fs) < 4 {
				continue
			}
			pos := fs[2][0]
			if pos == 's' {
				pos = 'a' // satellite adjectives share the adjective file
			}
			n, err := strconv.ParseInt(fs[3], 16, 32)
			if err != nil {
				return fmt.Errorf("%s: %q: %w", file, fs[0], err)
			}
			var words []string
			k := 4
			for i := 0; i < int(n); i++ {
				w := strings.ToLower(fs[k])
				if j := strings.IndexByte(w, '('); j >= 0 {
					w = w[:j] // adjective markers: (a), (p), (ip)
				}
				words = append(words, w)
				k += 2
			}
			key := string(pos) + fs[0]
			synsets[key] = synset{words}
			pc, err := strconv.Atoi(fs[k])
			if err != nil {
				return fmt.Errorf("%s: %q: pointer count: %w", file, fs[0], err)
			}
			k++
			for i := 0; i < pc && k+3 < len(fs)+0; i++ {
				sym, off, p, st := fs[k], fs[k+1], fs[k+2][0], fs[k+3]
				k += 4
				if sym != "+" && sym != `\` {
					continue
				}
				if p == 's' {
					p = 'a'
				}
				src, _ := strconv.ParseInt(st[:2], 16, 32)
				dst, _ := strconv.ParseInt(st[2:], 16, 32)
				if src == 0 || dst == 0 {
					continue
				}
				links = append(links, link{pos: p, offset: off, src: int(src), dst: int(dst), from: key})
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
	}
	related := map[string]map[string]bool{}
	add := func(a, b string) {
		if related[a] == nil {
			related[a] = map[string]bool{}
		}
		related[a][b] = true
	}
	for _, l := range links {
		from, to := synsets[l.from], synsets[string(l.pos)+l.offset]
		if l.src > len(from.words) || l.dst > len(to.words) {
			continue
		}
		if !common(senses, from.words[l.src-1], l.from) || !common(senses, to.words[l.dst-1], string(l.pos)+l.offset) {
			continue
		}
		a, b := stem(from.words[l.src-1]), stem(to.words[l.dst-1])
		if a == "" || b == "" || a == b {
			continue
		}
		add(a, b)
		add(b, a)
	}
	w := bufio.NewWriter(os.Stdout)
	for _, k := range slices.Sorted(maps.Keys(related)) {
		fmt.Fprintf(w, "%s %s\n", k, strings.Join(slices.Sorted(maps.Keys(related[k])), " "))
	}
	return w.Flush()
}

// writeCommon writes the stems of the one-word lemmas that SemCor's tagged
// text uses at least once (a tag count above 0 in index.sense): the
// English words common enough that one the library lacks is not a typo
// ("garbled", "machinist"), one per line, sorted.
func writeCommon(dir string) error {
	f, err := os.Open(filepath.Join(dir, "index.sense"))
	if err != nil {
		return err
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 4 || fs[3] == "0" {
			continue
		}
		lemma, _, _ := strings.Cut(fs[0], "%")
		if t := stem(lemma); t != "" {
			seen[t] = true
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	w := bufio.NewWriter(os.Stdout)
	for _, k := range slices.Sorted(maps.Keys(seen)) {
		fmt.Fprintln(w, k)
	}
	return w.Flush()
}

// readSenses maps "lemma n00001740" to the lemma's sense number in that
// synset, from index.sense (lemma%ss_type:…  offset sense_number tag_count).
func readSenses(path string) (map[string]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]int{}
	pos := map[byte]byte{'1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a'}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 {
			continue
		}
		i := strings.IndexByte(fs[0], '%')
		if i < 0 || i+1 >= len(fs[0]) {
			continue
		}
		n, err := strconv.Atoi(fs[2])
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %w", path, fs[0], err)
		}
		out[fs[0][:i]+" "+string(pos[fs[0][i+1]])+fs[1]] = n
	}
	return out, sc.Err()
}

// common reports whether word's sense in the synset key is among its
// first maxSense.
func common(senses map[string]int, word, key string) bool {
	n, ok := senses[word+" "+key]
	return ok && n <= maxSense
}

// stem is a one-word lemma's single analysed term, or "" for a phrase,
// a word with digits or marks, or a stopword.
func stem(word string) string {
	for i := 0; i < len(word); i++ {
		if word[i] < 'a' || word[i] > 'z' {
			return ""
		}
	}
	t := analyze.IndexText(word)
	if t == "" || strings.ContainsRune(t, ' ') || len(t) < 3 || analyze.IsStopword(t) {
		return ""
	}
	return t
}
