// Package plainlocale keeps Fyne quiet under the C/POSIX locale (CI, minimal
// containers): Fyne's translations read the locale while packages
// initialise and log an error for "C". Packages initialise in import-path
// order, so this one ("folio/…") runs before "fyne.io/…" and lends Fyne an
// English locale; Restore puts the user's own back before Folio starts any
// child process.
package plainlocale

import (
	"os"
	"strings"
)

// The variable Folio lent Fyne and its own value.
var (
	saved    *string
	savedKey string
)

func init() {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(k)
		if v == "" {
			continue
		}
		if base, _, _ := strings.Cut(v, "."); base == "C" || base == "POSIX" {
			saved = &v
			os.Setenv(k, "en_US.UTF-8")
			savedKey = k
		}
		return
	}
}

// Restore undoes the loan, once Fyne has initialised.
func Restore() {
	if saved != nil {
		os.Setenv(savedKey, *saved)
		saved = nil
	}
}
