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
