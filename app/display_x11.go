//go:build (linux || freebsd || openbsd || netbsd) && !ci

package app

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// displayAvailable checks, before Fyne's GLFW driver panics on it, that an
// X display is set and answers. The connection is the one the window would
// make anyway; it is closed at once.
func displayAvailable() error {
	d := os.Getenv("DISPLAY")
	if d == "" {
		return errors.New("no display found (DISPLAY is not set)")
	}
	host, rest, ok := strings.Cut(d, ":")
	if !ok {
		return fmt.Errorf("no display found (DISPLAY=%q is not of the form host:number)", d)
	}
	num, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(num)
	if err != nil {
		return fmt.Errorf("no display found (DISPLAY=%q is not of the form host:number)", d)
	}
	var conn net.Conn
	if host == "" || host == "unix" {
		sock := "/tmp/.X11-unix/X" + num
		if conn, err = net.DialTimeout("unix", sock, 2*time.Second); err != nil {
			conn, err = net.DialTimeout("unix", "@"+sock, 2*time.Second) // Linux abstract socket
		}
	} else {
		conn, err = net.DialTimeout("tcp", net.JoinHostPort(host, strconv.Itoa(6000+n)), 2*time.Second)
	}
	if err != nil {
		return fmt.Errorf("no display found (DISPLAY=%s does not answer)", d)
	}
	conn.Close()
	return nil
}
