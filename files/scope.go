package files

import (
	"path"
	"path/filepath"
	"strings"
)

// Scope is the part of a folder a scan looks at: everything (nil), or
// these paths of it, slash separated and relative to its root (what a
// watcher saw change).
type Scope []string

// NewScope cleans the paths a scan is limited to; nil, or a path that is
// the root itself, is the whole folder.
func NewScope(only []string) Scope {
	if only == nil {
		return nil
	}
	out := Scope{}
	for _, p := range only {
		p = strings.Trim(path.Clean("/"+filepath.ToSlash(p)), "/")
		if p == "" {
			return nil // the root: everything
		}
		out = append(out, p)
	}
	return out
}

// holds reports whether rel is one of the scope's paths or under one.
func (s Scope) holds(rel string) bool {
	if s == nil {
		return true
	}
	for _, p := range s {
		if rel == p || strings.HasPrefix(rel, p+"/") {
			return true
		}
	}
	return false
}

// leadsTo reports whether the folder rel must be entered to reach the
// scope: it is in it, or one of its paths is under rel.
func (s Scope) leadsTo(rel string) bool {
	if s.holds(rel) {
		return true
	}
	for _, p := range s {
		if strings.HasPrefix(p, rel+"/") {
			return true
		}
	}
	return false
}
