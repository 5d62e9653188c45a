// Command folio is an offline search app for folders of Markdown.
package main

import (
	_ "embed"
	"fmt"
	"os"

	"folio/app"
	"folio/app/plainlocale"
)

// fyneAppTOML is the app's metadata, which the Fyne packaging tool reads
// too: the version lives in one place.
//
//go:embed FyneApp.toml
var fyneAppTOML []byte

func main() {
	plainlocale.Restore()
	if err := app.SetMetadata(fyneAppTOML); err != nil {
		fmt.Fprintln(os.Stderr, "folio:", err)
	}
	os.Exit(app.Main(os.Args[1:]))
}
