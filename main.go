// Command folio is an offline search app for folders of Markdown.
package main

import (
	"os"

	"folio/app"
	"folio/app/plainlocale"
)

func main() {
	plainlocale.Restore()
	os.Exit(app.Main(os.Args[1:]))
}
