// Package files says what counts as a note and what a scan leaves out:
// which files are Markdown, which folders are not entered, how a folder is
// listed (Walk) and how a note is read without surprises (ReadRegular).
// The index and the watcher both ask it, so they never disagree.
package files

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// MaxFileSize is the largest file imported; larger ones are skipped with a
// reason (a 20 MB "note" is an export or a log, not a document).
const MaxFileSize = 20 << 20

// Skip is a file left out of the index and why.
type Skip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Hidden reports whether a file or folder name is hidden (.git, .obsidian,
// .draft.md): scans do not enter such folders and skip such files.
func Hidden(name string) bool {
	return strings.HasPrefix(name, ".")
}

// LeftOutFolder says why scans do not enter a folder of this name (""
// when they do): hidden folders (.git, .obsidian) and installed packages.
// The watcher leaves the same folders alone.
func LeftOutFolder(name string) string {
	switch {
	case Hidden(name):
		return "hidden folder"
	case name == "node_modules":
		return "installed packages (node_modules)"
	}
	return ""
}

// LeftOut reports whether a change at rel (slash separated, relative to a
// folder's root) is one a scan would not index: it lies in a folder scans
// do not enter, or is itself hidden or such a folder. The watcher ignores
// changes there.
func LeftOut(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		if LeftOutFolder(part) != "" {
			return true
		}
	}
	return false
}

// ScansReach reports whether a folder's scans enter every folder on the
// way to rel, and rel itself when it is a folder (LeftOutFolder). A
// hidden file is reached, and skipped with its reason recorded.
func ScansReach(rel string, dir bool) bool {
	if rel == "." {
		return true
	}
	parts := strings.Split(rel, "/")
	if !dir {
		parts = parts[:len(parts)-1]
	}
	for _, d := range parts {
		if LeftOutFolder(d) != "" {
			return false
		}
	}
	return true
}

// IsMarkdown reports whether a file has an extension Folio indexes (.md,
// .markdown, .mdx, in any case).
func IsMarkdown(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}

// ErrFolderOffline means a folder's root could not be read (an unplugged
// drive, a renamed folder, an unmounted share). Its documents are kept.
var ErrFolderOffline = errors.New("folder is offline")

// Inside reports whether path is root or under it (both resolved).
func Inside(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// offlineReason says in words why a folder's root cannot be read.
func offlineReason(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "not found (an unplugged drive, a renamed or moved folder, or an unmounted share?)"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return ErrorWords(err)
}

// ErrorWords is an error without the path the caller already shows.
func ErrorWords(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
