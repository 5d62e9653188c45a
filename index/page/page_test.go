package page

import (
	"fmt"
	"strings"
	"testing"
)

// hit is a passage for the tests: a file, a section, lines and its text.
type hit struct {
	file, section string
	from, to      int
	text          string
}

func spanOf(h hit) Span { return Span{File: h.file, Section: h.section, Start: h.from, End: h.to} }

func joinHits(into *hit, first, second hit, gap int) {
	into.text, into.from, into.to = first.text+strings.Repeat("\n", gap)+second.text, first.from, second.to
}

func cites(hs []hit) string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("%s:%d-%d", h.file, h.from, h.to))
	}
	return strings.Join(out, " ")
}

// The two halves of a section both ranked on the first page are one hit,
// at the better half's place, citing both in the file's order.
func TestTheHalvesOfASectionRankedHighAreOneHit(t *testing.T) {
	ranked := []hit{
		{"a.md", "Match > Catch-all", 203, 220, "first half"},
		{"b.md", "Other", 1, 5, "other"},
		{"a.md", "Match > Catch-all", 222, 233, "second half"},
		{"a.md", "Match > Guards", 235, 240, "next section"},
	}
	got := Join(ranked, spanOf, joinHits)
	if cites(got) != "a.md:203-233 b.md:1-5 a.md:235-240" {
		t.Errorf("cites %s; want a.md:203-233 b.md:1-5 a.md:235-240", cites(got))
	}
	if got[0].text != "first half\n\nsecond half" {
		t.Errorf("joined text %q", got[0].text)
	}
	// The later half ranked better: it keeps the place, the text is in
	// the file's order.
	got = Join([]hit{ranked[2], ranked[1], ranked[0]}, spanOf, joinHits)
	if cites(got) != "a.md:203-233 b.md:1-5" || got[0].text != "first half\n\nsecond half" {
		t.Errorf("cites %s, text %q", cites(got), got[0].text)
	}
}

// Only neighbours: the same section and file, with at most one blank line
// between, both in the first JoinReach; and never more than two passages.
func TestOnlyNeighboursOnTheFirstPageAreJoined(t *testing.T) {
	for _, c := range []struct {
		name   string
		ranked []hit
		want   string
	}{
		{"another section", []hit{{"a.md", "S", 1, 5, ""}, {"a.md", "T", 6, 9, ""}}, "a.md:1-5 a.md:6-9"},
		{"another file", []hit{{"a.md", "S", 1, 5, ""}, {"b.md", "S", 6, 9, ""}}, "a.md:1-5 b.md:6-9"},
		{"lines between", []hit{{"a.md", "S", 1, 5, ""}, {"a.md", "S", 9, 12, ""}}, "a.md:1-5 a.md:9-12"},
		{"the same lines", []hit{{"a.md", "S", 1, 5, ""}, {"a.md", "S", 5, 5, ""}}, "a.md:1-5 a.md:5-5"},
		{"the next line", []hit{{"a.md", "S", 1, 5, ""}, {"a.md", "S", 6, 9, ""}}, "a.md:1-9"},
		{"at most two", []hit{{"a.md", "S", 6, 9, ""}, {"a.md", "S", 1, 4, ""}, {"a.md", "S", 11, 14, ""}}, "a.md:1-9 a.md:11-14"},
	} {
		if got := cites(Join(c.ranked, spanOf, joinHits)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	var ranked []hit
	for i := range JoinReach {
		ranked = append(ranked, hit{fmt.Sprintf("f%d.md", i), "S", 1, 5, ""})
	}
	ranked = append(ranked, hit{"f0.md", "S", 6, 9, ""}) // the best one's neighbour, past the first page
	if got := Join(ranked, spanOf, joinHits); len(got) != JoinReach+1 || got[0].to != 5 {
		t.Errorf("a neighbour past the first page was joined: %s", cites(got))
	}
}

func TestFold(t *testing.T) {
	under := func(into *hit, h hit) { into.text += fmt.Sprintf(" %d", h.from) }
	at := func(from, to int) hit { return hit{file: "a.md", from: from, to: to} }
	got := Fold([]hit{at(1, 3), at(9, 9), at(9, 9), at(20, 22), at(30, 30), at(30, 30)}, 3, spanOf, under)
	// Line 9's second passage goes under line 9's hit; past three hits of
	// the file, line 30 goes under the best, and its twin there too.
	if cites(got) != "a.md:1-3 a.md:9-9 a.md:20-22" || got[0].text != " 30 30" || got[1].text != " 9" {
		t.Errorf("%s, under them %q", cites(got), []string{got[0].text, got[1].text, got[2].text})
	}
	if got := Fold([]hit{at(1, 3), at(5, 6), at(8, 9), at(11, 12)}, -1, spanOf, under); len(got) != 4 {
		t.Errorf("no limit: %s", cites(got))
	}
}
