// Package dedup tells copies of a passage apart from different passages:
// a MinHash signature over word trigrams, compared slot by slot, and band
// keys so a caller compares each passage only with likely copies. It is
// pure: no SQLite, no index types.
package dedup

import (
	"math/bits"
	"slices"
)

// Copies of a passage (a backup folder, an exported copy, vendored docs)
// are rarely identical to the byte: a line added at the end, a date, a
// fixed typo. Passages are the same for a results page when their
// word-trigram sets overlap by at least nearDupJaccard (a copy of a tldr
// page with one line added overlaps about 0.8; different pages of one
// kind, under 0.3), estimated with a MinHash signature of sigSize slots;
// or when one is the other with a line more or less at its start or end
// and what they share is most of each (ends): a line added to a page of
// a dozen words moves too many of its few trigrams for the estimate. A
// passage of fewer than minShingles words is compared by its lines only.
// Text without spaces (Chinese, Japanese) counts each character as a word.
const (
	sigBits        = 5
	sigSize        = 1 << sigBits
	nearDupJaccard = 0.75
	minShingles    = 12 // fewer word trigrams than this: compare by lines
	// A line more or less: the lines both hold are at least minShared
	// words and endsShare of each passage's words.
	minShared = 8
	endsShare = 2.0 / 3
)

// Signature is a passage's MinHash over its word trigrams, and the hashes
// of its text whole and without its first or last line.
type Signature struct {
	ends  [3]part // whole, without the first line, without the last
	min   [sigSize]uint64
	short bool
}

// part is a hash of some of a passage's lines and their number of words.
type part struct {
	hash  uint64
	words int
}

const fnvOffset, fnvPrime = 14695981039346656037, 1099511628211

// What a byte of the text is to Of: part of a word, a space, a line's end
// or the first of a CJK character's three bytes.
const (
	inWord uint8 = iota
	space
	newline
	cjkLead
)

var byteKind = func() (k [256]uint8) {
	for _, c := range []byte{' ', '\t', '\r', '\f', '\v'} {
		k[c] = space
	}
	k['\n'] = newline
	for c := 0xE3; c <= 0xED; c++ {
		k[c] = cjkLead
	}
	return k
}()

// Of computes text's signature.
func Of(text string) Signature {
	var b Buffers
	return b.Of(text)
}

// Buffers are what signing a text needs besides the signature, kept to
// sign the next: a search signs hundreds of passages, each a few
// kilobytes of word hashes. Not for concurrent use.
type Buffers struct {
	words, lineHash []uint64
	lineEnds        []int
}

// Of computes text's signature with b's buffers.
func (b *Buffers) Of(text string) Signature {
	var s Signature
	// A line's hash is the hash of its words' hashes, in order.
	b.words, b.lineEnds = wordHashes(text, b.words[:0], b.lineEnds[:0])
	words, lineEnds := b.words, b.lineEnds
	b.lineHash = slices.Grow(b.lineHash[:0], len(lineEnds))[:len(lineEnds)]
	lineHash := b.lineHash
	for l, end := range lineEnds {
		from := 0
		if l > 0 {
			from = lineEnds[l-1]
		}
		lh := uint64(fnvOffset)
		for _, w := range words[from:end] {
			lh = (lh ^ w) * fnvPrime
		}
		lineHash[l] = lh
	}
	s.ends = lineParts(lineEnds, lineHash)
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

// wordHashes appends to words the hashes of text's words (FNV-1a), split
// at white space, and to lineEnds how many words come before each
// non-blank line's end. Kept small:
// it runs over every byte of every candidate of every search.
func wordHashes(text string, words []uint64, lineEnds []int) ([]uint64, []int) {
	words = slices.Grow(words, len(text)/5+1)
	h := uint64(fnvOffset)
	in := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c > ' ' && (c < 0xE3 || c > 0xED) { // most bytes
			h = (h ^ uint64(c)) * fnvPrime
			in = true
			continue
		}
		k := byteKind[c]
		if k == cjkLead && i+2 >= len(text) {
			k = inWord // a cut-off character
		}
		if k == inWord {
			h = (h ^ uint64(c)) * fnvPrime
			in = true
			continue
		}
		if in {
			words = append(words, h)
			h, in = fnvOffset, false
		}
		switch k {
		case cjkLead:
			// U+3000–U+DFFF in three bytes: CJK punctuation, kana, Han,
			// Hangul. A character is a word; the punctuation separates.
			if c != 0xE3 || text[i+1] > 0x80 {
				h = (h ^ uint64(c)) * fnvPrime
				h = (h ^ uint64(text[i+1])) * fnvPrime
				h = (h ^ uint64(text[i+2])) * fnvPrime
				words = append(words, h)
				h = fnvOffset
			}
			i += 2
		case newline:
			if len(words) > 0 && (len(lineEnds) == 0 || lineEnds[len(lineEnds)-1] < len(words)) {
				lineEnds = append(lineEnds, len(words))
			}
		}
	}
	if in {
		words = append(words, h)
	}
	if len(words) > 0 && (len(lineEnds) == 0 || lineEnds[len(lineEnds)-1] < len(words)) {
		lineEnds = append(lineEnds, len(words))
	}
	return words, lineEnds
}

