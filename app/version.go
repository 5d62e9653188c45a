package app

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/BurntSushi/toml"

	"folio/assets"
	"folio/index"
	"folio/ui"
)

// release is this build's version: FyneApp.toml's, handed over by main at
// start (SetMetadata), so the packaging tool and the program read one file.
var release = struct {
	Version string
	Build   int
}{Version: "dev"}

// SetMetadata reads the version from FyneApp.toml's text. main embeds the
// file; a build without it (tests) stays "dev".
func SetMetadata(fyneAppTOML []byte) error {
	var meta struct {
		Details struct {
			Version string
			Build   int
		}
	}
	if err := toml.Unmarshal(fyneAppTOML, &meta); err != nil {
		return fmt.Errorf("read FyneApp.toml: %w", err)
	}
	if meta.Details.Version == "" {
		return fmt.Errorf("read FyneApp.toml: no Version in [Details]")
	}
	release.Version, release.Build = meta.Details.Version, meta.Details.Build
	index.WriterVersion = versionLine()
	return nil
}

// buildCommit and buildDate are stamped by the Makefile's builds
// (-ldflags -X): "1a2b3c4d5e6f" or "1a2b3c4d5e6f+changes", and the
// commit's date.
var buildCommit, buildDate string

// commit is the revision the binary was built from: the Makefile's stamp,
// else what the go command records in a git checkout (not when GOFLAGS
// has -buildvcs=false, nor in test binaries); "" when neither knows.
func commit() (rev, date string) {
	if buildCommit != "" {
		return buildCommit, buildDate
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "", ""
	}
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
			if len(rev) > 12 {
				rev = rev[:12]
			}
		case "vcs.time":
			date, _, _ = strings.Cut(s.Value, "T")
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev != "" && modified {
		rev += "+changes"
	}
	return rev, date
}

// versionLine is "0.1.0 (commit 1a2b3c4d5e6f, 2026-11-30)", or just the
// version when the build was not stamped with a commit.
func versionLine() string {
	rev, date := commit()
	if rev == "" {
		return release.Version
	}
	if date != "" {
		return fmt.Sprintf("%s (commit %s, %s)", release.Version, rev, date)
	}
	return fmt.Sprintf("%s (commit %s)", release.Version, rev)
}

// moduleVersion is the version of a module linked into this binary, from
// the build information the go command records.
func moduleVersion(path string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, d := range info.Deps {
		if d.Path == path {
			if d.Replace != nil {
				return d.Replace.Version
			}
			return d.Version
		}
	}
	return "unknown"
}

// sqliteVersion asks the linked SQLite library for its version.
func sqliteVersion() string {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return "unknown"
	}
	defer db.Close()
	var v string
	if err := db.QueryRowContext(context.Background(), `SELECT sqlite_version()`).Scan(&v); err != nil {
		return "unknown"
	}
	return v
}

// about is what `folio --version` prints and the About dialog shows.
func about() ui.About {
	return ui.About{
		Version: versionLine(),
		Components: []ui.Component{
			{Name: "SQLite", Version: sqliteVersion() + " (modernc.org/sqlite " + moduleVersion("modernc.org/sqlite") + ")"},
			{Name: "Fyne", Version: moduleVersion("fyne.io/fyne/v2")},
			{Name: "goldmark", Version: moduleVersion("github.com/yuin/goldmark")},
			{Name: "Go", Version: runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH},
		},
		Licenses: licenses(assets.ThirdPartyLicenses),
	}
}

func runVersion(e *env, args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(e.stderr, "folio: --version takes no arguments\n")
		return exitError
	}
	a := about()
	fmt.Fprintf(e.stdout, "Folio %s\n", a.Version)
	for _, c := range a.Components {
		fmt.Fprintf(e.stdout, "%s %s\n", c.Name, c.Version)
	}
	return exitOK
}

// licenses splits the shipped licence file into its modules' entries
// ("=== module version · kind" starts each).
func licenses(text string) []ui.License {
	var out []ui.License
	for _, part := range strings.Split(text, "\n=== ")[1:] {
		head, body, _ := strings.Cut(part, "\n")
		module, kind, _ := strings.Cut(head, " · ")
		out = append(out, ui.License{Module: module, Kind: kind, Text: strings.TrimSpace(body)})
	}
	return out
}
