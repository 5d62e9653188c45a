package app

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"folio/app/plainlocale" // quiets Fyne under the C locale, as in main
	"folio/index"
	"folio/internal/testutil"
)

// TestMain lets a test run Folio as a real process (the test binary with
// FOLIO_TEST_MAIN=1 is folio), so kills, signals, concurrent processes and
// other users can be tested.
func TestMain(m *testing.M) {
	if os.Getenv("FOLIO_TEST_MAIN") == "1" {
		plainlocale.Restore()
		os.Exit(Main(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// folioCmd is a folio process with a private config and cache folder.
func folioCmd(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "FOLIO_TEST_MAIN=1", "XDG_CONFIG_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir(), "FOLIO_DB=")
	return cmd
}

func fileSum(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", data)
}

func TestSampleIsNeverWrittenIntoAUserFolder(t *testing.T) {
	cache := testutil.TempEnv(t, "XDG_CACHE_HOME")[0]
	// The reported case: a folder called sample beside the library.
	d := t.TempDir()
	mine := filepath.Join(d, "sample", "welcome.md")
	testutil.WriteFile(t, mine, "# mine MYOWNWORD\n")
	ix, err := index.Open(filepath.Join(d, "library.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if err := installSample(ix); err != nil {
		t.Fatal(err)
	}
	if got := fileSum(t, mine); got != fmt.Sprintf("%x", "# mine MYOWNWORD\n") {
		t.Error("the user's welcome.md was changed")
	}
	folders, err := ix.Folders(context.Background())
	if err != nil || len(folders) != 1 || !folders[0].Sample || folders[0].Path != filepath.Join(cache, "folio", "sample") {
		t.Fatalf("sample folder: %+v %v", folders, err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(mine)); len(entries) != 1 {
		t.Errorf("files were written beside the user's: %v", entries)
	}
	// A file of the sample the user edited is never overwritten, and a
	// deleted sample folder is written again (it is Folio's own).
	edited := filepath.Join(folders[0].Path, "clinical-fever.md")
	if err := os.WriteFile(edited, []byte("# my edit\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeSample(folders[0].Path); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(edited); string(data) != "# my edit\n" {
		t.Error("an edited sample file was overwritten")
	}
	if err := os.RemoveAll(folders[0].Path); err != nil {
		t.Fatal(err)
	}
	if err := installSample(ix); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(edited); err != nil {
		t.Errorf("the deleted sample folder was not written again: %v", err)
	}
	if folders, _ := ix.Folders(context.Background()); len(folders) != 1 {
		t.Errorf("the sample was added twice: %+v", folders)
	}
}

func TestSampleRefusesAFolderThatIsNotFolios(t *testing.T) {
	cache := testutil.TempEnv(t, "XDG_CACHE_HOME")[0]
	theirs := filepath.Join(cache, "folio", "sample")
	testutil.WriteFile(t, filepath.Join(theirs, "handbook-leave.md"), "theirs")
	ix, err := index.Open(filepath.Join(t.TempDir(), "library.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	err = installSample(ix)
	if err == nil || !strings.Contains(err.Error(), "not Folio's") {
		t.Errorf("install into a folder Folio did not make: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(theirs, "handbook-leave.md")); string(data) != "theirs" {
		t.Error("a file in a folder that is not Folio's was overwritten")
	}
	if entries, _ := os.ReadDir(theirs); len(entries) != 1 {
		t.Errorf("files were written into a folder that is not Folio's: %v", entries)
	}
	if folders, _ := ix.Folders(context.Background()); len(folders) != 0 {
		t.Errorf("the folder was added: %+v", folders)
	}
}

func newLibraryWith(t *testing.T, files map[string]string) (db, dir string) {
	t.Helper()
	db = filepath.Join(t.TempDir(), "lib.db")
	dir = testutil.WriteFolder(t, files)
	if out, errOut, code := runCLI(t, "add", "--db", db, dir); code != exitOK {
		t.Fatalf("add: %d %q %q", code, out, errOut)
	}
	return db, dir
}

func TestSearchTakesFlagsFirstAndTheRestAsTheQuery(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{
		"adult.md": "# Fever in adults\n\nFever treatment for grown-ups.\n",
		"child.md": "# Fever in a child\n\nFever in a child needs care.\n",
	})
	for _, args := range [][]string{
		{"search", "--db", db, "fever", "-child"},
		{"search", "--db", db, "--", "fever", "-child"},
		{"search", "--db", db, "--limit", "5", "fever", "-child"},
	} {
		out, errOut, code := runCLI(t, args...)
		if code != exitOK || !strings.Contains(out, "adult.md") || strings.Contains(out, "child.md") || !strings.Contains(out, "1 result") {
			t.Errorf("%q: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	// A word that looks like a flag after the first word is query text too.
	if out, errOut, code := runCLI(t, "search", "--db", db, "fever", "--json"); code != exitOK || strings.HasPrefix(out, "{") {
		t.Errorf("--json after the query: exit %d %q %q", code, out, errOut)
	}
}

func TestCommandsThatReadNeverCreateOrChangeALibrary(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nowhere", "lib.db")
	for _, cmd := range []string{"search", "folders", "stats", "health", "scan", "remove", "check"} {
		args := []string{cmd, "--db", missing}
		switch cmd {
		case "search":
			args = append(args, "fever")
		case "remove":
			args = append(args, dir)
		}
		_, errOut, code := runCLI(t, args...)
		if code != exitError || !strings.Contains(errOut, "no library here") {
			t.Errorf("%s on a missing library: exit %d %q", cmd, code, errOut)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a library was created: %v", entries)
	}
	// Another program's database is left exactly as it was.
	other := filepath.Join(dir, "o.sqlite")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE contacts(n)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before := fileSum(t, other)
	for _, args := range [][]string{{"search", "--db", other, "fever"}, {"add", "--db", other, dir}, {"folders", "--db", other}} {
		_, errOut, code := runCLI(t, args...)
		if code != exitError || !strings.Contains(errOut, "not a Folio library") {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
	if fileSum(t, other) != before {
		t.Error("another program's database was changed")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files appeared beside it: %v", entries)
	}
}

func TestScanOfAnOfflineFolderKeepsItAndFails(t *testing.T) {
	db, dir := newLibraryWith(t, map[string]string{"a.md": "# A\n\nunplugged words\n"})
	if err := os.Rename(dir, dir+".off"); err != nil {
		t.Fatal(err)
	}
	defer os.Rename(dir+".off", dir)
	out, errOut, code := runCLI(t, "scan", "--db", db)
	if code != exitError || !strings.Contains(out, "0 removed") || !strings.Contains(out, "offline "+dir) || !strings.Contains(errOut, "could not be read") {
		t.Errorf("scan: exit %d\n%s%s", code, out, errOut)
	}
	out, _, _ = runCLI(t, "folders", "--db", db)
	if !strings.Contains(out, "offline: not found") || !strings.Contains(out, "1 document") {
		t.Errorf("folders: %s", out)
	}
	out, _, code = runCLI(t, "search", "--db", db, "unplugged")
	if code != exitOK || !strings.Contains(out, "offline folder") {
		t.Errorf("search: %d %s", code, out)
	}
	out, _, _ = runCLI(t, "search", "--db", db, "--json", "unplugged")
	if !strings.Contains(out, `"offline":true`) {
		t.Errorf("json: %s", out)
	}
}

func TestWithoutADisplayTheWindowExplainsAndCreatesNothing(t *testing.T) {
	config, cache := testutil.TempConfig(t)
	t.Setenv("FOLIO_DB", "")
	db := filepath.Join(t.TempDir(), "lib.db")
	for _, display := range []string{"", ":97", "nonsense"} {
		t.Setenv("DISPLAY", display)
		t.Setenv("WAYLAND_DISPLAY", "")
		cmd := folioCmd(t, "--db", db)
		cmd.Env = append(cmd.Env, "DISPLAY="+display, "XDG_CONFIG_HOME="+config, "XDG_CACHE_HOME="+cache)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitError {
			t.Errorf("DISPLAY=%q: %v", display, err)
		}
		msg := errOut.String()
		if !strings.Contains(msg, "no display found") || !strings.Contains(msg, "folio search") || strings.Contains(msg, "goroutine") || strings.Count(msg, "\n") > 2 {
			t.Errorf("DISPLAY=%q: stderr %q", display, msg)
		}
	}
	for _, d := range []string{config, cache, filepath.Dir(db)} {
		if entries, _ := os.ReadDir(d); len(entries) != 0 {
			t.Errorf("%s: created %v", d, entries)
		}
	}
}

func TestCheckCommand(t *testing.T) {
	db, _ := newLibraryWith(t, map[string]string{"a.md": "# A\n\nalpha\n"})
	out, errOut, code := runCLI(t, "check", "--db", db)
	if code != exitOK || !strings.Contains(out, "no damage found") {
		t.Errorf("check: %d %q %q", code, out, errOut)
	}
}

// manyNotes writes n notes into a new folder.
func manyNotes(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%20))
		if i < 20 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		text := fmt.Sprintf("# Note %d\n\n## Part\n\nshared word and words of note %d. %s\n", i, i, strings.Repeat("Some filler sentence here. ", 30))
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("n%05d.md", i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// consistent opens the library the way the next session would and checks it.
func consistent(t *testing.T, db string) *index.Index {
	t.Helper()
	ix, err := index.Open(db)
	if err != nil {
		t.Fatalf("reopen after a kill: %v", err)
	}
	if err := ix.CheckUnclean(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := ix.IntegrityCheck(context.Background()); err != nil {
		t.Fatalf("after a kill: %v", err)
	}
	return ix
}

func TestKilledProcessesLeaveAConsistentLibrary(t *testing.T) {
	notes := manyNotes(t, 1500)
	db := filepath.Join(t.TempDir(), "lib.db")
	rng := rand.New(rand.NewSource(1))
	kills := 0
	for round := 0; round < 8; round++ {
		args := []string{"add", "--db", db, notes}
		switch round % 4 {
		case 1:
			args = []string{"scan", "--db", db}
		case 2:
			args = []string{"remove", "--db", db, notes}
		}
		cmd := folioCmd(t, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(50+rng.Intn(400)) * time.Millisecond)
		if cmd.Process.Signal(syscall.SIGKILL) == nil {
			kills++
		}
		cmd.Wait()
		ix := consistent(t, db)
		// Touch some files so a scan has work to do.
		if round%2 == 0 {
			later := time.Now().Add(time.Duration(round+1) * time.Second)
			for i := 0; i < 1500; i += 7 {
				os.Chtimes(filepath.Join(notes, fmt.Sprintf("d%02d", i%20), fmt.Sprintf("n%05d.md", i)), later, later)
			}
		}
		ix.Close()
	}
	// Whatever was interrupted, the next add completes the library.
	if out, errOut, code := runCLI(t, "add", "--db", db, notes); code != exitOK {
		t.Fatalf("add after kills: %d %s %s", code, out, errOut)
	}
	ix := consistent(t, db)
	defer ix.Close()
	if st, err := ix.Stats(context.Background()); err != nil || st.Documents != 1500 {
		t.Errorf("after %d kills and a final add: %v %d of 1500 notes indexed", kills, err, st.Documents)
	}
}

func TestCtrlCKeepsWhatWasFinished(t *testing.T) {
	notes := manyNotes(t, 3000)
	db := filepath.Join(t.TempDir(), "lib.db")
	cmd := folioCmd(t, "add", "--db", db, notes)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after Ctrl+C: %v\n%s", err, out.String())
	}
	ix := consistent(t, db)
	defer ix.Close()
	indexed := func() int {
		st, err := ix.Stats(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return st.Documents
	}
	if r, err := ix.Search(context.Background(), "shared", index.SearchOptions{}); err != nil || (indexed() > 0 && r.Total == 0) {
		t.Errorf("what was finished is not searchable: %v", err)
	}
	if strings.Contains(out.String(), "cancelled") {
		// Whatever was finished stayed (the library is consistent, above);
		// the next scan completes the rest.
		if _, _, code := runCLI(t, "scan", "--db", db); code != exitOK {
			t.Fatalf("scan after Ctrl+C: %d", code)
		}
		if n := indexed(); n != 3000 {
			t.Errorf("after the scan: %d of 3000", n)
		}
	} else if n := indexed(); n != 3000 {
		t.Errorf("finished before Ctrl+C, but %d of 3000 are indexed: %s", n, out.String())
	}
}

func TestTwoProcessesAddingAtOnce(t *testing.T) {
	notes := manyNotes(t, 200)
	other := manyNotes(t, 50)
	for round := 0; round < 10; round++ {
		db := filepath.Join(t.TempDir(), "lib.db")
		var wg sync.WaitGroup
		results := make([]string, 3)
		for i, dir := range []string{notes, notes, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cmd := folioCmd(t, "add", "--db", db, dir)
				out, err := cmd.CombinedOutput()
				if err != nil {
					results[i] = fmt.Sprintf("%v: %s", err, out)
				}
			}()
		}
		wg.Wait()
		for _, r := range results {
			if r != "" {
				t.Errorf("round %d: %s", round, r)
			}
		}
		ix := consistent(t, db)
		st, err := ix.Stats(context.Background())
		if err != nil || st.Folders != 2 || st.Documents != 250 {
			t.Errorf("round %d: %+v %v", round, st, err)
		}
		ix.Close()
	}
}
