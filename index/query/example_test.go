package query

import "testing"

func TestExampleHeading(t *testing.T) {
	for _, c := range []struct {
		path []string
		want string
	}{
		{[]string{"Fever", "When to call a doctor"}, ""}, // five words: too long; Fever: one word
		{[]string{"Fever in children", "Dosage"}, "Fever in children"},
		{[]string{"Install the app {#install}"}, "Install the app"},
		{[]string{"**Side effects:**"}, "Side effects"},
		{[]string{"Use `folio add`"}, ""},
		{[]string{"See [the guide](x.md)"}, ""},
		{nil, ""},
	} {
		if got := ExampleHeading(c.path); got != c.want {
			t.Errorf("ExampleHeading(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}
