// Package dedup tells copies of a passage apart from different passages:
// a MinHash signature over word trigrams, compared slot by slot, and band
// keys so a caller compares each passage only with likely copies. It is
// pure: no SQLite, no index types.
package dedup

import "math/bits"

// Copies of a passage (a backup folder, an exported copy, vendored docs)
// are rarely identical to the byte: a line added at the end, a date, a
// fixed typo. Passages are the same for a results page when their
// word-trigram sets overlap by at least nearDupJaccard (a copy of a short
// tldr page with one line added overlaps about 0.8; different pages of one
// kind, under 0.3), estimated with a MinHash signature of sigSize slots; a
// short passage must be identical.
const (
	sigBits        = 5
	sigSize        = 1 << sigBits
	nearDupJaccard = 0.75
	minShingles    = 12 // fewer word trigrams than this: compare exactly
)

// Signature is a passage's MinHash over its word trigrams.
type Signature struct {
	exact uint64 // hash of the whole text, for short passages
	min   [sigSize]uint64
	short bool
}

// Of computes text's signature.
func Of(text string) Signature {
	var s Signature
	// Word hashes (FNV-1a), words split at ASCII white space.
	var words []uint64
	h := uint64(14695981039346656037)
	all := h
	in := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		all = (all ^ uint64(c)) * 1099511628211
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			if in {
				words = append(words, h)
				h, in = 14695981039346656037, false
			}
			continue
		}
		h = (h ^ uint64(c)) * 1099511628211
		in = true
	}
	if in {
		words = append(words, h)
	}
	s.exact = all
	if len(words) < minShingles+2 {
		s.short = true
		return s
	}
	// One permutation hashing (Li, Owen and Zhang 2012): each trigram is
	// hashed once and lands in one of the sigSize slots by its top bits,
	// which keep their smallest value; a slot no trigram reached takes its
	// next filled neighbour's (Shrivastava and Li 2014). The same estimate
	// as sigSize separate hashes for a sigSize-th of the work.
	const empty = ^uint64(0)
	for i := range s.min {
		s.min[i] = empty
	}
	for i := 0; i+2 < len(words); i++ {
		x := words[i]*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(words[i+1], 21)*0xC2B2AE3D27D4EB4F ^ bits.RotateLeft64(words[i+2], 42)
		x ^= x >> 29
		x *= 0xBF58476D1CE4E5B9
		x ^= x >> 32
		slot, v := x>>(64-sigBits), x<<sigBits
		if v < s.min[slot] {
			s.min[slot] = v
		}
	}
	for i := range s.min {
		if s.min[i] != empty {
			continue
		}
		for d := 1; d < sigSize; d++ {
			if v := s.min[(i+d)%sigSize]; v != empty && v&(1<<sigBits-1) == 0 {
				s.min[i] = v | uint64(d) // which neighbour, so filled slots rarely agree by chance
				break
			}
		}
	}
	return s
}

// Same reports whether two passages are copies of each other.
func (s Signature) Same(o Signature) bool {
	if s.short || o.short {
		return s.exact == o.exact
	}
	equal := 0
	for i := range s.min {
		if s.min[i] == o.min[i] {
			equal++
		}
	}
	return float64(equal) >= nearDupJaccard*sigSize
}

// bands split a signature for locality-sensitive hashing: copies agree on
// every slot of at least one band nearly always, so each passage is
// compared only with the passages that share a band with it.
const bands = 8

// BandKeys are the signature's band hashes (one key for a short passage).
func (s Signature) BandKeys() []uint64 {
	if s.short {
		return []uint64{s.exact}
	}
	keys := make([]uint64, bands)
	per := sigSize / bands
	for b := range keys {
		k := uint64(b + 1)
		for _, v := range s.min[b*per : (b+1)*per] {
			k = k*0x100000001B3 ^ v
		}
		keys[b] = k
	}
	return keys
}