// lineParts hashes the lines whole and without the first or the last
// (the hash of a run of lines is the hash of their hashes, in order).
func lineParts(ends []int, hashes []uint64) [3]part {
	var p [3]part
	n := len(ends)
	if n == 0 {
		return p
	}
	join := func(from, to int) part {
		h := uint64(fnvOffset)
		for _, x := range hashes[from:to] {
			h = (h ^ x) * fnvPrime
		}
		before := 0
		if from > 0 {
			before = ends[from-1]
		}
		return part{h, ends[to-1] - before}
	}
	p[0] = join(0, n)
	if n > 1 {
		p[1], p[2] = join(1, n), join(0, n-1)
	}
	return p
}

// Same reports whether two passages are copies of each other.
func (s Signature) Same(o Signature) bool {
	if s.ends[0] == o.ends[0] {
		return true
	}
	for _, a := range s.ends {
		for _, b := range o.ends {
			if a.words > 0 && a == b && a.words >= minShared &&
				float64(a.words) >= endsShare*float64(s.ends[0].words) && float64(a.words) >= endsShare*float64(o.ends[0].words) {
				return true
			}
		}
	}
	if s.short || o.short {
		return false
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

// BandKeys are the signature's band hashes, and those of its lines
// whole and without the first or last (the only keys of a short passage).
func (s Signature) BandKeys() []uint64 {
	keys := make([]uint64, 0, bands+len(s.ends))
	for _, e := range s.ends {
		if e.words > 0 {
			keys = append(keys, e.hash)
		}
	}
	if s.short {
		return keys
	}
	per := sigSize / bands
	for b := range bands {
		k := uint64(b + 1)
		for _, v := range s.min[b*per : (b+1)*per] {
			k = k*0x100000001B3 ^ v
		}
		keys = append(keys, k)
	}
	return keys
}

// Kept finds copies among signatures added one after another: each is
// compared only with the kept signatures sharing a band key with it, so
// adding one costs a map look-up per key whatever the number kept.
type Kept struct {
	sigs []Signature
	// Band key → the first signature kept with it, and the further ones
	// (rare: most keys belong to one passage, so most adds allocate
	// nothing).
	first map[uint64]int
	more  map[uint64][]int
}

// NewKept is ready for about n signatures.
func NewKept(n int) *Kept {
	return &Kept{sigs: make([]Signature, 0, n), first: make(map[uint64]int, n*(bands+3))}
}

// Add returns the index of the first kept signature that s is a copy of
// and ok accepts (the caller's own conditions, by index), and true; or
// keeps s as the next index and returns it and false.
func (k *Kept) Add(s Signature, ok func(i int) bool) (int, bool) {
	keys := s.BandKeys()
	copyOf := func(i int) bool { return k.sigs[i].Same(s) && ok(i) }
	for _, key := range keys {
		i, found := k.first[key]
		if !found {
			continue
		}
		if copyOf(i) {
			return i, true
		}
		for _, j := range k.more[key] {
			if copyOf(j) {
				return j, true
			}
		}
	}
	return k.keep(s, keys), false
}

// Keep keeps s as the next index, without looking for what it copies,
// and returns the index.
func (k *Kept) Keep(s Signature) int {
	return k.keep(s, s.BandKeys())
}

func (k *Kept) keep(s Signature, keys []uint64) int {
	n := len(k.sigs)
	for _, key := range keys {
		if _, found := k.first[key]; !found {
			k.first[key] = n
			continue
		}
		if k.more == nil {
			k.more = map[uint64][]int{}
		}
		k.more[key] = append(k.more[key], n)
	}
	k.sigs = append(k.sigs, s)
	return n
}
