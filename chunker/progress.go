package chunker

import "context"

// checkEvery is how many bytes of the chunker's own work pass between two
// looks at the context: a few hundred KB take well under a millisecond, and
// a look costs a lock.
const checkEvery = 256 << 10

// progress counts the bytes Split's loops go through, so that a cancel is
// noticed however the work is spread over sections, pieces and sentences,
// and so that tests can check the work stays linear in the input.
type progress struct {
	ctx  context.Context
	done int // bytes gone through so far
	next int // look at ctx when done reaches next
	err  error
}

// add counts n bytes of work and reports whether to go on. A nil progress
// (Measure) always goes on.
func (p *progress) add(n int) bool {
	if p == nil {
		return true
	}
	p.done += n
	return p.done < p.next || p.look() // next stays 0 once cancelled
}

// look is add's slow path, apart so that add is inlined.
//
//go:noinline
func (p *progress) look() bool {
	if p.err = p.ctx.Err(); p.err != nil {
		p.next = 0
		return false
	}
	p.next = p.done + checkEvery
	return true
}

// stopped looks at the context now and reports whether it was cancelled.
func (p *progress) stopped() bool {
	return p != nil && !p.look()
}
