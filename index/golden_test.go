package index

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/testutil"
)

type golden struct {
	Q      string `json:"q"`
	Answer string `json:"answer"`
}

func readGolden(t testing.TB, rel string) []golden {
	f, err := os.Open(testutil.SharedPath(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []golden
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var g golden
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// goldenRanks imports one golden document and returns, per question, the
// rank (1-based) of the first chunk holding the answer verbatim, 0 if none
// in the top 10.
func goldenRanks(t *testing.T, doc, questions string) []int {
	ix := openTemp(t)
	dir := t.TempDir()
	data, err := os.ReadFile(testutil.SharedPath(t, filepath.Join("golden", doc)))
	if err != nil {
		t.Fatal(err)
	}
	testutil.WriteFiles(t, dir, map[string]string{doc: string(data)})
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	var ranks []int
	for _, g := range readGolden(t, filepath.Join("golden", questions)) {
		res, err := ix.Search(context.Background(), g.Q, SearchOptions{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		rank := 0
		for _, h := range res.Hits {
			if strings.Contains(h.Text, g.Answer) {
				rank = h.Rank
				break
			}
		}
		t.Logf("%q → rank %d (%d hits)", g.Q, rank, res.Total)
		ranks = append(ranks, rank)
	}
	return ranks
}

func TestArabicGoldenQuestionsInTop3(t *testing.T) {
	ranks := goldenRanks(t, "leave-policy-ar.md", "leave-policy-ar.jsonl")
	for i, r := range ranks {
		if r < 1 || r > 3 {
			t.Errorf("question %d: answer at rank %d, want top 3", i+1, r)
		}
	}
}

func TestArabicNormalisationFindsVariants(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"ar.md": "# الإجازة\n\nتُقدَّم طلبات الإجـــازة قبل ١٤ يوماً.\n", "zh.md": "# 搜索\n\n中文搜索引擎的使用方法。\n"})
	for _, q := range []string{"إجازة", "اجازه", "الإجازة", "الاجازة", "طلبات", "14"} {
		if r := search(t, ix, q); r.Total != 1 || r.Hits[0].Path != "ar.md" {
			t.Errorf("%q: %d hits", q, r.Total)
		}
	}
	for _, q := range []string{"中文", "搜索", "引擎"} {
		r := search(t, ix, q)
		if r.Total != 1 || r.Hits[0].Path != "zh.md" {
			t.Fatalf("%q: %d hits", q, r.Total)
		}
		if len(r.Hits[0].Snippet.Highlights) == 0 {
			t.Errorf("%q: no highlight in %q", q, r.Hits[0].Snippet.Text)
		}
	}
}

func TestSectionContext(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("# Guide\n\n## Long section\n\n")
	for i := 0; i < 40; i++ {
		b.WriteString("This sentence is part of a long section about zebras and their habits. ")
	}
	b.WriteString("\n\n## Other\n\nUnrelated.\n")
	testutil.WriteFiles(t, dir, map[string]string{"g.md": b.String()})
	if _, err := ix.AddFolder(context.Background(), dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	r := search(t, ix, "zebras")
	if r.Total < 2 {
		t.Fatalf("want the long section in several chunks, got %d hits", r.Total)
	}
	sec, err := ix.Section(context.Background(), r.Hits[0].ChunkRowID)
	if err != nil {
		t.Fatal(err)
	}
	if len(sec) != r.Total {
		t.Errorf("section has %d chunks, want %d", len(sec), r.Total)
	}
	for i, c := range sec {
		if strings.Join(c.HeadingPath, " > ") != "Guide > Long section" || (i > 0 && c.Ordinal <= sec[i-1].Ordinal) {
			t.Errorf("section chunk %d: %+v", i, c)
		}
	}
}
