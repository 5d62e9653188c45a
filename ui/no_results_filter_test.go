package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"folio/internal/testutil/testlib"
)

// A search that finds nothing with a filter in force ("leave tag:x")
// says the filter may be why, and how to take it off.
func TestNoResultsWithAFilterSaysToTryFewerFilters(t *testing.T) {
	ix := testlib.Open(t)
	testlib.AddFolder(t, ix, map[string]string{"handbook/leave.md": handbook})
	w := newWindow(t, ix)
	test.Type(w.search, "sick leave tag:nosuchtag")
	waitFor(t, "no results", func() bool { return onUI(w, func() bool { return strings.HasPrefix(w.status.Text, "No results") }) })
	var got string
	onUI(w, func() bool { got = w.status.Text; return true })
	if !strings.Contains(got, "filters") || !strings.Contains(got, "×") {
		t.Errorf("the status says %q, want it to name the filters and their ×", got)
	}
}
