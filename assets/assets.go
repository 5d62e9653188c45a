// Package assets holds what Folio ships inside its binary: the app icon and
// the small sample library a first run opens on.
package assets

import (
	"embed"
	"io/fs"
)

//go:embed icon.png
var Icon []byte

//go:embed sample/*.md
var sample embed.FS

// Sample is the bundled sample library: a few Markdown files written for
// Folio to show search, citations, tables and Arabic text.
func Sample() fs.FS {
	sub, err := fs.Sub(sample, "sample")
	if err != nil {
		panic(err) // the embed pattern above guarantees the folder exists
	}
	return sub
}

// ThirdPartyLicenses holds the licence texts of every module compiled into
// Folio, generated from the module graph (`make licenses`); the About
// dialog shows them and the packages ship the file.
//
//go:embed THIRD-PARTY-LICENSES.txt
var ThirdPartyLicenses string
