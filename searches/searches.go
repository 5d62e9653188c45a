// Package searches keeps what a person searched: the last queries typed
// (the history) and the searches they named (saved searches). Both live in
// one small JSON file in the user's config folder, never in a note folder;
// the window and the command line share it.
package searches

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// MaxHistory is how many queries the history keeps.
const MaxHistory = 100

// Saved is a named search. Query carries its filters as they are typed
// (tag:policy folder:"My notes"), so a saved search reads as it ran.
type Saved struct {
	Name  string `json:"name"`
	Query string `json:"query"`
	Sort  string `json:"sort,omitempty"` // "" is by relevance
}

// The reasons a saved search cannot be stored, for a dialog to say in place.
var (
	ErrNameRequired  = errors.New("give the search a name")
	ErrNameTaken     = errors.New("a saved search already has that name")
	ErrQueryRequired = errors.New("there is nothing to save: type a query or choose a filter first")
	ErrNoSuchSearch  = errors.New("no saved search has that name")
)

// DamagedError is a searches file that could not be read. Nothing was
// written over it: the store starts empty, and its first write keeps the
// damaged file beside it under another name first.
type DamagedError struct {
	Path string
	Err  error
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("the search history and saved searches in %s could not be read (%v); Folio starts with none, and keeps that file beside the new one as %s.bad", e.Path, e.Err, filepath.Base(e.Path))
}

func (e *DamagedError) Unwrap() error { return e.Err }

// file is the JSON on disk.
type file struct {
	Version int `json:"version"`
	// KeepNone is "Keep no search history": nothing typed is remembered.
	KeepNone bool     `json:"keep_no_history,omitempty"`
	History  []string `json:"history"`
	Saved    []Saved  `json:"saved"`
}

// Store is the searches file, read once and written whole on each change.
// Its methods are safe for concurrent use.
type Store struct {
	path    string
	mu      sync.Mutex
	data    file
	damaged bool // the file on disk could not be read: keep it before writing
}

// DefaultPath is the user's config folder's folio/searches.json.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find config folder: %w", err)
	}
	return filepath.Join(dir, "folio", "searches.json"), nil
}

// Open reads the searches file at path. A missing file is an empty store.
// A damaged one gives an empty store and a *DamagedError: the caller says
// so, and may go on using the store.
func Open(path string) (*Store, error) {
	s := &Store{path: path}
	raw, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return s, nil
	case err != nil:
		return s, fmt.Errorf("read searches: %w", err)
	}
	if err := json.Unmarshal(raw, &s.data); err != nil {
		s.data = file{}
		s.damaged = true
		return s, &DamagedError{Path: path, Err: err}
	}
	if v := s.data.Version; v > 1 {
		s.damaged = true // a newer Folio's file: not ours to overwrite
		s.data = file{}
		return s, &DamagedError{Path: path, Err: fmt.Errorf("written by a newer Folio (version %d)", v)}
	}
	s.data.History = cleanHistory(s.data.History)
	return s, nil
}

// OpenDefault opens the store at DefaultPath.
func OpenDefault() (*Store, error) {
	p, err := DefaultPath()
	if err != nil {
		return &Store{}, err
	}
	return Open(p)
}

// Path is where the store is kept.
func (s *Store) Path() string { return s.path }

// cleanHistory drops empty and repeated entries and keeps MaxHistory.
func cleanHistory(h []string) []string {
	var out []string
	for _, q := range h {
		q = normal(q)
		if q != "" && !slices.Contains(out, q) {
			out = append(out, q)
		}
	}
	if len(out) > MaxHistory {
		out = out[:MaxHistory]
	}
	return out
}

// normal is a query as the history compares and keeps it: spaces around
// and between words do not make another query.
func normal(q string) string { return strings.Join(strings.Fields(q), " ") }

// History is the queries remembered, newest first.
func (s *Store) History() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.data.History)
}

// Remember puts q first in the history (once; an empty query is not kept,
// nor anything while KeepNone is set).
func (s *Store) Remember(q string) error {
	q = normal(q)
	s.mu.Lock()
	defer s.mu.Unlock()
	if q == "" || s.data.KeepNone || len(s.data.History) > 0 && s.data.History[0] == q {
		return nil
	}
	h := slices.DeleteFunc(slices.Clone(s.data.History), func(o string) bool { return o == q })
	h = append([]string{q}, h...)
	if len(h) > MaxHistory {
		h = h[:MaxHistory]
	}
	return s.change(func(d *file) { d.History = h })
}

// ClearHistory forgets every query.
func (s *Store) ClearHistory() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.change(func(d *file) { d.History = nil })
}

