// Package instance keeps one Folio window per library: the first process
// to open a library listens on a Unix socket of its own (in a folder only
// the user can read), and a second `folio NOTE.md` on the same library
// hands its paths to it and exits instead of opening another window and
// another writer. A local socket file, never the network; it works on
// Linux, macOS and Windows 10 and later (AF_UNIX).
package instance

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// maxMessage bounds what a connection may send: a few thousand paths.
const maxMessage = 1 << 20

// message is what a second process sends: the paths to open, absolute.
type message struct {
	Paths []string `json:"paths"`
}

// SocketPath is the socket of the window on the library at dbPath: in
// XDG_RUNTIME_DIR when set (a tmpfs only the user reads), else the user's
// cache folder. The library's path is hashed into the name, so each
// library has its own window and the name stays short (sockets take about
// 100 bytes of path).
func SocketPath(dbPath string) (string, error) {
	abs, err := filepath.Abs(dbPath)
	if err != nil {
		return "", fmt.Errorf("window socket: %w", err)
	}
	dir := os.Getenv("XDG_RUNTIME_DIR")
	if dir == "" {
		if dir, err = os.UserCacheDir(); err != nil {
			return "", fmt.Errorf("window socket: %w", err)
		}
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(dir, "folio", "w-"+hex.EncodeToString(sum[:8])+".sock"), nil
}

// Server is the listening first window.
type Server struct {
	ln   net.Listener
	path string
	wg   sync.WaitGroup
	once sync.Once
}

// ErrRunning means another window has the library: Hand gave it the paths.
var ErrRunning = errors.New("Folio is already open on this library")

// Claim makes this process the library's window, or hands paths to the
// window that is. It returns a Server to Serve on, or ErrRunning after the
// running window took the paths. A socket left by a window that crashed
// is taken over. Any other failure (no socket support, a read-only cache)
// is returned: the caller opens its window anyway, as before.
func Claim(dbPath string, paths []string) (*Server, error) {
	sock, err := SocketPath(dbPath)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(sock), 0o700); err != nil {
		return nil, fmt.Errorf("window socket: %w", err)
	}
	for try := 0; try < 2; try++ {
		ln, err := net.Listen("unix", sock)
		if err == nil {
			os.Chmod(sock, 0o600) // the folder is the guard; the file says so too
			return &Server{ln: ln, path: sock}, nil
		}
		// Taken: a running window answers, a crashed one's file does not.
		if herr := hand(sock, paths); herr == nil {
			return nil, ErrRunning
		} else if !isStale(herr) {
			return nil, fmt.Errorf("window socket %s: %w", sock, herr)
		}
		os.Remove(sock)
	}
	return nil, fmt.Errorf("window socket %s: could not be claimed", sock)
}

// isStale: nobody listens on the socket file.
func isStale(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// hand sends paths to the window listening on sock and waits for its "ok".
func hand(sock string, paths []string) error {
	c, err := net.DialTimeout("unix", sock, 2*time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if err := json.NewEncoder(c).Encode(message{Paths: paths}); err != nil {
		return fmt.Errorf("hand over: %w", err)
	}
	reply, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || reply != "ok\n" {
		return fmt.Errorf("hand over: the running window did not answer (%q, %v)", reply, err)
	}
	return nil
}

// Serve answers second processes until Close: each one's paths go to
// open (called on Serve's goroutine; it must hand them to the UI thread).
func (s *Server) Serve(open func(paths []string)) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := s.ln.Accept()
			if err != nil {
				return // closed
			}
			s.answer(c, open)
		}
	}()
}

func (s *Server) answer(c net.Conn, open func([]string)) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	var m message
	if err := json.NewDecoder(io.LimitReader(c, maxMessage)).Decode(&m); err != nil {
		return // not a Folio: nothing to do
	}
	var abs []string
	for _, p := range m.Paths {
		if filepath.IsAbs(p) {
			abs = append(abs, p) // the window checks each as it checks its own
		}
	}
	open(abs)
	io.WriteString(c, "ok\n")
}

// Close stops listening and removes the socket file.
func (s *Server) Close() {
	s.once.Do(func() {
		s.ln.Close()
		s.wg.Wait()
		os.Remove(s.path)
	})
}
