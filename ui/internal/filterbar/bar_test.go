package filterbar

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"folio/index/query"
)

func mustFilter(t *testing.T, s string) query.Filter {
	t.Helper()
	f, err := query.ParseFilter(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRemoveTypedTakesOutTheFilterAsTyped(t *testing.T) {
	cases := []struct{ q, filter, want string }{
		{"leave -Tag:Draft fever", "-tag:draft", "leave fever"},
		{"leave tag:draft -tag:draft", "-tag:draft", "leave tag:draft"},
		{`notes folder:"My notes" x`, `folder:"My notes"`, "notes x"},
		{"after:2024-03 leave", "after:2024-03", "leave"},
		{"leave", "tag:draft", "leave"},
	}
	for _, c := range cases {
		if got := RemoveTyped(c.q, mustFilter(t, c.filter)); got != c.want {
			t.Errorf("RemoveTyped(%q, %s) = %q, want %q", c.q, c.filter, got, c.want)
		}
	}
}

func TestCustomDatesSayWhatIsWrong(t *testing.T) {
	if fs, err := customDates("", ""); err != nil || len(fs) != 0 {
		t.Errorf("empty fields: %v %v", fs, err)
	}
	if fs, err := customDates(" 2024-03 ", ""); err != nil || len(fs) != 1 || fs[0].String() != "after:2024-03" {
		t.Errorf("from alone: %v %v", fs, err)
	}
	if _, err := customDates("soon", ""); err == nil {
		t.Error("a word read as a date")
	}
	if _, err := customDates("2025", "2024"); err == nil {
		t.Error("dates the wrong way round were taken")
	}
	if fs, err := customDates("2024", "2024-07"); err != nil || len(fs) != 2 || fs[1].Field != query.FieldBefore {
		t.Errorf("both: %v %v", fs, err)
	}
}

func TestSearchedInReadsAsASentence(t *testing.T) {
	fs := []query.Filter{{Field: query.FieldTag, Value: "policy"}, {Field: query.FieldAfter, Value: "2024"}}
	if got := SearchedIn("medquad-md", fs); got != " in medquad-md · #policy · from 2024" {
		t.Errorf("%q", got)
	}
	if got := SearchedIn("", fs); got != " · #policy · from 2024" {
		t.Errorf("%q", got)
	}
	if got := SearchedIn("", nil); got != "" {
		t.Errorf("%q", got)
	}
}

// Each notice is a line of its own: joined on one line, the first cut off
// the rest ("searched -cover, not left out: … · no p…").
func TestEachNoticeHasALineOfItsOwn(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	b.SetNotices([]string{"searched -cover, not left out", `no passage holds "okapi"`})
	var lines []string
	for _, o := range b.notices.Objects {
		lines = append(lines, o.(*widget.Label).Text)
	}
	if want := []string{"searched -cover, not left out", `no passage holds "okapi"`}; !reflect.DeepEqual(lines, want) || !b.Notices().Visible() {
		t.Errorf("lines %q (shown %v), want %q", lines, b.Notices().Visible(), want)
	}
	if b.SetNotices(nil); b.Notices().Visible() || len(b.notices.Objects) != 0 {
		t.Error("no notice: the row is still shown")
	}
}
