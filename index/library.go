package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"folio/chunker"
	"folio/files"
	"folio/index/fts"
)

// Folder is one root of the library.
type Folder struct {
	ID        int64
	Path      string
	Documents int
	Chunks    int
	Bytes     int64 // Markdown bytes indexed
	LastScan  time.Time
	Sample    bool
	Skipped   int
	// Offline says why the folder could not be read at its last scan (an
	// unplugged drive, a renamed folder); its documents are kept and stay
	// searchable. Empty when the folder was readable.
	Offline string
}

// ErrUnknownFolder means a folder is not part of the library.
var ErrUnknownFolder = errors.New("folder is not in the library")

// ErrFolderRemoved means another program removed the folder from the
// library while this one was working on it.
var ErrFolderRemoved = errors.New("the folder was removed from the library by another program (another Folio window or the command line)")

// Folders lists the library's folders with their counts. The counts are
// kept by the library as documents change, so listing costs the same
// whatever the library's size.
func (ix *Index) Folders(ctx context.Context) ([]Folder, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT f.id, f.path, f.last_scan, f.sample, f.offline,
		f.n_documents, f.n_bytes, f.n_chunks,
		(SELECT count(*) FROM skipped s WHERE s.folder_id = f.id)
		FROM folders f ORDER BY f.path`)
	if err != nil {
		return nil, fmt.Errorf("list folders: %w", classify(err))
	}
	defer rows.Close()
	var out []Folder
	for rows.Next() {
		var f Folder
		var last int64
		if err := rows.Scan(&f.ID, &f.Path, &last, &f.Sample, &f.Offline, &f.Documents, &f.Bytes, &f.Chunks, &f.Skipped); err != nil {
			return nil, fmt.Errorf("list folders: %w", classify(err))
		}
		if last > 0 {
			f.LastScan = time.Unix(last, 0)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// folderByPath finds a library folder by its path, without the counts
// Folders computes (a search restricted to a folder asks this every time).
func (ix *Index) folderByPath(ctx context.Context, dir string) (Folder, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Folder{}, fmt.Errorf("%s: %w", dir, err)
	}
	f := Folder{Path: abs}
	err = ix.db.QueryRowContext(ctx, `SELECT id, sample FROM folders WHERE path = ?`, abs).Scan(&f.ID, &f.Sample)
	if errors.Is(err, sql.ErrNoRows) {
		return Folder{}, fmt.Errorf("%s: %w", dir, ErrUnknownFolder)
	}
	if err != nil {
		return Folder{}, fmt.Errorf("%s: %w", dir, classify(err))
	}
	return f, nil
}

// ErrNotIndexed means a file is not in the library (yet): no library
// folder holds it, or its folder's scans left it out or have not reached
// it.
var ErrNotIndexed = errors.New("the file is not in the library")

// FolderOf finds the library folder whose scans reach path (a file or
// folder): the deepest one holding it, where path is not under a hidden
// folder or node_modules, which scans leave out. It also returns path
// relative to that folder, slash-separated, as documents are stored (""
// for the folder itself). No such folder is ErrUnknownFolder. The folders
// are read, not the documents: a library has few.
func (ix *Index) FolderOf(ctx context.Context, path string) (Folder, string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return Folder{}, "", fmt.Errorf("%s: %w", path, err)
	}
	folders, err := ix.Folders(ctx)
	if err != nil {
		return Folder{}, "", fmt.Errorf("find the folder of %s: %w", path, err)
	}
	info, err := os.Stat(abs)
	dir := err == nil && info.IsDir()
	if f, rel, ok := files.Deepest(folders, abs, dir, func(f Folder) string { return f.Path }); ok {
		return f, rel, nil
	}
	// Through symbolic links (a folder added as ~/notes, a file given as
	// the real path it links to): compared once both are resolved.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		resolved := func(f Folder) string {
			if r, err := filepath.EvalSymlinks(f.Path); err == nil {
				return r
			}
			return f.Path
		}
		if f, rel, ok := files.Deepest(folders, real, dir, resolved); ok {
			return f, rel, nil
		}
	}
	return Folder{}, "", fmt.Errorf("%s: %w", path, ErrUnknownFolder)
}

// ErrAmbiguousFolder means several library folders have the name given.
var ErrAmbiguousFolder = errors.New("several library folders have this name")

// FolderNamed finds the folder name means: its path, or the name the
// sidebar and citations show (the path's last element). It is the one
// rule for the window, the command line and assistants (mcp).
func FolderNamed(folders []Folder, name string) (Folder, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		abs = filepath.Clean(name)
	}
	var named []Folder
	var names, paths []string
	for _, f := range folders {
		if f.Path == abs {
			return f, nil
		}
		if base := filepath.Base(f.Path); base == filepath.Clean(name) {
			named, paths = append(named, f), append(paths, f.Path)
		}
		names = append(names, filepath.Base(f.Path))
	}
	switch {
	case len(named) == 1:
		return named[0], nil
	case len(named) > 1:
		return Folder{}, fmt.Errorf("%s: %w: give its path, one of %s", name, ErrAmbiguousFolder, strings.Join(paths, ", "))
	case len(folders) == 0:
		return Folder{}, fmt.Errorf("%s: %w (the library is empty)", name, ErrUnknownFolder)
	}
	return Folder{}, fmt.Errorf("%s: %w (its folders are: %s)", name, ErrUnknownFolder, strings.Join(names, ", "))
}

// SetSample marks a folder as the bundled sample library.
func (ix *Index) SetSample(ctx context.Context, dir string, sample bool) error {
	if err := ix.writeCheck(); err != nil {
		return err
	}
	f, err := ix.folderByPath(ctx, dir)
	if err != nil {
		return err
	}
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return classify(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE folders SET sample = ? WHERE id = ?`, sample, f.ID); err != nil {
		return classify(err)
	}
	// The sample's passages are never copies of the user's (they rank
	// after them): the folder's chunks are placed again with keys of
	// their kind.
	if err := fts.RekeyFolder(ctx, tx, f.ID); err != nil {
		return fmt.Errorf("mark %s as the sample library: %w", dir, classify(err))
	}
	return classify(tx.Commit())
}

