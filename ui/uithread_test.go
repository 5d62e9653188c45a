package ui

import "sync"

// The tests are the UI thread: what background work hands to do waits here
// until the test goroutine runs it (waitFor, settled, onUI), as a desktop's
// event loop runs it between events. Fyne's test driver would run it at
// once on the background goroutine, beside the test's own taps and reads:
// the race detector counted over two thousand such races in this package,
// and one ended a CI run with a concurrent map write in a label's cache.
var uiQueue struct {
	mu sync.Mutex
	fs []func()
}

func init() { runOnUI = queueUI }

func queueUI(f func()) {
	uiQueue.mu.Lock()
	defer uiQueue.mu.Unlock()
	uiQueue.fs = append(uiQueue.fs, f)
}

// pumpUI runs what is queued, in order, on the calling goroutine; work
// queued meanwhile runs too.
func pumpUI() {
	for {
		uiQueue.mu.Lock()
		if len(uiQueue.fs) == 0 {
			uiQueue.mu.Unlock()
			return
		}
		f := uiQueue.fs[0]
		uiQueue.fs = uiQueue.fs[1:]
		uiQueue.mu.Unlock()
		f()
	}
}

// dropUI forgets what is queued.
func dropUI() {
	uiQueue.mu.Lock()
	defer uiQueue.mu.Unlock()
	uiQueue.fs = nil
}
