package filterbar

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index"
	"folio/index/query"
)

// The date choices and sort orders, as the selects show them.
const (
	AnyTime   = "Any time"
	PastWeek  = "Past week"
	PastMonth = "Past month"
	PastYear  = "Past year"
	Custom    = "Custom…"

	ByRelevance = "Relevance"
	ByDate      = "Newest first"
	ByPath      = "Path"
)

// sorts maps the sort choice to the index's order (index.Sort*).
var sorts = map[string]string{ByRelevance: "relevance", ByDate: "date", ByPath: "path"}

// MaxTags is how many of the library's tags the row offers.
const MaxTags = 40

// Bar is the filters' state and widgets.
type Bar struct {
	// Controls is the tags row with the date and sort choices at its end;
	// Dates the custom date fields (shown for Custom); InForce the chips
	// of the filters in force, the folder scope first.
	Controls, Dates, InForce *fyne.Container
	// Actions ends the controls row, after the sort order: the caller's
	// buttons (Save search…).
	Actions *fyne.Container

	// OnChange is called when a chip, the date or the sort changed.
	OnChange func()
	// OnUnscope is the folder chip's ×.
	OnUnscope func()
	// OnRemoveTyped is the × of a filter typed in the query.
	OnRemoveTyped func(query.Filter)
	// Now is today, for the past week, month and year.
	Now func() time.Time

	DateChoice, SortChoice *widget.Select
	After, Before          *widget.Entry
	tagRow                 *fyne.Container
	TagStrip               *Strip
	tagsLabel              *widget.Label
	problem                *widget.Label
	problemRow             *fyne.Container
	notices                *fyne.Container // a line each, so one cannot cut off the next
	noticeRow              *fyne.Container

	tags   []string       // the library's, most used first
	chosen []query.Filter // tag chips
	dates  []query.Filter // from the date choice
	scope  string         // the folder chip's text, "" for none
	typed  []query.Filter // in force, typed in the query
	quiet  bool           // setting the selects from code: no OnChange
}

// New builds the bar; its callbacks are set by the caller.
func New() *Bar {
	b := &Bar{Now: time.Now}
	b.tagsLabel = widget.NewLabel("Tags:")
	b.tagsLabel.Hide()
	b.tagRow = container.NewHBox()
	b.DateChoice = widget.NewSelect([]string{AnyTime, PastWeek, PastMonth, PastYear, Custom}, func(string) { b.dateChosen() })
	b.DateChoice.Selected = AnyTime
	b.SortChoice = widget.NewSelect([]string{ByRelevance, ByDate, ByPath}, func(string) { b.changed() })
	b.SortChoice.Selected = ByRelevance
	b.TagStrip = NewStrip(b.tagRow) // a narrow window scrolls the tags sideways
	b.Actions = container.NewHBox()
	b.Controls = newControls(b.tagsLabel, b.TagStrip.Root, container.NewHBox(b.DateChoice, b.SortChoice, b.Actions))

	b.After, b.Before = widget.NewEntry(), widget.NewEntry()
	for _, e := range []*widget.Entry{b.After, b.Before} {
		e.SetPlaceHolder("YYYY-MM-DD")
		e.OnChanged = func(string) { b.customChanged() }
	}
	b.problem = widget.NewLabel("")
	b.problem.Importance = widget.DangerImportance
	b.problemRow = container.NewHBox(widget.NewIcon(theme.ErrorIcon()), b.problem)
	b.problemRow.Hide()
	// Two lines, label and field: on one line of four columns, each as
	// wide as the longest label, the fields alone asked for 674 px at 120 %
	// text, more than an 800 px window has beside the sidebar.
	fields := container.NewGridWithColumns(2, widget.NewLabel("From (on or after)"), b.After, widget.NewLabel("Before"), b.Before)
	b.Dates = container.NewVBox(fields, b.problemRow)
	b.Dates.Hide()

	b.notices = container.NewVBox()
	b.noticeRow = container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), nil, b.notices)
	b.noticeRow.Hide()
	b.InForce = container.NewHBox()
	return b
}

// Notices is the row that says why a filter found nothing (SetNotices).
func (b *Bar) Notices() fyne.CanvasObject { return b.noticeRow }

// Filters are the chips' filters: tags and dates (not the folder scope,
// which the window passes as the search's folder).
func (b *Bar) Filters() []query.Filter {
	return append(append([]query.Filter(nil), b.chosen...), b.dates...)
}

// Sort is the chosen order, as index.SearchOptions.Sort takes it.
func (b *Bar) Sort() string { return sorts[b.SortChoice.Selected] }

