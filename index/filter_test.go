package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"folio/index/meta"
	"folio/index/query"
)

// A library of notes whose front matter and #tags say what they are;
// undated notes get file times in 2023.
func filterLibrary(t *testing.T) (*Index, string, string) {
	t.Helper()
	ix := openTemp(t)
	parent := t.TempDir()
	policy := addNamed(t, ix, parent, "policies", map[string]string{
		"leave.md":  "---\ntitle: Leave policy\ntags: [policy, hr/leave]\ndate: 2024-03-15\naliases: [Time off]\n---\n# Leave\n\nAnnual leave accrues every pay period.\n",
		"travel.md": "---\ntags: draft, policy\ndate: 2025-11\n---\n# Travel\n\nLeave for travel needs a visa.\n",
		"old.md":    "# Old leave rules\n\nLeave was once counted in days. #archive\n",
	})
	clinic := addNamed(t, ix, parent, "clinic", map[string]string{
		"fever.md": "# Fever\n\nA #clinical note: leave the child to rest, give fluids. #paediatrics/dosing\n",
	})
	old := time.Date(2023, 6, 1, 12, 0, 0, 0, time.Local)
	for _, p := range []string{filepath.Join(policy, "old.md"), filepath.Join(clinic, "fever.md")} {
		must(t, os.Chtimes(p, old, old))
	}
	_, err := ix.Scan(context.Background(), ImportOptions{})
	must(t, err)
	return ix, policy, clinic
}

func paths(res *Results) []string {
	var out []string
	for _, h := range res.Hits {
		out = append(out, filepath.Base(h.Folder)+"/"+h.Path)
		for _, m := range h.More {
			out = append(out, filepath.Base(m.Folder)+"/"+m.Path)
		}
	}
	return out
}