// RemoveFolder takes a folder and everything indexed from it out of the
// library. The folder itself is never touched. The removed text is
// overwritten in the library file (secure_delete) and the journal is
// written back and truncated, so it cannot be read back from either.
func (ix *Index) RemoveFolder(ctx context.Context, dir string) error {
	if err := ix.writeCheck(); err != nil {
		return fmt.Errorf("remove %s: %w", dir, err)
	}
	f, err := ix.folderByPath(ctx, dir)
	if err != nil {
		return fmt.Errorf("remove %w", err)
	}
	var chunks int64
	if err := ix.db.QueryRowContext(ctx, `SELECT n_chunks FROM folders WHERE id = ?`, f.ID).Scan(&chunks); err != nil {
		return fmt.Errorf("remove %s: %w", dir, classify(err))
	}
	mode := fts.ChoosePurge(ctx, ix.db, chunks)
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("remove %s: %w", dir, classify(err))
	}
	defer tx.Rollback()
	if err := fts.SetPurgeMode(ctx, tx, mode); err != nil {
		return fmt.Errorf("remove %s: %w", dir, classify(err))
	}
	_, owned, err := fts.Detach(ctx, tx, `d.folder_id = ?`, f.ID)
	if err != nil {
		return fmt.Errorf("remove %s: %w", dir, classify(err))
	}
	for _, q := range []string{
		`DELETE FROM chunks WHERE doc_id IN (SELECT id FROM documents WHERE folder_id = ?)`,
		`DELETE FROM documents WHERE folder_id = ?`,
		`DELETE FROM skipped WHERE folder_id = ?`,
		`DELETE FROM settings WHERE key = 'folder.root.' || ?`, // rootKey: a new folder may get the id
		`DELETE FROM folders WHERE id = ?`,
	} {
		if _, err := tx.ExecContext(ctx, q, f.ID); err != nil {
			return fmt.Errorf("remove %s: %w", dir, classify(err))
		}
	}
	// Copies in other folders that pointed at the removed rows get them back.
	if err := fts.Adopt(ctx, tx, owned); err != nil {
		return fmt.Errorf("remove %s: %w", dir, classify(err))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("remove %s: %w", dir, classify(err))
	}
	if err := ix.finishChanges(context.WithoutCancel(ctx), true, 0, false); err != nil {
		return fmt.Errorf("remove %s: %w", dir, err)
	}
	return nil
}

