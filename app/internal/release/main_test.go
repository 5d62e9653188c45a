package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository root, from this package's folder.
const root = "../../.."

// shippedEntries reads the "=== module version · kind" headers of the
// licence file that the binary embeds and the packages ship.
func shippedEntries(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, LicensesFile))
	if err != nil {
		t.Fatal(err)
	}
	entries := map[string]string{}
	for _, part := range strings.Split(string(data), "\n"+Header)[1:] {
		head, body, _ := strings.Cut(part, "\n")
		name, kind, _ := strings.Cut(head, " · ")
		if strings.TrimSpace(body) == "" {
			t.Errorf("%s: the entry has no licence text", name)
		}
		entries[name] = kind
	}
	return entries
}

// A dependency added, upgraded or dropped without `make licenses` fails
// here, naming it: the packages must ship every linked module's terms.
func TestEveryLinkedModuleShipsItsLicence(t *testing.T) {
	mods, err := LinkedModules(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) < 10 {
		t.Fatalf("only %d modules linked; the listing is wrong: %v", len(mods), mods)
	}
	shipped := shippedEntries(t)
	linked := map[string]bool{GoEntry: true}
	for _, d := range Data {
		linked[d.Name] = true
		if shipped[d.Name] == "" {
			t.Errorf("%s lacks %s's licence: run `make licenses`", LicensesFile, d.Name)
		}
	}
	for _, m := range mods {
		linked[m.String()] = true
		kind, ok := shipped[m.String()]
		switch {
		case !ok:
			t.Errorf("%s is linked but %s has no licence for it: run `make licenses`", m, LicensesFile)
		case strings.HasPrefix(kind, "other"):
			t.Errorf("%s: licence kind not recognised (%s); check its terms allow shipping and name them in Kind", m, kind)
		}
	}
	for name := range shipped {
		if !linked[name] {
			t.Errorf("%s lists %s, which is no longer linked: run `make licenses`", LicensesFile, name)
		}
	}
	if shipped[GoEntry] == "" {
		t.Errorf("%s lacks the Go runtime's licence", LicensesFile)
	}
}

func TestKindNamesCommonLicences(t *testing.T) {
	for text, want := range map[string]string{
		"Permission is hereby granted, free of charge, to any person":                                         "MIT",
		"Apache License\n   Version 2.0, January 2004":                                                        "Apache-2.0",
		"Redistribution and use in source and binary forms ... Neither the name of Google Inc. nor the names": "BSD-3-Clause",
		"Redistribution and use in source and binary forms, with or without modification, are permitted":      "BSD-2-Clause",
		"Permission to use, copy, modify, and/or distribute this software for any purpose":                    "ISC",
		"Mozilla Public License Version 2.0":                                                                  "MPL-2.0",
		"All rights reserved. You may not copy this.":                                                         "other (see text)",
	} {
		if got := Kind(text); got != want {
			t.Errorf("Kind(%.40q) = %s, want %s", text, got, want)
		}
	}
}

func TestIconsInEverySizeDesktopsUse(t *testing.T) {
	dir := t.TempDir()
	if err := writeIcons(filepath.Join(root, "assets", "icon.png"), dir, "org.example"); err != nil {
		t.Fatal(err)
	}
	for _, n := range IconSizes {
		p := filepath.Join(dir, fmt.Sprintf("%dx%d", n, n), "apps", "org.example.png")
		f, err := os.Open(p)
		if err != nil {
			t.Error(err)
			continue
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != n || cfg.Height != n {
			t.Errorf("%s: %dx%d (%v), want %dx%d", p, cfg.Width, cfg.Height, err, n, n)
		}
	}
	if err := writeIcons(filepath.Join(root, "README.md"), dir, "x"); err == nil {
		t.Error("a file that is not a PNG made icons")
	}
}

func TestZipRoundTripKeepsTheFolderAndExecutableMode(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "folio-1.0-windows-amd64")
	os.MkdirAll(filepath.Join(dir, "doc"), 0o755)
	os.WriteFile(filepath.Join(dir, "Folio.exe"), []byte("MZ binary"), 0o755)
	os.WriteFile(filepath.Join(dir, "doc", "LICENSE.txt"), []byte("terms"), 0o644)
	out := filepath.Join(t.TempDir(), "out.zip")
	if err := writeZip(out, dir); err != nil {
		t.Fatal(err)
	}
	r, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
		if f.Name == "folio-1.0-windows-amd64/Folio.exe" && f.Mode()&0o100 == 0 {
			t.Errorf("Folio.exe lost its executable mode: %v", f.Mode())
		}
	}
	r.Close()
	if strings.Join(names, " ") != "folio-1.0-windows-amd64/Folio.exe folio-1.0-windows-amd64/doc/LICENSE.txt" {
		t.Errorf("zip holds %v", names)
	}
	back := t.TempDir()
	if err := unzip(out, back); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(back, "folio-1.0-windows-amd64", "doc", "LICENSE.txt")); err != nil || string(data) != "terms" {
		t.Errorf("unzipped %q, %v", data, err)
	}
	if err := writeZip(out, filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing folder made a zip")
	}
}

func TestUnzipRefusesNamesOutsideTheFolder(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("../escaped.txt")
	w.Write([]byte("x"))
	zw.Close()
	archive := filepath.Join(t.TempDir(), "evil.zip")
	os.WriteFile(archive, buf.Bytes(), 0o644)
	dir := t.TempDir()
	if err := unzip(archive, dir); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("unzip of ../escaped.txt: %v", err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escaped.txt")); err == nil {
		t.Error("a file was written outside the folder")
	}
}
