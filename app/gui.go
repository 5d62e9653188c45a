package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/app/internal/instance"
	"folio/assets"
	"folio/index"
	"folio/index/upgrade"
	"folio/ui"
	"folio/watch"
)

// AppID identifies Folio to Fyne (preferences, desktop integration).
const AppID = "org.folio.desktop"

// runGUI opens the window on the library; on a first run it installs the
// bundled sample library so there is something to search at once. paths
// (absolute, checked by runWindow) are opened in it as if dropped.
func runGUI(e *env, dbPath string, paths []string) int {
	// Before anything is created: without a display the window cannot
	// open, and the command line is the way to use Folio.
	if err := displayAvailable(); err != nil {
		fmt.Fprintf(e.stderr, "folio: %v; use the command line (`folio search …`, `folio help`) or run inside a desktop session\n", err)
		return exitError
	}
	if dbPath == "" {
		var err error
		if dbPath, err = index.DefaultPath(); err != nil {
			return fail(e, err)
		}
	}
	// One window per library: a second `folio NOTE.md` hands its paths to
	// the window that is open and exits.
	server, err := instance.Claim(dbPath, paths)
	switch {
	case errors.Is(err, instance.ErrRunning):
		if len(paths) > 0 {
			fmt.Fprintf(e.stdout, "folio: %v: %s opened there\n", err, plural(len(paths), "item"))
		} else {
			fmt.Fprintf(e.stdout, "folio: %v: its window was brought forward\n", err)
		}
		return exitOK
	case err != nil:
		fmt.Fprintf(e.stderr, "folio: %v; a second window on this library will open its own\n", err)
	default:
		defer server.Close()
	}
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	var w *ui.Window
	var ix *index.Index
	start := func(opened *index.Index) {
		ix = opened
		w = startWindow(e, a, ix, server, paths)
	}
	code := exitOK
	if work := index.WorkAtOpen(dbPath, index.ReadWrite); work != index.NoWork {
		// Minutes at a million passages: the update shows its progress in a
		// window of its own, and the main window opens when it is done.
		upgradeThenStart(e, a, dbPath, work == index.Merge, start, &code)
	} else {
		opened, err := index.Open(dbPath)
		if err != nil {
			fmt.Fprintf(e.stderr, "folio: %v\n", err)
			showOpenProblem(a, err)
			return exitError
		}
		start(opened)
	}
	a.Run()
	if w != nil {
		// A running import is cancelled (what it finished stays) before the
		// library closes.
		w.Shutdown(5 * time.Second)
	}
	if ix != nil {
		ix.Close()
	}
	return code
}

// startWindow opens the main window on the library.
func startWindow(e *env, a fyne.App, ix *index.Index, server *instance.Server, paths []string) *ui.Window {
	if !ix.ReadOnly() {
		if err := installSample(ix); err != nil {
			fmt.Fprintf(e.stderr, "folio: sample library: %v\n", err)
		}
	}
	w := ui.New(a, ix)
	w.SetAbout(about)
	// Edits made while Folio was closed are caught up with in the
	// background, and later ones as they are saved.
	if err := w.Watch(watch.Options{}); err != nil {
		fmt.Fprintf(e.stderr, "folio: %v; use Rescan to pick up changes\n", err)
	}
	w.CatchUp()
	w.Open(paths)
	if server != nil {
		server.Serve(func(paths []string) {
			fyne.Do(func() {
				w.Open(paths)
				w.Window().RequestFocus()
			})
		})
	}
	if ix.Unclean() {
		// Only after a crash or kill: checked while the window is usable.
		w.Background("The library was not closed cleanly last time, and checking it found damage.", ix.CheckUnclean)
	}
	w.Window().Show()
	return w
}

// upgradeThenStart brings an older library forward in the background
// while ui.Upgrading shows how far it has come, then starts the main
// window on it; stopped, Folio quits with the library as good as before.
func upgradeThenStart(e *env, a fyne.App, dbPath string, merging bool, start func(*index.Index), code *int) {
	ctx, cancel := context.WithCancel(context.Background())
	u := ui.NewUpgrading(a, merging, cancel)
	go func() {
		defer cancel()
		ix, err := index.OpenContext(ctx, dbPath, index.ReadWrite, func(s upgrade.Step, done, total int64) {
			fyne.Do(func() { u.Set(string(s), done, total) })
		})
		fyne.Do(func() {
			switch {
			case err == nil:
				start(ix) // before the progress closes: the last window closing quits
			case errors.Is(err, context.Canceled):
				fmt.Fprintln(e.stderr, "folio: the update of the library was stopped; it goes on the next time Folio opens it")
				a.Quit()
			default:
				fmt.Fprintf(e.stderr, "folio: %v\n", err)
				*code = exitError
				openProblemWindow(a, err)
			}
			u.Close()
		})
	}()
}

