package files

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestWhatScansLeaveOut(t *testing.T) {
	for name, want := range map[string]string{
		".git": "hidden folder", ".obsidian": "hidden folder", "node_modules": "installed packages (node_modules)",
		"notes": "", "node_modules2": "", "a.b": "",
	} {
		if got := LeftOutFolder(name); got != want {
			t.Errorf("LeftOutFolder(%q) = %q, want %q", name, got, want)
		}
	}
	for rel, want := range map[string]bool{
		"a.md": false, "sub/a.md": false, ".a.md": true, "sub/.a.md": true,
		".git/x.md": true, "p/node_modules/x/README.md": true, "node_modules": true,
	} {
		if got := LeftOut(rel); got != want {
			t.Errorf("LeftOut(%q) = %v, want %v", rel, got, want)
		}
	}
	for name, want := range map[string]bool{"a.md": true, "A.MD": true, "b.markdown": true, "c.mdx": true, "d.txt": false, "md": false} {
		if got := IsMarkdown(name); got != want {
			t.Errorf("IsMarkdown(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestScope(t *testing.T) {
	if NewScope(nil) != nil || NewScope([]string{"a.md", "/"}) != nil {
		t.Error("no paths, or the root among them, is not the whole folder")
	}
	s := NewScope([]string{"sub/new/", "./a.md"})
	if !reflect.DeepEqual(s, Scope{"sub/new", "a.md"}) {
		t.Fatalf("NewScope = %q", s)
	}
	for rel, want := range map[string]bool{"a.md": true, "sub/new": true, "sub/new/d.md": true, "sub": false, "sub/newer": false, "b.md": false} {
		if got := s.holds(rel); got != want {
			t.Errorf("holds(%q) = %v, want %v", rel, got, want)
		}
	}
	for rel, want := range map[string]bool{"sub": true, "sub/new": true, "other": false, "su": false} {
		if got := s.leadsTo(rel); got != want {
			t.Errorf("leadsTo(%q) = %v, want %v", rel, got, want)
		}
	}
}

func TestWalkListsNotesAndSaysWhatItLeftOut(t *testing.T) {
	dir := t.TempDir()
	for rel, text := range map[string]string{
		"a.md": "a", "sub/b.markdown": "b", "notes.txt": "t", ".hidden.md": "h",
		".obsidian/x.md": "x", "node_modules/p/README.md": "p",
	} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := Walk(context.Background(), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, f := range l.Files {
		found = append(found, f.Rel)
	}
	sort.Strings(found)
	if !reflect.DeepEqual(found, []string{"a.md", "sub/b.markdown"}) {
		t.Errorf("found %q", found)
	}
	skips := map[string]string{}
	for _, s := range l.Skips {
		skips[s.Path] = s.Reason
	}
	want := map[string]string{".hidden.md": "hidden file", ".obsidian": "hidden folder", "node_modules": "installed packages (node_modules)"}
	if !reflect.DeepEqual(skips, want) {
		t.Errorf("skips %q, want %q", skips, want)
	}
	if l.Entries != 6 {
		t.Errorf("%d entries in the root, want 6", l.Entries)
	}
	if _, err := Walk(context.Background(), filepath.Join(dir, "missing"), nil); !errors.Is(err, ErrFolderOffline) || !strings.Contains(err.Error(), "not found") {
		t.Errorf("a missing root: %v", err)
	}
}

func TestReadRegularRefusesAFolder(t *testing.T) {
	if _, err := ReadRegular(t.TempDir()); err == nil || err.Error() != "not a regular file" {
		t.Errorf("reading a folder: %v", err)
	}
}
