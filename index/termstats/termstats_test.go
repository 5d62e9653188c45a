package termstats

import (
	"math"
	"testing"
)

// How far into the rows an id lies, for the layouts a library takes: ids
// dense from 1; twelve copies whose shared rows hold the lowest ids and
// whose last passages are spread over the rest; a first folder removed,
// its ids empty.
func TestRowsBelowAnIdFollowWhereTheRowsLie(t *testing.T) {
	for _, c := range []struct {
		name string
		s    spread
		id   int64
		want float64
		tol  float64 // relative
	}{
		{"dense", spread{ids: []float64{0, 5263, 84211}, rows: []float64{0, 5263, 84211}}, 42000, 42000, 0.001},
		// 84,211 shared rows in ids 1–84,211, then 504,533 rows over the
		// remaining 932,321 ids (the measured million-passage library).
		{"copies, in the shared rows", spread{ids: []float64{0, 63533, 1016532}, rows: []float64{0, 63533, 588744}}, 42000, 42000, 0.001},
		{"copies, among the last passages", spread{ids: []float64{0, 63533, 1016532}, rows: []float64{0, 63533, 588744}}, 500000, 84211 + (500000-84211)*504533/932321.0, 0.02},
		{"first folder removed", spread{ids: []float64{300, 362, 1300}, rows: []float64{0, 62, 1000}}, 1015, 715, 0.01},
	} {
		got := c.s.below(c.id)
		if math.Abs(got-c.want) > c.tol*c.want {
			t.Errorf("%s: %.0f rows below id %d, want about %.0f", c.name, got, c.id, c.want)
		}
	}
}
