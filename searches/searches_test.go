package searches

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"folio/internal/testutil"
)

// tempStore opens the default store with HOME and the config folder in
// temporary folders, so the test never reaches the user's own.
func tempStore(t *testing.T) *Store {
	t.Helper()
	testutil.TempHome(t)
	s, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func reopen(t *testing.T, s *Store) *Store {
	t.Helper()
	o, err := Open(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestTheStoreLivesInTheConfigFolderOnlyTheUserCanRead(t *testing.T) {
	_, config, _ := testutil.TempHome(t)
	s, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(config, "folio", "searches.json"); s.Path() != want {
		t.Errorf("path %s, want %s", s.Path(), want)
	}
	if _, err := os.Stat(s.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("opening created the file: %v", err)
	}
	if err := s.Remember("sick leave"); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(filepath.Dir(s.Path()))
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files, want only searches.json (no temporary file left)", len(entries))
	}
}

func TestHistoryIsNewestFirstWithoutRepeatsOrEmptyQueries(t *testing.T) {
	s := tempStore(t)
	for _, q := range []string{"fever", "  ", "", "sick   leave", "fever", "dose"} {
		if err := s.Remember(q); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"dose", "fever", "sick leave"}
	if got := s.History(); !slices.Equal(got, want) {
		t.Errorf("history %q, want %q", got, want)
	}
	if got := reopen(t, s).History(); !slices.Equal(got, want) {
		t.Errorf("after reopening: %q, want %q", got, want)
	}
}

func TestHistoryKeepsTheLastHundred(t *testing.T) {
	s := tempStore(t)
	for i := range 130 {
		if err := s.Remember(fmt.Sprintf("query %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	h := reopen(t, s).History()
	if len(h) != MaxHistory || h[0] != "query 129" || h[99] != "query 30" {
		t.Errorf("%d kept, first %q, last %q", len(h), h[0], h[len(h)-1])
	}
}

func TestKeepingNoHistoryForgetsItAndRemembersNothing(t *testing.T) {
	s := tempStore(t)
	s.Remember("private lookup")
	if err := s.SetKeepNone(true); err != nil {
		t.Fatal(err)
	}
	s.Remember("another")
	o := reopen(t, s)
	if len(o.History()) != 0 || !o.KeepNone() {
		t.Errorf("history %q, keep none %v", o.History(), o.KeepNone())
	}
	raw, _ := os.ReadFile(s.Path())
	if strings.Contains(string(raw), "private lookup") || strings.Contains(string(raw), "another") {
		t.Errorf("the file still holds a query:\n%s", raw)
	}
	o.SetKeepNone(false)
	o.Remember("now kept")
	if got := reopen(t, o).History(); !slices.Equal(got, []string{"now kept"}) {
		t.Errorf("history on again: %q", got)
	}
}

func TestClearHistoryKeepsSavedSearches(t *testing.T) {
	s := tempStore(t)
	s.Remember("fever")
	if err := s.Add(Saved{Name: "Policies", Query: "tag:policy"}); err != nil {
		t.Fatal(err)
	}
	if err := s.ClearHistory(); err != nil {
		t.Fatal(err)
	}
	o := reopen(t, s)
	if len(o.History()) != 0 || len(o.Saved()) != 1 {
		t.Errorf("history %q, saved %v", o.History(), o.Saved())
	}
}

func TestSavedSearchesAddRenameDeleteWithUniqueNames(t *testing.T) {
	s := tempStore(t)
	if err := s.Add(Saved{Name: " Cardiology ", Query: "folder:medquad tag:heart after:2024", Sort: "date"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(Saved{Name: "cardiology", Query: "x"}); !errors.Is(err, ErrNameTaken) {
		t.Errorf("a second Cardiology: %v", err)
	}
	if err := s.Add(Saved{Name: "  ", Query: "x"}); !errors.Is(err, ErrNameRequired) {
		t.Errorf("no name: %v", err)
	}
	if err := s.Add(Saved{Name: "Empty", Query: " "}); !errors.Is(err, ErrQueryRequired) {
		t.Errorf("no query: %v", err)
	}
	s.Add(Saved{Name: "Drafts", Query: "tag:draft"})
	if err := s.Rename("drafts", "Cardiology"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("rename onto a taken name: %v", err)
	}
	if err := s.Rename("Cardiology", "CARDIOLOGY"); err != nil {
		t.Errorf("a new case of its own name: %v", err)
	}
	if err := s.Rename("nothing", "x"); !errors.Is(err, ErrNoSuchSearch) {
		t.Errorf("rename of an unknown search: %v", err)
	}
	o := reopen(t, s)
	got, ok := o.Find("cardiology")
	if !ok || got != (Saved{Name: "CARDIOLOGY", Query: "folder:medquad tag:heart after:2024", Sort: "date"}) {
		t.Errorf("found %+v %v", got, ok)
	}
	if err := o.Delete("CARDIOLOGY"); err != nil {
		t.Fatal(err)
	}
	if err := o.Delete("CARDIOLOGY"); !errors.Is(err, ErrNoSuchSearch) {
		t.Errorf("a second delete: %v", err)
	}
	if names := reopen(t, o).Saved(); len(names) != 1 || names[0].Name != "Drafts" {
		t.Errorf("left %+v", names)
	}
}

func TestADamagedFileIsSaidAndKeptNotWrittenOver(t *testing.T) {
	s := tempStore(t)
	s.Add(Saved{Name: "Mine", Query: "fever"})
	damaged := `{"version":1,"saved":[{"name":"Mine","query":"fever"` // cut short
	if err := os.WriteFile(s.Path(), []byte(damaged), 0o600); err != nil {
		t.Fatal(err)
	}
	o, err := Open(s.Path())
	var de *DamagedError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), s.Path()) {
		t.Fatalf("error %v, want a DamagedError naming %s", err, s.Path())
	}
	if len(o.Saved()) != 0 {
		t.Errorf("a damaged file gave %v", o.Saved())
	}
	if raw, _ := os.ReadFile(s.Path()); string(raw) != damaged {
		t.Errorf("opening changed the damaged file: %s", raw)
	}
	if err := o.Remember("dose"); err != nil {
		t.Fatal(err)
	}
	if raw, err := os.ReadFile(s.Path() + ".bad"); err != nil || string(raw) != damaged {
		t.Errorf("the damaged file was not kept as .bad: %q %v", raw, err)
	}
	if got := reopen(t, o).History(); !slices.Equal(got, []string{"dose"}) {
		t.Errorf("the new file holds %q", got)
	}
	// A second damage keeps the first copy too.
	os.WriteFile(s.Path(), []byte("not json"), 0o600)
	o, _ = Open(s.Path())
	o.Remember("x")
	if raw, err := os.ReadFile(s.Path() + ".bad2"); err != nil || string(raw) != "not json" {
		t.Errorf("second copy: %q %v", raw, err)
	}
}

func TestAFileFromANewerFolioIsNotWrittenOver(t *testing.T) {
	s := tempStore(t)
	newer := `{"version":7,"history":["x"]}`
	testutil.WriteFile(t, s.Path(), newer)
	o, err := Open(s.Path())
	var de *DamagedError
	if !errors.As(err, &de) {
		t.Fatalf("error %v", err)
	}
	o.Remember("y")
	if raw, _ := os.ReadFile(s.Path() + ".bad"); string(raw) != newer {
		t.Errorf("the newer file was not kept: %q", raw)
	}
}

func TestAFailedWriteChangesNothingShown(t *testing.T) {
	if runtime.GOOS == "windows" || os.Getuid() == 0 {
		t.Skip("needs a folder that cannot be written")
	}
	s := tempStore(t)
	s.Remember("kept")
	dir := filepath.Dir(s.Path())
	os.Chmod(dir, 0o500)
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	err := s.Remember("lost")
	if err == nil || !strings.Contains(err.Error(), "save searches") {
		t.Errorf("error %v", err)
	}
	if got := s.History(); !slices.Equal(got, []string{"kept"}) {
		t.Errorf("history %q after a failed write", got)
	}
}

func TestTheCursorWalksBackAndForwardToTheEmptyField(t *testing.T) {
	c := NewCursor([]string{"c", "b", "a"})
	var got []string
	for {
		q, ok := c.Back()
		if !ok {
			break
		}
		got = append(got, q)
	}
	for {
		q, ok := c.Forward()
		if !ok {
			break
		}
		got = append(got, q)
	}
	if want := []string{"c", "b", "a", "b", "c", ""}; !slices.Equal(got, want) {
		t.Errorf("walk %q, want %q", got, want)
	}
	if _, ok := NewCursor(nil).Back(); ok {
		t.Error("an empty history walked back")
	}
}

func TestTheWalkerStartsInAnEmptyFieldAndEndsOnAnEdit(t *testing.T) {
	w := &Walker{History: func() []string { return []string{"new", "old"} }}
	step := func(field string, back bool) string {
		q, moved, handled := w.Step(field, back)
		return fmt.Sprintf("%s %v %v", q, moved, handled)
	}
	got := []string{
		step("typed", true), // not empty: the results' key
		step("", false),     // Down in the empty field: the results'
		step("", true),      // → new
		step("new", true),   // → old
		step("old", true),   // the oldest: stays, handled
		step("old", false),  // → new
		step("new", false),  // → empty
		step("", false),     // the empty field: the results'
		step("", true),      // → new again
		step("edited", true),
	}
	want := []string{" false false", " false false", "new true true", "old true true", " false true", "new true true", " true true", " false false", "new true true", " false false"}
	if !slices.Equal(got, want) {
		t.Errorf("steps\n%q\nwant\n%q", got, want)
	}
}
