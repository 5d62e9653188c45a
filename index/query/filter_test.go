package query

import (
	"testing"
	"time"
)

func TestFiltersAreReadFromTheQuery(t *testing.T) {
	q := Parse(`fever tag:#Clinical -tag:draft folder:"My notes" after:2024-03 before:2025 dosing`)
	var words []string
	for _, c := range q.Clauses {
		words = append(words, c.Typed)
	}
	if len(words) != 2 || words[0] != "fever" || words[1] != "dosing" {
		t.Errorf("words %q: filters must not be searched as words", words)
	}
	want := []string{"tag:clinical", "-tag:draft", `folder:"My notes"`, "after:2024-03", "before:2025"}
	if len(q.Filters) != len(want) {
		t.Fatalf("filters %+v", q.Filters)
	}
	for i, f := range q.Filters {
		if f.String() != want[i] {
			t.Errorf("filter %d = %s, want %s", i, f, want[i])
		}
	}
	if at := q.Filters[3].At; at.Year() != 2024 || at.Month() != time.March || at.Day() != 1 {
		t.Errorf("after:2024-03 starts at %v", at)
	}
	if at := q.Filters[4].At; at.Year() != 2025 || at.Month() != time.January {
		t.Errorf("before:2025 starts at %v", at)
	}
}

func TestWhatIsNotAFilterStaysWords(t *testing.T) {
	for _, in := range []string{"after:lunch", "tag:", "before:20x4", `folder:"unclosed`, "http://tag:x"} {
		q := Parse(in)
		if len(q.Filters) != 0 {
			t.Errorf("%q read as filters %+v", in, q.Filters)
		}
	}
	if q := Parse("after:lunch"); len(q.Clauses) != 2 {
		t.Errorf("after:lunch: %+v, want the two words", q.Clauses)
	}
}

func TestParseFilterRoundTrips(t *testing.T) {
	for _, in := range []string{"tag:hr/leave", "-folder:medquad-md", `folder:"a b"`, "after:2024-03-15", "-before:2023"} {
		f, err := ParseFilter(in)
		if err != nil || f.String() != in {
			t.Errorf("ParseFilter(%q) = %s, %v", in, f, err)
		}
	}
	if _, err := ParseFilter("tag:a b"); err == nil {
		t.Error("two words accepted as one filter")
	}
	if _, err := ParseFilter("colour:red"); err == nil {
		t.Error("unknown field accepted")
	}
}

func TestAFilterAloneIsNotWords(t *testing.T) {
	q := Parse("tag:policy")
	if !q.Empty() || len(q.Filters) != 1 {
		t.Errorf("tag:policy: clauses %+v filters %+v", q.Clauses, q.Filters)
	}
}