// SetSort chooses the order (index.Sort*; "" is relevance) without OnChange.
func (b *Bar) SetSort(sort string) {
	choice := ByRelevance
	for k, v := range sorts {
		if v == sort {
			choice = k
		}
	}
	b.quiet = true
	b.SortChoice.SetSelected(choice)
	b.quiet = false
}

// Reset takes away the tag chips and the date choice, without OnChange:
// a saved search brings its filters in its query.
func (b *Bar) Reset() {
	b.chosen, b.dates = nil, nil
	b.quiet = true
	b.DateChoice.SetSelected(AnyTime)
	b.quiet = false
	b.Dates.Hide()
	b.showTags()
	b.showInForce()
}

// SetTags offers the library's tags, most used first.
func (b *Bar) SetTags(tags []index.TagCount) {
	b.tags = nil
	for i, t := range tags {
		if i < MaxTags {
			b.tags = append(b.tags, t.Tag)
		}
	}
	b.showTags()
}

// Tags are the tags the row offers.
func (b *Bar) Tags() []string { return b.tags }

// TagChip is the row's chip for tag, nil when it offers none.
func (b *Bar) TagChip(tag string) *Chip {
	for _, o := range b.tagRow.Objects {
		if c := o.(*Chip); c.text == "#"+tag {
			return c
		}
	}
	return nil
}

func (b *Bar) showTags() {
	b.tagRow.Objects = nil
	for _, t := range b.tags {
		c := NewChip("#"+t, func() { b.toggleTag(t) })
		if b.hasTag(t) {
			c.Importance = widget.HighImportance
		} else {
			c.Importance = widget.LowImportance
		}
		b.TagStrip.Add(c)
	}
	b.tagsLabel.Hidden = len(b.tags) == 0
	b.tagRow.Refresh()
	b.Controls.Refresh()
}

func (b *Bar) hasTag(t string) bool {
	for _, f := range b.chosen {
		if f.Value == t && !f.Exclude {
			return true
		}
	}
	return false
}

// toggleTag adds a tag chip, or takes it away when it is there.
func (b *Bar) toggleTag(t string) {
	if b.hasTag(t) {
		b.removeTag(t)
		return
	}
	b.chosen = append(b.chosen, query.Filter{Field: query.FieldTag, Value: t})
	b.showTags()
	b.changed()
}

func (b *Bar) removeTag(t string) {
	var keep []query.Filter
	for _, f := range b.chosen {
		if f.Value != t {
			keep = append(keep, f)
		}
	}
	b.chosen = keep
	b.showTags()
	b.changed()
}

// dateChosen sets the date filters from the choice: the past week, month
// or year as after: the day it began; Custom shows the fields.
func (b *Bar) dateChosen() {
	if b.quiet {
		return
	}
	now := b.Now()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	b.Dates.Hide()
	switch b.DateChoice.Selected {
	case PastWeek:
		b.dates = []query.Filter{after(day.AddDate(0, 0, -7))}
	case PastMonth:
		b.dates = []query.Filter{after(day.AddDate(0, -1, 0))}
	case PastYear:
		b.dates = []query.Filter{after(day.AddDate(-1, 0, 0))}
	case Custom:
		b.Dates.Show()
		b.customChanged()
		return
	default:
		b.dates = nil
	}
	b.changed()
}

func after(t time.Time) query.Filter {
	return query.Filter{Field: query.FieldAfter, Value: t.Format("2006-01-02"), At: t}
}

// customChanged checks the custom fields and, when they make sense,
// filters by them. What is wrong is said under them, in place.
func (b *Bar) customChanged() {
	fs, err := customDates(b.After.Text, b.Before.Text)
	if err != nil {
		b.problem.SetText(err.Error())
		b.problemRow.Show()
		return
	}
	b.problemRow.Hide()
	b.dates = fs
	b.changed()
}

// customDates reads the custom fields: either may be empty.
func customDates(from, before string) ([]query.Filter, error) {
	var fs []query.Filter
	for _, d := range []struct{ field, text string }{{query.FieldAfter, from}, {query.FieldBefore, before}} {
		text := strings.TrimSpace(d.text)
		if text == "" {
			continue
		}
		at, ok := query.ParseDate(text, time.Local)
		if !ok {
			return nil, fmt.Errorf("%q is not a date: type YYYY-MM-DD, YYYY-MM or YYYY", text)
		}
		fs = append(fs, query.Filter{Field: d.field, Value: text, At: at})
	}
	if len(fs) == 2 && !fs[0].At.Before(fs[1].At) {
		return nil, fmt.Errorf("nothing is dated from %s and before %s: the first date must come earlier", fs[0].Value, fs[1].Value)
	}
	return fs, nil
}

