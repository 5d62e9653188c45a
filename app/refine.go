package app

import (
	"encoding/json"
	"fmt"

	"folio/index/refine"
)

// printRefinements prints `folio search --suggest`: one refinement a line
// for a person or a shell loop, or one JSON object for scripts. Nothing
// to offer exits like a search that found nothing.
func printRefinements(e *env, rs []refine.Refinement, asJSON bool) int {
	if asJSON {
		if rs == nil {
			rs = []refine.Refinement{}
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(struct {
			Refinements []refine.Refinement `json:"refinements"`
		}{rs}); err != nil {
			return fail(e, err)
		}
	} else {
		for _, r := range rs {
			fmt.Fprintln(e.stdout, r.Text)
		}
	}
	if len(rs) == 0 {
		return exitNothing
	}
	return exitOK
}
