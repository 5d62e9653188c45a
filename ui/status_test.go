package ui

import (
	"strings"
	"testing"

	"folio/index"
)

// The window counts as the command line does: "1,000+ results".
func TestStatusLineCountsWithCommasAsTheCLIDoes(t *testing.T) {
	for _, c := range []struct {
		res  index.Results
		want string
	}{
		{index.Results{Total: 1000, TotalCapped: true}, "1,000+ results"},
		{index.Results{Total: 1234}, "1,234 results"},
		{index.Results{Total: 1}, "1 result "},
	} {
		if got := statusLine(&c.res); !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v: %q, want %q…", c.res, got, c.want)
		}
	}
}
