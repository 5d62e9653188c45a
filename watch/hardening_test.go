package watch

import (
	"slices"
	"testing"
	"time"
)

// A folder whose batch keeps failing is retried after 1 s, 2 s, 4 s … up
// to 30 s; a whole-folder scan that goes through ends the retries.
func TestFailedBatchesAreRetriedWithBackoff(t *testing.T) {
	o := Options{}
	o.defaults()
	r := newRetrier(o.RetryMin, o.RetryMax)
	now := time.Unix(1000, 0)
	var delays []time.Duration
	for i := 0; i < 7; i++ {
		r.failed("/n", now)
		at, ok := r.next()
		if !ok {
			t.Fatal("no retry scheduled")
		}
		if got := r.take(at.Add(-time.Millisecond)); len(got) != 0 {
			t.Fatalf("retry taken early: %v", got)
		}
		if got := r.take(at); !slices.Equal(got, []string{"/n"}) {
			t.Fatalf("retry not due at its time: %v", got)
		}
		if got := r.take(at.Add(time.Hour)); len(got) != 0 {
			t.Fatalf("the same retry taken twice: %v", got)
		}
		delays = append(delays, at.Sub(now))
		now = at
	}
	want := []time.Duration{1, 2, 4, 8, 16, 30, 30}
	for i := range want {
		want[i] *= time.Second
	}
	if !slices.Equal(delays, want) {
		t.Errorf("delays %v, want %v", delays, want)
	}
	r.succeeded("/n", false)
	r.failed("/n", now)
	if at, _ := r.next(); at.Sub(now) != 30*time.Second {
		t.Errorf("a partial batch that went through reset the backoff: %v", at.Sub(now))
	}
	r.succeeded("/n", true)
	r.failed("/n", now)
	if at, _ := r.next(); at.Sub(now) != time.Second {
		t.Errorf("a whole scan that went through did not reset the backoff: %v", at.Sub(now))
	}
}
