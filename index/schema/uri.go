package schema

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
)

// URI turns a path into an SQLite URI that names exactly that file,
// whatever it contains: '?', '#' and '%' would otherwise start the query, a
// fragment or an escape, so every byte outside a small safe set is
// percent-encoded.
func URI(path string) string {
	p := filepath.ToSlash(path)
	if runtime.GOOS == "windows" && filepath.IsAbs(path) {
		p = "/" + p // file:///C:/...
	}
	const safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/:"
	var b strings.Builder
	b.WriteString("file:")
	if strings.HasPrefix(p, "/") {
		b.WriteString("//") // an empty authority: the path follows
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if strings.IndexByte(safe, c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// ConnParams are set on every connection, busy_timeout first (the driver
// applies it before anything else), so no statement fails at once because
// another process is writing. secure_delete overwrites deleted rows and
// freed pages with zeros; _txlock=immediate takes the write lock at BEGIN,
// so a transaction never fails halfway when another writer got there first.
const ConnParams = "_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=secure_delete(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