func TestFiltersNarrowASearch(t *testing.T) {
	ix, _, _ := filterLibrary(t)
	for q, want := range map[string][]string{
		"leave":                            {"clinic/fever.md", "policies/leave.md", "policies/old.md", "policies/travel.md"},
		"leave tag:policy":                 {"policies/leave.md", "policies/travel.md"},
		"leave tag:policy -tag:draft":      {"policies/leave.md"},
		"leave tag:hr":                     {"policies/leave.md"}, // nested tags
		"leave tag:#HR/Leave":              {"policies/leave.md"},
		"leave tag:paediatrics":            {"clinic/fever.md"}, // inline #tag, nested
		"leave folder:clinic":              {"clinic/fever.md"},
		"leave -folder:clinic tag:archive": {"policies/old.md"},
		"leave after:2024":                 {"policies/leave.md", "policies/travel.md"},
		"leave after:2024-04 before:2026":  {"policies/travel.md"},
		"leave before:2024":                {"clinic/fever.md", "policies/old.md"}, // file times
		"leave -after:2025":                {"clinic/fever.md", "policies/leave.md", "policies/old.md"},
		"leave tag:nosuchtag":              nil,
	} {
		res, err := ix.Search(context.Background(), q, SearchOptions{PerFile: -1, Sort: SortPath})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if got := paths(res); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
}

func TestFiltersAloneListTheNotesNewestFirst(t *testing.T) {
	ix, _, _ := filterLibrary(t)
	res, err := ix.Search(context.Background(), "tag:policy", SearchOptions{})
	must(t, err)
	if got := paths(res); !reflect.DeepEqual(got, []string{"policies/travel.md", "policies/leave.md"}) || res.Total != 2 {
		t.Errorf("tag:policy lists %q (total %d), want newest first", got, res.Total)
	}
	if len(res.Filters) != 1 || res.Filters[0].String() != "tag:policy" {
		t.Errorf("filters in force %+v", res.Filters)
	}
	h := res.Hits[0]
	if !h.Dated || h.Date.Year() != 2025 || !reflect.DeepEqual(h.Tags, []string{"draft", "policy"}) {
		t.Errorf("hit's date %v (dated %v), tags %q", h.Date, h.Dated, h.Tags)
	}
	if !strings.Contains(h.Snippet.Text, "visa") {
		t.Errorf("snippet %q", h.Snippet.Text)
	}
}

func TestFiltersGivenAsOptionsAndAnUnknownFolder(t *testing.T) {
	ix, _, _ := filterLibrary(t)
	f, err := query.ParseFilter("folder:clinic")
	must(t, err)
	res, err := ix.Search(context.Background(), "leave", SearchOptions{Filters: []query.Filter{f}})
	must(t, err)
	if got := paths(res); !reflect.DeepEqual(got, []string{"clinic/fever.md"}) {
		t.Errorf("a chip's filter: %q", got)
	}
	res, err = ix.Search(context.Background(), "leave folder:nowhere", SearchOptions{})
	must(t, err)
	if len(res.Hits) != 0 || len(res.Notices) != 1 || !strings.Contains(res.Notices[0], "nowhere") || !strings.Contains(res.Notices[0], "clinic") {
		t.Errorf("unknown folder: %d hits, notices %q", len(res.Hits), res.Notices)
	}
}

func TestSortByDateAndPath(t *testing.T) {
	ix, _, _ := filterLibrary(t)
	res, err := ix.Search(context.Background(), "leave", SearchOptions{Sort: SortDate, PerFile: -1})
	must(t, err)
	got := paths(res)
	if len(got) != 4 || got[0] != "policies/travel.md" || got[1] != "policies/leave.md" {
		t.Errorf("by date: %q", got)
	}
}

func TestAliasesAndTagsList(t *testing.T) {
	ix, _, _ := filterLibrary(t)
	if got := paths(search(t, ix, "time off")); len(got) == 0 || got[0] != "policies/leave.md" {
		t.Errorf("an alias finds its note like its title: %q", got)
	}
	tags, err := ix.Tags(context.Background(), 0)
	must(t, err)
	if len(tags) < 2 || tags[0] != (TagCount{Tag: "policy", Documents: 2}) {
		t.Errorf("tags %+v: most used first", tags)
	}
}

// A note edited to drop its tags loses them; removing a note removes its tags.
func TestTagsFollowTheNote(t *testing.T) {
	ix, policy, _ := filterLibrary(t)
	must(t, os.WriteFile(filepath.Join(policy, "travel.md"), []byte("# Travel\n\nLeave for travel.\n"), 0o644))
	must(t, os.Remove(filepath.Join(policy, "leave.md")))
	_, err := ix.Scan(context.Background(), ImportOptions{})
	must(t, err)
	if got := paths(search(t, ix, "leave tag:policy")); len(got) != 0 {
		t.Errorf("tag:policy after the tags went: %q", got)
	}
	tags, err := ix.Tags(context.Background(), 0)
	must(t, err)
	for _, tc := range tags {
		if tc.Tag == "policy" || tc.Tag == "hr/leave" {
			t.Errorf("tag %q still listed", tc.Tag)
		}
	}
}

// Both ways a tag narrows the first stage (a few passages looked up one
// by one, or many joined) find the same notes.
func TestATagOnManyNotesAndOnFew(t *testing.T) {
	ix := openTemp(t)
	notes := map[string]string{}
	for i := 0; i < meta.FewRows+6; i++ {
		tag := "bulk"
		if i%10 == 0 {
			tag = "bulk rare"
		}
		notes[fmt.Sprintf("n%02d.md", i)] = fmt.Sprintf("---\ntags: %s\n---\n# Note %d\n\nfever and fluids\n", tag, i)
	}
	notes["untagged.md"] = "# Untagged\n\nfever and fluids\n"
	addNamed(t, ix, t.TempDir(), "notes", notes)
	for q, want := range map[string]int{"fever tag:bulk": meta.FewRows + 6, "fever tag:rare": 3, "fever -tag:bulk": 1} {
		res, err := ix.Search(context.Background(), q, SearchOptions{Limit: 100, PerFile: -1})
		must(t, err)
		n := 0 // the notes are copies of one passage: shown once, the others "also in"
		for _, h := range res.Hits {
			n += 1 + len(h.AlsoIn)
		}
		if n != want || res.Total != want {
			t.Errorf("%q: %d notes (total %d), want %d", q, n, res.Total, want)
		}
	}
}

// A tag no note has is said, not just "no results"; a nested tag's parent
// is a tag its notes have.
func TestATagNoNoteHasIsSaid(t *testing.T) {
	ix, _, _ := filterLibrary(t)
	res, err := ix.Search(context.Background(), "leave tag:nosuchtag", SearchOptions{})
	must(t, err)
	if len(res.Hits) != 0 || len(res.Notices) != 1 || res.Notices[0] != "no note is tagged #nosuchtag" {
		t.Errorf("unknown tag: %d hits, notices %q", len(res.Hits), res.Notices)
	}
	for _, q := range []string{"leave tag:hr", "leave -tag:nosuchtag", "tag:policy"} {
		res, err := ix.Search(context.Background(), q, SearchOptions{})
		must(t, err)
		if len(res.Notices) != 0 {
			t.Errorf("%q: notices %q", q, res.Notices)
		}
	}
}
