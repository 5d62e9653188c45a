package app

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"folio/internal/testutil"
)

// guiCall is what the window would have been opened with.
type guiCall struct {
	db    string
	paths []string
}

// fakeGUI records the windows run would open instead of opening them.
func fakeGUI(t *testing.T) *[]guiCall {
	t.Helper()
	var calls []guiCall
	saved := openGUI
	openGUI = func(_ *env, db string, paths []string) int {
		calls = append(calls, guiCall{db, paths})
		return exitOK
	}
	t.Cleanup(func() { openGUI = saved })
	return &calls
}

// `folio [--db FILE] PATH...` opens the window on existing folders and
// Markdown files, made absolute; anything else is refused on the terminal
// with exit 2 and no window.
func TestPathsOpenTheWindowOnlyWhenTheyAreThere(t *testing.T) {
	calls := fakeGUI(t)
	dir := testutil.WriteFolder(t, map[string]string{"notes/a.md": "# A\n", "notes/B.Markdown": "# B\n", "list.txt": "x"})
	t.Chdir(dir)
	missing := filepath.Join(dir, "gone.md")

	for _, c := range []struct {
		args    []string
		stderr  []string // each must appear
		usage   bool
		checked string // a name that must not be reported
	}{
		{args: []string{missing}, stderr: []string{"folio: " + missing + ": no such file or folder\n"}},
		{args: []string{"--db", "lib.db", "notes", "list.txt"}, stderr: []string{"folio: list.txt is not a folder or a Markdown file (.md, .markdown, .mdx)\n"}, checked: "notes"},
		{args: []string{"notes/a.md", "notes/nope.md", "nope"}, stderr: []string{"folio: notes/nope.md: no such file or folder\n", "folio: nope: no such file or folder\n"}, checked: "a.md"},
		{args: []string{"nonsense"}, stderr: []string{`unknown command "nonsense"`, "no file or folder of that name"}, usage: true},
		{args: []string{"--db", "lib.db", "search", "fever"}, stderr: []string{`"search" is a command: give --db after it`}},
		{args: []string{"--frobnicate"}, stderr: []string{`unknown command or option "--frobnicate"`}, usage: true},
		{args: []string{"notes", "--db"}, stderr: []string{"--db needs a library FILE"}, usage: true},
	} {
		out, errOut, code := runCLI(t, c.args...)
		if code != exitError || out != "" {
			t.Errorf("%q: exit %d, stdout %q", c.args, code, out)
		}
		for _, want := range c.stderr {
			if !strings.Contains(errOut, want) {
				t.Errorf("%q: stderr %q lacks %q", c.args, errOut, want)
			}
		}
		if got := strings.Contains(errOut, "Usage: folio [--db FILE] [FOLDER|FILE.md ...]"); got != c.usage {
			t.Errorf("%q: usage shown %v, want %v", c.args, got, c.usage)
		}
		if c.checked != "" && strings.Contains(errOut, c.checked) {
			t.Errorf("%q: a good path reported: %q", c.args, errOut)
		}
	}
	if len(*calls) != 0 {
		t.Fatalf("a window opened for refused arguments: %+v", *calls)
	}

	for _, c := range []struct {
		args []string
		want guiCall
	}{
		{nil, guiCall{"", nil}},
		{[]string{"--db", "lib.db"}, guiCall{"lib.db", nil}},
		{[]string{"notes"}, guiCall{"", []string{filepath.Join(dir, "notes")}}},
		{[]string{"--db=lib.db", "notes/a.md", filepath.Join(dir, "notes", "B.Markdown")},
			guiCall{"lib.db", []string{filepath.Join(dir, "notes", "a.md"), filepath.Join(dir, "notes", "B.Markdown")}}},
		{[]string{"--", "notes"}, guiCall{"", []string{filepath.Join(dir, "notes")}}},
	} {
		*calls = nil
		_, errOut, code := runCLI(t, c.args...)
		if code != exitOK || errOut != "" || len(*calls) != 1 || !reflect.DeepEqual((*calls)[0], c.want) {
			t.Errorf("%q: exit %d, stderr %q, windows %+v, want %+v", c.args, code, errOut, *calls, c.want)
		}
	}
}
