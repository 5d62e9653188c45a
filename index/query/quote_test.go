package query

import "testing"

// A stray quote in pasted text is taken literally: the words after it
// stay optional words, not one required phrase.
func TestUnbalancedQuoteLeavesPlainWords(t *testing.T) {
	for _, in := range []string{`annual leave "policy for staff`, `annual "leave policy for staff`, `annual leave policy -"for staff`, `annual leave in:"policy for staff`, `“annual leave policy for staff`} {
		q := Parse(in)
		if len(q.Clauses) == 0 {
			t.Errorf("%q: no clauses", in)
		}
		for _, c := range q.Clauses {
			if c.Required() || c.Exclude || len(c.Terms) != 1 {
				t.Errorf("%q: clause %+v is not a plain word", in, c)
			}
		}
	}
	q := Parse(`"leave policy" "staff`)
	if len(q.Clauses) != 2 || len(q.Clauses[0].Terms) != 2 || !q.Clauses[1].Optional() {
		t.Errorf("a closed phrase then a stray quote: %+v", q.Clauses)
	}
}
