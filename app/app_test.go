package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(&env{stdout: &out, stderr: &errOut}, args)
	return out.String(), errOut.String(), code
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestChunksPrintsChunksAndReport(t *testing.T) {
	f := writeFile(t, "dose.md", "# Dosing\n\n## Children\n\nGive 15 mg/kg. Wait four hours.\n\n| Drug | Dose |\n|---|---|\n| A | 1 |\n")
	out, errOut, code := runCLI(t, "chunks", f, "--max", "700")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"1 chunk,", "table", "lines 5-9", "Dosing > Children", "defects  0", "coverage", "0 lost"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestChunksJSONIsOneObjectPerLine(t *testing.T) {
	f := writeFile(t, "a.md", "# A\n\nFirst section.\n\n# B\n\nSecond section.\n")
	out, _, code := runCLI(t, "chunks", "--json", f)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines: %q", len(lines), out)
	}
	var c struct {
		ID        string   `json:"id"`
		Source    string   `json:"source"`
		Ordinal   int      `json:"ordinal"`
		Kind      string   `json:"kind"`
		Path      []string `json:"path"`
		Title     string   `json:"title"`
		Section   string   `json:"section"`
		StartLine int      `json:"start_line"`
		EndLine   int      `json:"end_line"`
		Text      string   `json:"text"`
	}
	if err := json.Unmarshal([]byte(lines[1]), &c); err != nil {
		t.Fatal(err)
	}
	if c.Ordinal != 1 || c.Path[0] != "B" || c.StartLine != 7 || c.Text != "Second section." || c.Title != "A" || c.Kind != "prose" || c.ID == "" || c.Section == "" {
		t.Errorf("chunk %+v", c)
	}
}

func TestChunksBadInputIsReportedAndOthersGoOn(t *testing.T) {
	good := writeFile(t, "good.md", "Text.\n")
	binary := writeFile(t, "bin.md", "a\x00b")
	out, errOut, code := runCLI(t, "chunks", filepath.Join(t.TempDir(), "missing.md"), binary, good)
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	if !strings.Contains(errOut, "missing.md") || !strings.Contains(errOut, "binary") || !strings.Contains(out, "good.md: 1 chunk") {
		t.Errorf("stdout %q stderr %q", out, errOut)
	}
	if _, _, code := runCLI(t, "chunks"); code != exitError {
		t.Errorf("no files: exit %d", code)
	}
	if _, _, code := runCLI(t, "chunks", "--max", "0", good); code != exitError {
		t.Errorf("max 0: exit %d", code)
	}
	if _, _, code := runCLI(t, "nonsense"); code != exitError {
		t.Errorf("unknown command: exit %d", code)
	}
}

func TestChunksFixedBaseline(t *testing.T) {
	f := writeFile(t, "a.md", strings.Repeat("abcdefghij", 10))
	out, _, code := runCLI(t, "chunks", "--fixed", "40", f)
	if code != exitOK || !strings.Contains(out, "3 chunks") {
		t.Errorf("exit %d: %s", code, out)
	}
}
