package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"folio/internal/testutil"
	"folio/internal/testutil/fynetest"
	"folio/internal/testutil/testlib"
	"folio/ui/internal/launch"
	"folio/ui/internal/look"
)

func buttonLabelled(o fyne.CanvasObject, text string) *widget.Button {
	for _, c := range fynetest.Rendered(o) {
		if b, ok := c.(*widget.Button); ok && b.Text == text {
			return b
		}
		if b, ok := c.(*look.Button); ok && b.Text == text {
			return &b.Button
		}
	}
	return nil
}

func TestAboutShowsVersionsAndEachModulesLicence(t *testing.T) {
	w := newWindow(t, testlib.Open(t))
	w.SetAbout(func() About {
		return About{
			Version:    "9.8.7 (commit abc123, 2026-11-30)",
			Components: []Component{{"SQLite", "3.50.0"}, {"Fyne", "v2.7.1"}},
			Licenses: []License{
				{Module: "example.org/one v1.0.0", Kind: "MIT", Text: "Permission is hereby granted, one"},
				{Module: "example.org/two v2.0.0", Kind: "BSD-3-Clause", Text: "Redistribution and use, two"},
			},
		}
	})
	// F1 (or the ? button) shows the shortcuts with the way to About.
	pressOnCanvas(w, fyne.KeyF1)
	if overlays(w) != 1 {
		t.Fatalf("F1: %d dialogs", overlays(w))
	}
	about := buttonLabelled(w.win.Canvas().Overlays().Top(), "About Folio…")
	if about == nil {
		t.Fatal("the help dialog has no About button")
	}
	test.Tap(about)
	settled(w)
	if overlays(w) != 1 {
		t.Fatalf("About: %d dialogs, want the help replaced by About", overlays(w))
	}
	top := w.win.Canvas().Overlays().Top()
	texts := fynetest.Texts(top)
	for _, want := range []string{"Folio 9.8.7 (commit abc123, 2026-11-30)", "SQLite 3.50.0", "Fyne v2.7.1", "Licences of the 2 modules"} {
		if !strings.Contains(texts, want) {
			t.Errorf("About lacks %q: %s", want, texts)
		}
	}
	var list *widget.List
	for _, o := range fynetest.Rendered(top) {
		if l, ok := o.(*widget.List); ok {
			list = l
		}
		if l, ok := o.(*look.List); ok {
			list = &l.List
		}
	}
	if list == nil {
		t.Fatal("no list of modules")
	}
	list.Select(1)
	settled(w)
	if texts := fynetest.Texts(top); !strings.Contains(texts, "Redistribution and use, two") || strings.Contains(texts, "granted, one") {
		t.Errorf("selecting the second module shows: %s", texts)
	}
	pressOnCanvas(w, fyne.KeyEscape)
	if overlays(w) != 0 {
		t.Errorf("Esc left %d dialogs", overlays(w))
	}
}

// Show in folder hands the desktop a proper file URI: spaces and # escaped,
// so a folder named "Notes #1" opens, not "Notes ".
func TestShowInFolderOpensAnEscapedFileURI(t *testing.T) {
	ix := testlib.Open(t)
	dir := testutil.WriteFolder(t, map[string]string{"Notes #1/a.md": "# A\n\nzebra words\n"})
	w := newWindow(t, ix)
	var opened []string
	w.openURL = func(u string) error { opened = append(opened, u); return nil }
	w.HandleDrop([]fyne.URI{storage.NewFileURI(filepath.Join(dir, "Notes #1"))})
	waitFor(t, "the folder indexed", func() bool { return len(w.library.folders) == 1 })
	w.search.SetText("zebra")
	waitFor(t, "a result", func() bool { settled(w); return len(w.results.hits) == 1 })
	w.results.list.Select(0)
	settled(w)
	w.preview.showInFolder()
	if len(opened) != 1 || !strings.HasPrefix(opened[0], "file:///") || !strings.HasSuffix(opened[0], "/Notes%20%231") {
		t.Errorf("Show in folder opened %q", opened)
	}
	if got := launch.FileURL(`C:\Users\Ana\My Notes`); filepath.Separator == '\\' && got != "file:///C:/Users/Ana/My%20Notes" {
		t.Errorf("a Windows folder as a URL: %s", got)
	}
}
