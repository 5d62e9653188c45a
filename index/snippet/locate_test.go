package snippet

import "testing"

func TestLocate(t *testing.T) {
	text := "# Fever\n\nGive fluids   often.\nCall a doctor\n  if it lasts.\n"
	for _, c := range []struct {
		passage string
		want    string // the located bytes of text; "" when not found
	}{
		{"Give fluids   often.", "Give fluids   often."},                // exactly
		{"  Give fluids   often.\n", "Give fluids   often."},            // trimmed
		{"Call a doctor if it lasts.", "Call a doctor\n  if it lasts."}, // re-wrapped
		{"Call a nurse", ""},
		{"   ", ""},
	} {
		start, end, ok := Locate([]byte(text), []byte(c.passage))
		got := ""
		if ok {
			got = text[start:end]
		}
		if got != c.want {
			t.Errorf("Locate(%q) = %q, want %q", c.passage, got, c.want)
		}
	}
}