// clearDates is a date chip's ×: any time again.
func (b *Bar) clearDates() {
	b.quiet = true
	b.DateChoice.SetSelected(AnyTime)
	b.quiet = false
	b.Dates.Hide()
	b.dates = nil
	b.changed()
}

// SetScope shows the folder chip ("In name"; "" takes it away).
func (b *Bar) SetScope(name string) {
	b.scope = name
	b.showInForce()
}

// Scope is the folder chip's text, "" when there is none.
func (b *Bar) Scope() string {
	if b.scope == "" {
		return ""
	}
	return "In " + b.scope
}

// SetInForce shows the filters the search used that the chips do not
// hold: those typed in the query, so that they are seen and removable.
func (b *Bar) SetInForce(used []query.Filter) {
	b.typed = nil
	own := b.Filters()
	for _, f := range used {
		if !contains(own, f) {
			b.typed = append(b.typed, f)
		}
	}
	b.showInForce()
}

// SetNotices says why a filter found nothing (Results.Notices).
func (b *Bar) SetNotices(notices []string) {
	b.notices.Objects = nil
	for _, n := range notices {
		l := widget.NewLabel(n)
		l.Importance = widget.WarningImportance
		l.Truncation = fyne.TextTruncateEllipsis
		b.notices.Add(l)
	}
	b.noticeRow.Hidden = len(notices) == 0
	b.noticeRow.Refresh()
}

func contains(fs []query.Filter, f query.Filter) bool {
	for _, o := range fs {
		if o.Field == f.Field && o.Exclude == f.Exclude && strings.EqualFold(o.Value, f.Value) {
			return true
		}
	}
	return false
}

// Chips are the chips in force, in order.
func (b *Bar) Chips() []*Chip {
	var out []*Chip
	for _, o := range b.InForce.Objects {
		out = append(out, o.(*Chip))
	}
	return out
}

func (b *Bar) showInForce() {
	b.InForce.Objects = nil
	if b.scope != "" {
		b.InForce.Add(newRemovable("In "+b.scope, func() {
			if b.OnUnscope != nil {
				b.OnUnscope()
			}
		}))
	}
	for _, f := range b.chosen {
		b.InForce.Add(newRemovable(f.Label(), func() { b.removeTag(f.Value) }))
	}
	for _, f := range b.dates {
		b.InForce.Add(newRemovable(f.Label(), b.clearDates))
	}
	for _, f := range b.typed {
		b.InForce.Add(newRemovable(f.Label(), func() {
			if b.OnRemoveTyped != nil {
				b.OnRemoveTyped(f)
			}
		}))
	}
	b.InForce.Refresh()
}

func (b *Bar) changed() {
	if b.quiet {
		return
	}
	b.showInForce()
	if b.OnChange != nil {
		b.OnChange()
	}
}

// RemoveTyped takes the filter f out of the query q as it was typed
// (any case, negated, quoted); q is unchanged when it does not hold f.
func RemoveTyped(q string, f query.Filter) string {
	for _, tok := range tokens(q) {
		if g, err := query.ParseFilter(tok); err == nil && same(g, f) {
			return strings.Join(strings.Fields(strings.Replace(q, tok, "", 1)), " ")
		}
	}
	return q
}

// tokens splits q at spaces, but not inside quotes (folder:"My notes").
func tokens(q string) []string {
	var out []string
	var cur strings.Builder
	quoted := false
	for _, r := range q {
		switch {
		case strings.ContainsRune(`"“”«»`, r):
			quoted = !quoted
			cur.WriteRune(r)
		case unicode.IsSpace(r) && !quoted:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

func same(a, b query.Filter) bool {
	return a.Field == b.Field && a.Exclude == b.Exclude && strings.EqualFold(a.Value, b.Value)
}

// Query is text with the chips' filters as they are typed, so that the
// search can be run again from words alone (history, saved searches).
func (b *Bar) Query(text string) string {
	parts := []string{strings.TrimSpace(text)}
	for _, f := range b.Filters() {
		parts = append(parts, f.String())
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

// SearchedIn says what a search looked in, for its count: " in
// medquad-md · #policy · from 2024" (folder is the scope's name, or "").
func SearchedIn(folder string, fs []query.Filter) string {
	var parts []string
	if folder != "" {
		parts = append(parts, "in "+folder)
	}
	for _, f := range fs {
		parts = append(parts, f.Label())
	}
	switch {
	case len(parts) == 0:
		return ""
	case strings.HasPrefix(parts[0], "in "):
		return " " + strings.Join(parts, " · ")
	}
	return " · " + strings.Join(parts, " · ")
}
