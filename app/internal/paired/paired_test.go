package paired

import (
	"math"
	"testing"
)

func TestSignTestAndBootstrap(t *testing.T) {
	for _, c := range []struct {
		up, down int
		p        float64
	}{{0, 0, 1}, {1, 1, 1}, {5, 0, 0.0625}, {0, 5, 0.0625}, {9, 1, 0.021484375}, {3, 2, 1}} {
		if got := SignTest(c.up, c.down); math.Abs(got-c.p) > 1e-9 {
			t.Errorf("SignTest(%d, %d) = %g, want %g", c.up, c.down, got, c.p)
		}
	}
	// No change anywhere: no interval either.
	if m, lo, hi := BootstrapMean([]float64{0, 0, 0, 0}); m != 0 || lo != 0 || hi != 0 {
		t.Errorf("all ties: %g %g…%g", m, lo, hi)
	}
	// One question of 80 gained: the interval reaches zero, so it is noise.
	d := make([]float64, 80)
	d[0] = 1
	if m, lo, hi := BootstrapMean(d); math.Abs(m-1.0/80) > 1e-12 || lo != 0 || hi <= m {
		t.Errorf("one of 80: %g %g…%g", m, lo, hi)
	}
}
