package files

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Found is a Markdown file a walk will have indexed.
type Found struct {
	Rel   string // slash separated, relative to the folder's root
	root  string // shared by every file of a walk: Abs joins them on demand
	Size  int64
	Mtime int64 // modification time, Unix nanoseconds
	// Real is the file a link resolved to, empty when Abs is not a link:
	// the read opens it without following links.
	Real string
	// ID is the file as listed: the read refuses a file that is not this
	// one (swapped or replaced since). A few words, not the FileInfo: a
	// walk of half a million notes kept 140 MB of those.
	ID fileID
}

// Abs is the file's path as the walk reached it (root joined with Rel): a
// string built when a file is read rather than kept for each of half a
// million notes.
func (f Found) Abs() string { return filepath.Join(f.root, filepath.FromSlash(f.Rel)) }

// Listing is what a walk found under a folder's root.
type Listing struct {
	Files   []Found
	Skips   []Skip
	Entries int // names in the root folder itself
	// Unreadable holds the relative paths of subfolders that could not be
	// read: their documents are kept, since their files may well still be
	// there.
	Unreadable []string
}

// ReadDir lists a folder for Walk; tests (the index's too) replace it to
// make a folder unreadable whatever the user running them may read.
var ReadDir = os.ReadDir

// Walk lists the Markdown files under root. It follows symbolic links that
// stay inside the folder (once: a link back up the tree is a loop), skips
// links that lead outside it, hidden files and folders and node_modules,
// and records why each file or folder is left out. A root that cannot be
// read is ErrFolderOffline.
func Walk(ctx context.Context, root string, only Scope) (*Listing, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, fmt.Errorf("%w: %s", ErrFolderOffline, offlineReason(err))
	}
	out := &Listing{}
	skip := func(rel, reason string) { out.Skips = append(out.Skips, Skip{rel, reason}) }
	visited := map[string]string{} // real path → the relative path it was listed under
	var visit func(dir, real, rel string) error
	visit = func(dir, real, rel string) error {
		if first, ok := visited[real]; ok {
			if Inside(real, filepath.Join(realRoot, filepath.FromSlash(rel))) {
				skip(rel, "symbolic link loop")
			} else {
				skip(rel, "the same folder as "+first+", indexed there")
			}
			return nil
		}
		visited[real] = rel
		entries, err := ReadDir(dir)
		if err != nil {
			if rel == "" {
				return fmt.Errorf("%w: %s", ErrFolderOffline, offlineReason(err))
			}
			skip(rel, "unreadable folder: "+ErrorWords(err))
			out.Unreadable = append(out.Unreadable, rel)
			return nil
		}
		if rel == "" {
			out.Entries = len(entries)
		}
		// Linked folders are entered after the real ones, so a folder is
		// indexed under its own name rather than a link's.
		type link struct{ abs, real, rel string }
		var links []link
		for _, e := range entries {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := e.Name()
			abs := filepath.Join(dir, name)
			childRel := filepath.ToSlash(filepath.Join(rel, name))
			if !only.leadsTo(childRel) {
				continue
			}
			childReal := filepath.Join(real, name)
			info, err := e.Info()
			if err != nil {
				skip(childRel, "unreadable: "+ErrorWords(err))
				continue
			}
			linked := info.Mode()&fs.ModeSymlink != 0
			if linked {
				target, terr := filepath.EvalSymlinks(abs)
				if terr == nil {
					// Lstat: target is resolved, so a link here was
					// swapped in meanwhile and is not followed.
					info, terr = os.Lstat(target)
				}
				if terr != nil {
					if IsMarkdown(name) {
						skip(childRel, "broken symbolic link")
					}
					continue
				}
				if !Inside(realRoot, target) {
					if info.IsDir() || IsMarkdown(name) {
						skip(childRel, "symbolic link to "+target+", outside the folder")
					}
					continue
				}
				childReal = target
			}
			if info.IsDir() {
				switch why := LeftOutFolder(name); {
				case why != "":
					skip(childRel, why)
				case linked:
					links = append(links, link{abs, childReal, childRel})
				default:
					if err := visit(abs, childReal, childRel); err != nil {
						return err
					}
				}
				continue
			}
			if !IsMarkdown(name) || !only.holds(childRel) {
				continue
			}
			switch {
			case Hidden(name):
				skip(childRel, "hidden file")
			case !info.Mode().IsRegular():
				skip(childRel, "not a regular file")
			case info.Size() > MaxFileSize:
				skip(childRel, fmt.Sprintf("larger than %d MB", MaxFileSize>>20))
			default:
				f := Found{Rel: childRel, root: root, Size: info.Size(), Mtime: info.ModTime().UnixNano(), ID: idOf(info)}
				if linked {
					f.Real = childReal
				}
				out.Files = append(out.Files, f)
			}
		}
		for _, l := range links {
			if err := visit(l.abs, l.real, l.rel); err != nil {
				return err
			}
		}
		return nil
	}
	if err := visit(root, realRoot, ""); err != nil {
		return nil, err
	}
	return out, nil
}
