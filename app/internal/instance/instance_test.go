package instance

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"folio/internal/testutil"
)

func TestASecondFolioHandsItsPathsToTheFirst(t *testing.T) {
	testutil.TempEnv(t, "XDG_RUNTIME_DIR", "XDG_CACHE_HOME")
	db := filepath.Join(t.TempDir(), "library.db")
	first, err := Claim(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan []string, 1)
	first.Serve(func(p []string) { got <- p })
	note := filepath.Join(t.TempDir(), "note.md")
	if _, err := Claim(db, []string{note, "relative.md"}); !errors.Is(err, ErrRunning) {
		t.Fatalf("second Claim: %v, want ErrRunning", err)
	}
	select {
	case p := <-got:
		if !slices.Equal(p, []string{note}) {
			t.Errorf("the first window was given %q, want the absolute path only", p)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first window was given nothing")
	}
	// Another library has its own window.
	other, err := Claim(filepath.Join(t.TempDir(), "other.db"), nil)
	if err != nil {
		t.Fatalf("another library: %v", err)
	}
	other.Close()
	first.Close()
	// Once the first is closed, the next one is the window.
	again, err := Claim(db, nil)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	again.Close()
}

func TestASocketLeftByACrashIsTakenOver(t *testing.T) {
	testutil.TempEnv(t, "XDG_RUNTIME_DIR", "XDG_CACHE_HOME")
	db := filepath.Join(t.TempDir(), "library.db")
	sock, err := SocketPath(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(sock), 0o700); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false) // as a killed process leaves it
	ln.Close()
	if _, err := os.Stat(sock); err != nil {
		t.Fatalf("the stale socket is not there: %v", err)
	}
	s, err := Claim(db, nil)
	if err != nil {
		t.Fatalf("a stale socket blocked the window: %v", err)
	}
	s.Close()
	if fi, err := os.Stat(filepath.Dir(sock)); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("socket folder %v %v: only the user may reach it", fi.Mode(), err)
	}
}

func TestNotAFolioIsIgnored(t *testing.T) {
	testutil.TempEnv(t, "XDG_RUNTIME_DIR", "XDG_CACHE_HOME")
	db := filepath.Join(t.TempDir(), "library.db")
	s, err := Claim(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	called := make(chan bool, 1)
	s.Serve(func([]string) { called <- true })
	c, err := net.Dial("unix", s.path)
	if err != nil {
		t.Fatal(err)
	}
	c.Write([]byte("GET / HTTP/1.0\r\n\r\n"))
	c.Close()
	// A real hand-over still works after it.
	if _, err := Claim(db, nil); !errors.Is(err, ErrRunning) {
		t.Fatalf("after garbage: %v", err)
	}
	select {
	case <-called:
	case <-time.After(10 * time.Second):
		t.Fatal("the hand-over after garbage was not served")
	}
}