// Skipped lists the files of a folder left out at the last scan, and why.
func (ix *Index) Skipped(ctx context.Context, folderID int64) ([]files.Skip, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT rel_path, reason FROM skipped WHERE folder_id = ? ORDER BY rel_path`, folderID)
	if err != nil {
		return nil, fmt.Errorf("list skipped files: %w", classify(err))
	}
	defer rows.Close()
	var out []files.Skip
	for rows.Next() {
		var s files.Skip
		if err := rows.Scan(&s.Path, &s.Reason); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Stats describes the whole library.
type Stats struct {
	Folders       int
	Documents     int
	Chunks        int
	MarkdownBytes int64
	DatabaseBytes int64
	LastScan      time.Time
}

// Stats counts what the library holds.
func (ix *Index) Stats(ctx context.Context) (Stats, error) {
	var s Stats
	var last int64
	err := ix.db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(n_documents), 0), coalesce(sum(n_chunks), 0),
		coalesce(sum(n_bytes), 0), coalesce(max(last_scan), 0) FROM folders`).
		Scan(&s.Folders, &s.Documents, &s.Chunks, &s.MarkdownBytes, &last)
	if err != nil {
		return s, fmt.Errorf("stats: %w", classify(err))
	}
	if last > 0 {
		s.LastScan = time.Unix(last, 0)
	}
	for _, suffix := range []string{"", "-wal"} {
		if info, err := os.Stat(ix.path + suffix); err == nil {
			s.DatabaseBytes += info.Size()
		}
	}
	return s, nil
}

// ChunkOptions are the library's chunk settings (defaults until changed).
func (ix *Index) ChunkOptions(ctx context.Context) (chunker.Options, error) {
	opt := chunker.DefaultOptions()
	for key, dst := range map[string]*int{"chunk.max": &opt.Max, "chunk.min": &opt.Min, "chunk.overlap": &opt.Overlap} {
		var v string
		err := ix.db.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return opt, fmt.Errorf("read settings: %w", classify(err))
		}
		if n, err := strconv.Atoi(v); err == nil {
			*dst = n
		}
	}
	return opt, nil
}

// SetChunkOptions changes the chunk settings; the next scan re-chunks every
// document split with other settings.
func (ix *Index) SetChunkOptions(ctx context.Context, opt chunker.Options) error {
	if err := opt.Validate(); err != nil {
		return err
	}
	if err := ix.writeCheck(); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	for key, v := range map[string]int{"chunk.max": opt.Max, "chunk.min": opt.Min, "chunk.overlap": opt.Overlap} {
		if _, err := ix.db.ExecContext(ctx, `INSERT OR REPLACE INTO settings(key, value) VALUES(?, ?)`, key, strconv.Itoa(v)); err != nil {
			return fmt.Errorf("save settings: %w", classify(err))
		}
	}
	return nil
}

// StoredChars is the number of characters of chunk text the library holds
// (overlap counts twice): evaluations compare it with the documents' size.
func (ix *Index) StoredChars(ctx context.Context) (int64, error) {
	var n int64
	if err := ix.db.QueryRowContext(ctx, `SELECT coalesce(sum(length(text)), 0) FROM chunks`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count stored text: %w", err)
	}
	return n, nil
}

// Setting reads one library setting; ok is false when it was never set.
func (ix *Index) Setting(ctx context.Context, key string) (value string, ok bool, err error) {
	err = ix.db.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read setting %s: %w", key, classify(err))
	}
	return value, true, nil
}

// SetSetting stores one library setting.
func (ix *Index) SetSetting(ctx context.Context, key, value string) error {
	if err := ix.writeCheck(); err != nil {
		return fmt.Errorf("save setting %s: %w", key, err)
	}
	if _, err := ix.db.ExecContext(ctx, `INSERT OR REPLACE INTO settings(key, value) VALUES(?, ?)`, key, value); err != nil {
		return fmt.Errorf("save setting %s: %w", key, classify(err))
	}
	return nil
}
