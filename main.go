// Command folio is an offline search app for folders of Markdown.
package main

import (
	"os"

	"folio/app"
)

func main() {
	os.Exit(app.Main(os.Args[1:]))
}
