package app

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"folio/index"
	"folio/index/query"
	"folio/searches"
)

// searchSyntax ends `folio search --help`: the query language, filters
// included, as the window's F1 panel describes it.
const searchSyntax = `
The query:
  words                 passages with these words (close words when one is unknown)
  "a phrase"            these words in this order
  prefix*               words starting so
  -word, NOT word       passages without the word (NOT in capitals; in a question, -"word"; --x, -g, -20: searched)
  in:word               the word in the heading path
  tag:NAME              notes with the tag (front matter tags, or an inline #tag);
                        nested tags: tag:a/b; tag:a also finds a/b and a/b/c
  folder:NAME           one library folder, by the name citations show or its path
                        (folder:"My notes" when the name has spaces)
  after:DATE            notes dated on or after DATE; before:DATE  dated before it
                        (DATE is YYYY-MM-DD, YYYY-MM or YYYY; a note's date is its
                        front matter's date, else the file's modification time)
  -tag:draft …          any filter negated
A query of filters alone lists the notes they match, e.g.
  folio search tag:policy after:2024 -tag:draft
  folio search --sort date folder:handbook leave
  folio search --saved "Cardiology" statins     (a saved search, with more words)
`

// sortOrders are the orders --sort takes.
var sortOrders = []string{index.SortRelevance, index.SortDate, index.SortPath}

// checkSort is nil for an order --sort takes ("" is relevance).
func checkSort(s string) error {
	if s == "" {
		return nil
	}
	for _, o := range sortOrders {
		if s == o {
			return nil
		}
	}
	return fmt.Errorf("--sort %s is not an order: use relevance, date (newest first) or path", s)
}

// savedSearch is the query and order of the saved search named name, with
// words added to its query.
func savedSearch(name string, words []string) (q, sort string, err error) {
	store, err := searches.OpenDefault()
	if err != nil {
		return "", "", err
	}
	s, ok := store.Find(name)
	if !ok {
		return "", "", fmt.Errorf("no saved search is named %q (`folio saved` lists them)", name)
	}
	return strings.TrimSpace(s.Query + " " + strings.Join(words, " ")), s.Sort, nil
}

// runSaved lists the saved searches: the name, then what it searches.
func runSaved(e *env, args []string) int {
	fs := newFlagSet(e, "saved")
	asJSON := fs.Bool("json", false, "one JSON object per saved search per line")
	rest, err := parseFlags(fs, args)
	if err != nil || len(rest) > 0 {
		fs.Usage()
		return exitError
	}
	store, err := searches.OpenDefault()
	if err != nil {
		return fail(e, err)
	}
	list := store.Saved()
	if *asJSON {
		enc := json.NewEncoder(jsonWriter(e.stdout))
		enc.SetEscapeHTML(false)
		for _, s := range list {
			enc.Encode(s)
		}
	} else {
		for _, s := range list {
			sort := ""
			if s.Sort != "" && s.Sort != index.SortRelevance {
				sort = "  (sorted by " + s.Sort + ")"
			}
			fmt.Fprintf(e.stdout, "%s\n    folio search --saved %q%s    searches: %s\n", s.Name, s.Name, sort, s.Query)
		}
		if len(list) == 0 {
			fmt.Fprintf(e.stdout, "No saved searches yet: the window's \"Save search…\" names one (kept in %s).\n", store.Path())
		}
	}
	if len(list) == 0 {
		return exitNothing
	}
	return exitOK
}

// jsonFilter is a filter in force in --json: its field and value, whether
// it excludes, and how it is typed.
type jsonFilter struct {
	Field   string `json:"field"`
	Value   string `json:"value"`
	Exclude bool   `json:"exclude,omitempty"`
	Typed   string `json:"typed"`
}

func toJSONFilters(fs []query.Filter) []jsonFilter {
	var out []jsonFilter
	for _, f := range fs {
		out = append(out, jsonFilter{Field: f.Field, Value: f.Value, Exclude: f.Exclude, Typed: f.String()})
	}
	return out
}

// hitDate is a hit's date for --json, and where it comes from.
func hitDate(h index.Hit) (date, from string) {
	if h.Date.IsZero() {
		return "", ""
	}
	if h.Dated {
		return h.Date.Format("2006-01-02"), "front_matter"
	}
	return h.Date.Format("2006-01-02"), "modified"
}

// scopeWords is the filters in force in words: "#policy · from 2024".
func scopeWords(fs []query.Filter) string {
	var labels []string
	for _, f := range fs {
		labels = append(labels, f.Label())
	}
	return strings.Join(labels, " · ")
}

// printNotices says why filters found nothing that exists, before the
// hits for a person, on stderr for a script (whose stdout is hits only).
func printNotices(w io.Writer, res *index.Results) {
	for _, n := range res.Notices {
		fmt.Fprintf(w, "Note: %s\n", n)
	}
}