// sampleSetting records, per library, that the sample was offered once:
// removing it in the window is for good.
const sampleSetting = "sample.installed"

// sampleMarker names the file that marks a sample folder as Folio's own.
// Folio writes only into a folder that it created and marked.
const sampleMarker = ".folio-sample"

// sampleDir is where the sample library lives: Folio's own cache folder,
// never a folder of the user's (it can be written again from the binary).
func sampleDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("find cache folder: %w", err)
	}
	return filepath.Join(dir, "folio", "sample"), nil
}

// installSample adds the bundled sample library to a new, empty library,
// once. If the sample's folder was deleted since (a cleared cache), it is
// written again, since it is Folio's own.
func installSample(ix *index.Index) error {
	ctx := context.Background()
	dir, err := sampleDir()
	if err != nil {
		return err
	}
	folders, err := ix.Folders(ctx)
	if err != nil {
		return err
	}
	_, installed, err := ix.Setting(ctx, sampleSetting)
	if err != nil {
		return err
	}
	if installed {
		for _, f := range folders {
			if f.Sample && f.Path == dir {
				if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
					return writeSample(dir)
				}
			}
		}
		return nil
	}
	if len(folders) > 0 {
		// A library that already has folders (or had the sample under an
		// older Folio) is not given one.
		return ix.SetSetting(ctx, sampleSetting, "not needed")
	}
	if err := writeSample(dir); err != nil {
		return err
	}
	if _, err := ix.AddFolder(ctx, dir, index.ImportOptions{}); err != nil {
		return err
	}
	if err := ix.SetSample(ctx, dir, true); err != nil {
		return err
	}
	return ix.SetSetting(ctx, sampleSetting, time.Now().Format(time.RFC3339))
}

// writeSample writes the bundled files into dir. It creates and marks dir
// itself; a dir that exists without the mark is someone else's and is left
// alone, and no existing file is ever overwritten. A dir or mark that is a
// symbolic link is not Folio's either (a link to a folder of the user's
// holding a mark must not be written into): files are created through an
// os.Root opened on the very folder checked, with O_EXCL, so no link is
// followed. The folder is 0700 and its files 0600, as Folio's caches are.
func writeSample(dir string) error {
	notFolios := fmt.Errorf("%s already exists and is not Folio's sample folder: nothing was written there", dir)
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return fmt.Errorf("write sample library: %w", err)
	}
	made := false
	switch err := os.Mkdir(dir, 0o700); {
	case err == nil:
		made = true
	case !errors.Is(err, fs.ErrExist):
		return fmt.Errorf("write sample library: %w", err)
	}
	checked, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("write sample library: %w", err)
	}
	if !checked.IsDir() { // a link, even to a folder, is not Folio's folder
		return notFolios
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("write sample library: %w", err)
	}
	defer root.Close()
	if opened, err := root.Stat("."); err != nil || !os.SameFile(checked, opened) {
		return notFolios // swapped for a link since it was checked
	}
	if made {
		if err := createNew(root, sampleMarker, []byte("Folio wrote this folder: it holds Folio's sample library.\nRemove the sample library in Folio's window to stop using it.\n")); err != nil {
			return fmt.Errorf("write sample library: %w", err)
		}
	} else if mark, err := root.Lstat(sampleMarker); err != nil || !mark.Mode().IsRegular() {
		return notFolios
	}
	return fs.WalkDir(assets.Sample(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(assets.Sample(), p)
		if err != nil {
			return err
		}
		if err := createNew(root, p, data); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("write sample library: %w", err)
		}
		return nil
	})
}

// createNew writes a file that must not exist yet (O_EXCL: not through a
// link either), inside root only.
func createNew(root *os.Root, name string, data []byte) error {
	f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// showOpenProblem tells a person who started Folio from a menu why it
// cannot open the library and what to do, instead of vanishing.
func showOpenProblem(a fyne.App, err error) {
	openProblemWindow(a, err)
	a.Run()
}

// openProblemWindow says why the library could not be opened.
func openProblemWindow(a fyne.App, err error) {
	w := a.NewWindow("Folio")
	msg := widget.NewLabel("Folio could not open its library.\n\n" + err.Error() +
		"\n\nTo use another library file, start Folio with --db FILE.")
	msg.Wrapping = fyne.TextWrapWord
	w.SetContent(container.NewBorder(nil, container.NewCenter(widget.NewButton("Quit", a.Quit)), nil, nil, msg))
	w.Resize(fyne.NewSize(560, 280))
	w.Show()
}
