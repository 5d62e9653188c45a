package spell

import "testing"

// A function word mistyped is read as that word; a short word that no
// letter put back or swapped makes one is not.
func TestStopwordTypo(t *testing.T) {
	for word, want := range map[string]bool{
		"hwo": true, "wiht": true, "teh": true, "adn": true, "fo": false, // two letters: too short to tell
		"gene": false, "zqx": false, "ho2": false, "ηωο": false,
	} {
		if got := StopwordTypo(word, 0); got != want {
			t.Errorf("StopwordTypo(%q) = %v, want %v", word, got, want)
		}
	}
	// Held in a row or two: a typo still, unless it is a common word.
	for word, want := range map[string]bool{"wich": true, "Teh": true, "hat": false, "ant": false, "IST": false} {
		if got := StopwordTypo(word, 1); got != want {
			t.Errorf("StopwordTypo(%q, 1 row) = %v, want %v", word, got, want)
		}
	}
}
