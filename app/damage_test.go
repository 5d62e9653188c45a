package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// damagedLibraries builds a library of 200 notes and returns one copy per
// page of it with 64 bytes of that page overwritten, and the notes' folder.
func damagedLibraries(t *testing.T) (dbs []string, dir string) {
	t.Helper()
	files := map[string]string{}
	for i := 0; i < 200; i++ {
		files[fmt.Sprintf("f%03d.md", i)] = fmt.Sprintf("# Note %d\n\n%s\n", i, strings.Repeat("damaged pages test words ", 30))
	}
	db, dir := newLibraryWith(t, files)
	orig, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	tmp := t.TempDir()
	for pg := 1; pg < len(orig)/page; pg++ {
		b := bytes.Clone(orig)
		copy(b[pg*page+100:], bytes.Repeat([]byte{0xA5}, 64))
		p := filepath.Join(tmp, fmt.Sprintf("page%d.db", pg))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		dbs = append(dbs, p)
	}
	return dbs, dir
}

func saysDamaged(errOut string) bool {
	return strings.Contains(errOut, "damaged") && strings.Contains(errOut, "untouched") && !strings.Contains(errOut, "read-only")
}

// Whatever page is damaged, add and scan fail as check does.
func TestAddAndScanFailOnALibraryCheckCallsDamaged(t *testing.T) {
	dbs, dir := damagedLibraries(t)
	damaged := 0
	for _, db := range dbs {
		if _, _, code := runCLI(t, "check", "--db", db); code != exitError {
			continue
		}
		damaged++
		for _, args := range [][]string{{"add", "--db", db, dir}, {"scan", "--db", db}} {
			out, errOut, code := runCLI(t, args...)
			if code != exitError || !saysDamaged(errOut) {
				t.Errorf("%s on %s: exit %d\n%s%s", args[0], filepath.Base(db), code, out, errOut)
			}
		}
	}
	if damaged == 0 {
		t.Fatal("no page damaged the library")
	}
}

// A cut-off file is damaged, not read-only, to search and stats too.
func TestTruncatedLibraryIsDamagedNotReadOnly(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{"a.md": "# A\n\n" + strings.Repeat("alpha words here. ", 2000) + "\n"})
	info, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(db, info.Size()/2); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"search", "--db", db, "alpha"}, {"stats", "--db", db}, {"folders", "--db", db}, {"add", "--db", db, t.TempDir()}} {
		out, errOut, code := runCLI(t, args...)
		if code != exitError || !saysDamaged(errOut) {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
	}
}
