package watch

import (
	"sync"
	"time"
)

// retrier schedules scans of folders whose batch failed (a full disk, a
// locked library): each is tried again as a scan of the whole folder, since
// the failed batch's changes are not known to be indexed, after a delay
// that doubles with each failure in a row up to max. It is pure (the
// caller gives the time), like the batcher. Watcher.Retry calls it from
// other goroutines, hence the lock.
type retrier struct {
	min, max time.Duration
	mu       sync.Mutex
	folders  map[string]*retry
}

type retry struct {
	delay time.Duration
	at    time.Time
	due   bool // handed to the batcher, not yet tried
}

func newRetrier(min, max time.Duration) *retrier {
	return &retrier{min: min, max: max, folders: map[string]*retry{}}
}

// failed records that a batch of folder failed at now.
func (r *retrier) failed(folder string, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f := r.folders[folder]
	if f == nil {
		f = &retry{delay: r.min}
		r.folders[folder] = f
	} else {
		f.delay = min(2*f.delay, r.max)
	}
	f.at, f.due = now.Add(f.delay), false
}

// succeeded records a batch of folder that went through: a whole-folder
// scan ends the retries, a partial one leaves them be.
func (r *retrier) succeeded(folder string, whole bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if whole {
		delete(r.folders, folder)
	}
}

// forget drops a folder no longer watched.
func (r *retrier) forget(folder string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.folders, folder)
}

// take returns the folders whose retry is due at now, each once per
// failure.
func (r *retrier) take(now time.Time) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for dir, f := range r.folders {
		if !f.due && !now.Before(f.at) {
			f.due = true
			out = append(out, dir)
		}
	}
	return out
}

// next is when the next retry falls due; false when none waits.
func (r *retrier) next() (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var at time.Time
	for _, f := range r.folders {
		if !f.due && (at.IsZero() || f.at.Before(at)) {
			at = f.at
		}
	}
	return at, !at.IsZero()
}
