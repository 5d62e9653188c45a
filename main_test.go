package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The test binary is the real program (built with cgo and the GLFW driver
// when the window is linked in); run it as a child process the way a user
// would run folio.
func TestMain(m *testing.M) {
	if os.Getenv("FOLIO_RUN_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

func TestBinaryChunksAFile(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "note.md")
	if err := os.WriteFile(f, []byte("# Note\n\nHello world.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "chunks", "--json", f)
	cmd.Env = append(os.Environ(), "FOLIO_RUN_MAIN=1", "XDG_CONFIG_HOME="+dir, "XDG_CACHE_HOME="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("folio chunks: %v", err)
	}
	if !strings.Contains(string(out), `"text":"Hello world."`) || !strings.Contains(string(out), `"start_line":3`) {
		t.Errorf("output %s", out)
	}
}
