package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"folio/index/snippet"
)

// hostile holds what a note may carry to take over a terminal: a clipboard
// write (OSC 52), clear screen, hidden text, a C1 CSI and a bidi override.
const hostile = "\x1b]52;c;ZXZpbA==\x07 \x1b[2J \x1b[8m \u009b31m \u202e \u2066 \x7f \r"

// terminalUnsafe names the first character of s a terminal would act on.
func terminalUnsafe(s string) (string, bool) {
	for i, w := 0, 0; i < len(s); i += w {
		r, n := utf8.DecodeRuneInString(s[i:])
		w = n
		bidi := (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
		if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7F || (r >= 0x80 && r <= 0x9F) || bidi || (r == utf8.RuneError && n == 1) {
			return s[max(0, i-20):min(len(s), i+20)], true
		}
	}
	return "", false
}

func TestNoteTextNeverReachesTheTerminalAsControls(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("FOLIO_DB", "")
	dir := filepath.Join(t.TempDir(), "notes"+hostile)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "dose"+hostile+".md")
	note := "# Fever " + hostile + " dose\n\n## Child " + hostile + "\n\nFever dose " + hostile + " is 15 mg.\n"
	if err := os.WriteFile(name, []byte(note), 0o644); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join(t.TempDir(), "g.jsonl")
	if err := os.WriteFile(golden, []byte(`{"q":"fever dose","answer":"no such answer"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "lib.db")
	for _, args := range [][]string{
		{"add", "--db", db, dir},
		{"scan", "--db", db},
		{"search", "--db", db, "fever", "dose"},
		{"search", "--db", db, "--explain", "fever"},
		{"search", "--db", db, "--json", "fever"},
		{"chunks", name},
		{"chunks", "--json", name},
		{"health", "--db", db},
		{"folders", "--db", db},
		{"stats", "--db", db},
		{"eval", "--verbose", "--corpus", dir, "--golden", golden},
		{"add", "--db", db, filepath.Join(dir, "missing"+hostile)},
		{"chunks", filepath.Join(dir, "missing"+hostile+".md")},
		{"search", "--db", db, "--folder", "x" + hostile, "fever"},
	} {
		out, errOut, _ := runCLI(t, args...)
		if bad, ok := terminalUnsafe(out); ok {
			t.Errorf("%s: stdout holds a control character: %q", args[0], bad)
		}
		if bad, ok := terminalUnsafe(errOut); ok {
			t.Errorf("%s: stderr holds a control character: %q", args[0], bad)
		}
	}
}

func TestJSONKeepsTheExactTextEscaped(t *testing.T) {
	var b strings.Builder
	w := jsonWriter(&b)
	w.Write([]byte(`{"h":"a` + hostile + `"}` + "\n"))
	if bad, ok := terminalUnsafe(b.String()); ok {
		t.Errorf("json holds %q", bad)
	}
	if !strings.Contains(b.String(), `\u202e`) || !strings.Contains(b.String(), `\u009b`) {
		t.Errorf("json lost the text: %s", b.String())
	}
}

func TestBoldMatchesKeepOnlyFolioEscapes(t *testing.T) {
	s := markSnippet(snippet.Snippet{Text: "fever " + hostile + " dose", Highlights: [][2]int{{0, 5}}}, true)
	rest := strings.NewReplacer("\033[1m", "", "\033[0m", "").Replace(s)
	if bad, ok := terminalUnsafe(rest); ok {
		t.Errorf("snippet holds %q", bad)
	}
}

func TestSplitCharacterAcrossWrites(t *testing.T) {
	var b strings.Builder
	w := &safeWriter{w: &b}
	e := []byte("é\u202e")
	for _, c := range e {
		w.Write([]byte{c})
	}
	if b.String() != "é\uFFFD" {
		t.Errorf("got %q", b.String())
	}
}
