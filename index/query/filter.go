package query

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Filter narrows a search to some documents: what the note says of itself
// (tags, a date in its front matter) or where it lives. Filters never rank;
// they only decide which documents may be found.
//
//	tag:NAME          the note has the tag (front matter or an inline #tag);
//	                  tag:a also finds the nested tags a/b, a/b/c
//	folder:NAME       a library folder by the name the sidebar shows, or its path
//	after:DATE        dated on or after the start of DATE (YYYY-MM-DD, YYYY-MM, YYYY)
//	before:DATE       dated before the start of DATE
//	-tag:NAME …       each negates
//
// A note's date is its front matter's date, else the file's modification
// time. NAME may be quoted (folder:"My notes").
type Filter struct {
	Field   string // FieldTag, FieldFolder, FieldAfter, FieldBefore
	Value   string // as typed, unquoted; tags lower-cased without a leading #
	Exclude bool
	// At is the start of the typed date (after:, before:), in local time.
	At time.Time
}

// The filter fields.
const (
	FieldTag    = "tag"
	FieldFolder = "folder"
	FieldAfter  = "after"
	FieldBefore = "before"
)

var fields = []string{FieldTag, FieldFolder, FieldAfter, FieldBefore}

// String is the filter as it is typed, so that it can be put back into a
// query (a removed chip, a saved search).
func (f Filter) String() string {
	v := f.Value
	if v == "" || strings.ContainsFunc(v, func(r rune) bool { return isSep(r) || isQuote(r) }) {
		v = `"` + strings.Map(func(r rune) rune {
			if isQuote(r) {
				return -1
			}
			return r
		}, v) + `"`
	}
	if f.Exclude {
		return "-" + f.Field + ":" + v
	}
	return f.Field + ":" + v
}

// Label is the filter in words, for a chip or a results line.
func (f Filter) Label() string {
	not := ""
	if f.Exclude {
		not = "not "
	}
	switch f.Field {
	case FieldTag:
		return not + "#" + f.Value
	case FieldFolder:
		return not + "in " + f.Value
	case FieldAfter:
		return not + "from " + f.Value
	case FieldBefore:
		return not + "before " + f.Value
	}
	return f.String()
}

// ParseDate reads YYYY-MM-DD, YYYY-MM or YYYY (also with / or . between
// the parts) as the start of that day, month or year in loc.
func ParseDate(s string, loc *time.Location) (time.Time, bool) {
	s = strings.NewReplacer("/", "-", ".", "-").Replace(strings.TrimSpace(s))
	for _, layout := range []string{"2006-01-02", "2006-1-2", "2006-01", "2006-1", "2006"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil && t.Year() >= 1 {
			return t, true
		}
	}
	return time.Time{}, false
}

// filterAt reads a filter at s[i:] (after a leading - if any): a known
// field, a colon and a value, quoted or up to the next separator. It
// returns the filter and where the text after it starts; ok is false when
// s[i:] is not a filter, which then reads as words. A date filter with a
// value that is not a date is not a filter either ("after:lunch" is two
// words).
func filterAt(s string, i int) (f Filter, next int, ok bool) {
	for _, name := range fields {
		if len(s)-i > len(name) && strings.EqualFold(s[i:i+len(name)], name) && s[i+len(name)] == ':' {
			f.Field = name
			i += len(name) + 1
			break
		}
	}
	if f.Field == "" {
		return f, i, false
	}
	var value string
	if r, n := utf8.DecodeRuneInString(s[i:]); i < len(s) && isQuote(r) {
		end := strings.IndexFunc(s[i+n:], isQuote)
		if end < 0 {
			return f, i, false
		}
		value, next = s[i+n:i+n+end], i+n+end
		_, qn := utf8.DecodeRuneInString(s[next:])
		next += qn
	} else {
		// Up to a space or a quote (a quote starts a phrase, and a value
		// holding one could not be written back as a chip).
		end := strings.IndexFunc(s[i:], func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || isQuote(r) })
		if end < 0 {
			end = len(s) - i
		}
		value, next = s[i:i+end], i+end
	}
	value = strings.TrimSpace(value)
	switch f.Field {
	case FieldTag:
		value = NormalTag(value)
	case FieldAfter, FieldBefore:
		at, ok := ParseDate(value, time.Local)
		if !ok {
			return f, i, false
		}
		f.At = at
	}
	if value == "" {
		return f, i, false
	}
	f.Value = value
	return f, next, true
}

// NormalTag is the form tags are stored and compared in: lower case,
// without a leading #, without slashes at either end ("#Policy/" → "policy").
func NormalTag(t string) string {
	t = strings.TrimSpace(t)
	t = strings.TrimLeft(t, "#")
	t = strings.Trim(t, "/")
	return strings.ToLower(t)
}

// addFilter keeps the first of equal filters.
func (q *Query) addFilter(f Filter) {
	for _, o := range q.Filters {
		if o.Field == f.Field && o.Exclude == f.Exclude && strings.EqualFold(o.Value, f.Value) {
			return
		}
	}
	q.Filters = append(q.Filters, f)
}

// ParseFilter reads one filter as typed ("tag:policy", "-folder:x"): for
// chips and saved searches.
func ParseFilter(s string) (Filter, error) {
	s = strings.TrimSpace(s)
	i := 0
	exclude := strings.HasPrefix(s, "-")
	if exclude {
		i = 1
	}
	f, next, ok := filterAt(s, i)
	if !ok || strings.TrimSpace(s[next:]) != "" {
		return Filter{}, fmt.Errorf("%q is not a filter (tag:NAME, folder:NAME, after:YYYY-MM-DD, before:YYYY-MM-DD)", s)
	}
	f.Exclude = exclude
	return f, nil
}
