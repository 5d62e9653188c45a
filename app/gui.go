package app

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"folio/assets"
	"folio/index"
	"folio/ui"
)

// AppID identifies Folio to Fyne (preferences, desktop integration).
const AppID = "org.folio.desktop"

// runGUI opens the window on the library; on a first run it installs the
// bundled sample library so there is something to search at once.
func runGUI(e *env, dbPath string) int {
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	if dbPath == "" {
		var err error
		if dbPath, err = index.DefaultPath(); err != nil {
			fmt.Fprintf(e.stderr, "folio: %v\n", err)
			return exitError
		}
	}
	ix, err := index.Open(dbPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "folio: %v\n", err)
		showOpenProblem(a, err)
		return exitError
	}
	defer ix.Close()
	if err := installSample(a, ix); err != nil {
		fmt.Fprintf(e.stderr, "folio: sample library: %v\n", err)
	}
	w := ui.New(a, ix)
	w.Window().ShowAndRun()
	// A running import is cancelled (what it finished stays) before the
	// library closes.
	w.Shutdown(5 * time.Second)
	return exitOK
}

// installSample writes the bundled sample library into Folio's own config
// folder and adds it, once: removing it in the window is for good.
func installSample(a fyne.App, ix *index.Index) error {
	const done = "sample.installed"
	if a.Preferences().Bool(done) {
		return nil
	}
	ctx := context.Background()
	folders, err := ix.Folders(ctx)
	if err != nil || len(folders) > 0 {
		return err
	}
	dir := filepath.Join(filepath.Dir(ix.Path()), "sample")
	if err := writeSample(dir); err != nil {
		return err
	}
	if _, err := ix.AddFolder(ctx, dir, index.ImportOptions{}); err != nil {
		return err
	}
	a.Preferences().SetBool(done, true)
	return ix.SetSample(ctx, dir, true)
}

func writeSample(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write sample library: %w", err)
	}
	return fs.WalkDir(assets.Sample(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(assets.Sample(), p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, p), data, 0o644)
	})
}

// showOpenProblem tells a person who started Folio from a menu why it
// cannot open the library and what to do, instead of vanishing.
func showOpenProblem(a fyne.App, err error) {
	w := a.NewWindow("Folio")
	msg := widget.NewLabel("Folio could not open its library.\n\n" + err.Error() +
		"\n\nTo use another library file, start Folio with --db FILE.")
	msg.Wrapping = fyne.TextWrapWord
	w.SetContent(container.NewBorder(nil, container.NewCenter(widget.NewButton("Quit", a.Quit)), nil, nil, msg))
	w.Resize(fyne.NewSize(560, 280))
	w.ShowAndRun()
}