// KeepNone reports whether the history is off.
func (s *Store) KeepNone() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data.KeepNone
}

// SetKeepNone turns the history off (which also forgets it) or on again.
func (s *Store) SetKeepNone(none bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.change(func(d *file) {
		d.KeepNone = none
		if none {
			d.History = nil
		}
	})
}

// Saved is the saved searches in the order they were saved.
func (s *Store) Saved() []Saved {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.data.Saved)
}

// Find is the saved search named name (case does not matter).
func (s *Store) Find(name string) (Saved, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := s.find(name); i >= 0 {
		return s.data.Saved[i], true
	}
	return Saved{}, false
}

func (s *Store) find(name string) int {
	name = strings.TrimSpace(name)
	return slices.IndexFunc(s.data.Saved, func(o Saved) bool { return strings.EqualFold(o.Name, name) })
}

// CheckName says what is wrong with name for a new saved search (or for
// renaming the one named except), nil when nothing is.
func (s *Store) CheckName(name, except string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.checkName(name, except)
}

func (s *Store) checkName(name, except string) error {
	name = strings.TrimSpace(name)
	if name == "" {
		return ErrNameRequired
	}
	if i := s.find(name); i >= 0 && !strings.EqualFold(s.data.Saved[i].Name, strings.TrimSpace(except)) {
		return fmt.Errorf("%w (%q)", ErrNameTaken, s.data.Saved[i].Name)
	}
	return nil
}

// Add saves a search under a new name.
func (s *Store) Add(v Saved) error {
	v.Name, v.Query = strings.TrimSpace(v.Name), strings.TrimSpace(v.Query)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.checkName(v.Name, ""); err != nil {
		return err
	}
	if v.Query == "" {
		return ErrQueryRequired
	}
	list := append(slices.Clone(s.data.Saved), v)
	return s.change(func(d *file) { d.Saved = list })
}

// Rename gives the saved search named old a new name.
func (s *Store) Rename(old, name string) error {
	name = strings.TrimSpace(name)
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.find(old)
	if i < 0 {
		return fmt.Errorf("%w: %q", ErrNoSuchSearch, old)
	}
	if err := s.checkName(name, old); err != nil {
		return err
	}
	list := slices.Clone(s.data.Saved)
	list[i].Name = name
	return s.change(func(d *file) { d.Saved = list })
}

// Delete forgets the saved search named name.
func (s *Store) Delete(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.find(name)
	if i < 0 {
		return fmt.Errorf("%w: %q", ErrNoSuchSearch, name)
	}
	list := slices.Delete(slices.Clone(s.data.Saved), i, i+1)
	return s.change(func(d *file) { d.Saved = list })
}

// change applies edit to a copy of the data, writes it, and keeps it only
// when the write succeeded: what the store says is what the file holds.
// s.mu is held.
func (s *Store) change(edit func(*file)) error {
	next := s.data
	edit(&next)
	next.Version = 1
	if s.path == "" {
		return errors.New("save searches: no config folder")
	}
	if s.damaged {
		if _, err := keepAside(s.path); err != nil {
			return fmt.Errorf("save searches: the damaged %s could not be kept aside, so it was not written over: %w", s.path, err)
		}
		s.damaged = false
	}
	if err := writeAtomic(s.path, next); err != nil {
		return err
	}
	s.data = next
	return nil
}

// keepAside renames the file at path to the first free path.bad,
// path.bad2, … and returns that name.
func keepAside(path string) (string, error) {
	for n := 1; n < 1000; n++ {
		bad := path + ".bad"
		if n > 1 {
			bad = fmt.Sprintf("%s.bad%d", path, n)
		}
		if _, err := os.Lstat(bad); errors.Is(err, os.ErrNotExist) {
			if err := os.Rename(path, bad); err != nil && !errors.Is(err, os.ErrNotExist) {
				return "", err
			}
			return bad, nil
		}
	}
	return "", fmt.Errorf("too many %s.bad files", path)
}

// writeAtomic writes d to path through a temporary file in the same
// folder, renamed over it: a crash leaves the old file or the new, never
// half of one. Only the user may read it (queries say what they looked for).
func writeAtomic(path string, d file) error {
	raw, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return fmt.Errorf("save searches: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("save searches: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".searches-*.json")
	if err != nil {
		return fmt.Errorf("save searches: %w", err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; left over only on failure
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("save searches: %w", err)
	}
	if _, err := tmp.Write(append(raw, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("save searches %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("save searches %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save searches %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save searches %s: %w", path, err)
	}
	return nil
}
