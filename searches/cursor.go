package searches

// Cursor walks the history from an empty search field: Back (Up) gives
// the previous query, each older than the last, and Forward (Down) comes
// back towards the newest and then to the empty field.
type Cursor struct {
	items []string
	at    int // -1: the empty field, 0: the newest query
}

// NewCursor walks items, newest first, starting at the empty field.
func NewCursor(items []string) *Cursor { return &Cursor{items: items, at: -1} }

// Back is the next older query; false at the oldest (or with none).
func (c *Cursor) Back() (string, bool) {
	if c.at+1 >= len(c.items) {
		return "", false
	}
	c.at++
	return c.items[c.at], true
}

// Forward is the next newer query, "" when it comes back to the empty
// field; false when it is there already.
func (c *Cursor) Forward() (string, bool) {
	if c.at < 0 {
		return "", false
	}
	c.at--
	if c.at < 0 {
		return "", true
	}
	return c.items[c.at], true
}

// Shown is the query the cursor is at, "" at the empty field.
func (c *Cursor) Shown() string {
	if c.at < 0 {
		return ""
	}
	return c.items[c.at]
}

// Walker is the history walk of a search field: Up (back) in the empty
// field starts it, Up and Down go on while the field shows what the walk
// put there, and any edit ends it.
type Walker struct {
	History func() []string // newest first, read as a walk starts
	c       *Cursor
}

// Step is the key Up (back) or Down in a field showing field: show is what
// the field shows next when moved; handled is false when the key is not
// the walk's (the results take it).
func (w *Walker) Step(field string, back bool) (show string, moved, handled bool) {
	if w.c == nil || field != w.c.Shown() {
		if field != "" || !back || w.History == nil {
			w.c = nil
			return "", false, false
		}
		w.c = NewCursor(w.History())
	}
	var q string
	var ok bool
	if back {
		q, ok = w.c.Back()
	} else {
		q, ok = w.c.Forward()
	}
	if !ok {
		return "", false, back // at the oldest: stay; at the empty field: Down is the results'
	}
	return q, true, true
}

// Walking reports whether q is what the walk put in the field.
func (w *Walker) Walking(q string) bool { return w.c != nil && q == w.c.Shown() }
