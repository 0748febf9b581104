package strategy

import "math/bits"

// The tallies of whole words of outcomes (see symmetry.Walk): one function per
// measure, each with its loop over the eight bytes of a word unrolled, so
// that the hot loop of the heuristics has no call, no bounds check on the
// counts and one test of the limit per eight candidates. They differ only in
// how a growing part changes the score.

// tallyWordsMinimax adds the outcomes base+eq+more to the partition, keeping
// in sc.v the largest part, and reports whether the guess may still beat the limit.
func (sc *scorer) tallyWordsMinimax(base, eq, more []uint64) bool {
	counts := (*[256]int32)(sc.counts[:256])
	limit := sc.limit
	m := int32(sc.v)
	eq, more = eq[:len(base)], more[:len(base)]
	for i, b := range base {
		x := b + eq[i] + more[i]
		var o uint8
		o = uint8(x >> 0)
		counts[o]++
		m = max(m, counts[o])
		o = uint8(x >> 8)
		counts[o]++
		m = max(m, counts[o])
		o = uint8(x >> 16)
		counts[o]++
		m = max(m, counts[o])
		o = uint8(x >> 24)
		counts[o]++
		m = max(m, counts[o])
		o = uint8(x >> 32)
		counts[o]++
		m = max(m, counts[o])
		o = uint8(x >> 40)
		counts[o]++
		m = max(m, counts[o])
		o = uint8(x >> 48)
		counts[o]++
		m = max(m, counts[o])
		o = uint8(x >> 56)
		counts[o]++
		m = max(m, counts[o])
		if int64(m) >= limit {
			sc.v = int64(m)
			return false
		}
	}
	sc.v = int64(m)
	return true
}

// tallyWordsExpected adds the outcomes base+eq+more to the partition, keeping
// in sc.v the sum of squared parts, and reports whether the guess may still beat the limit.
func (sc *scorer) tallyWordsExpected(base, eq, more []uint64) bool {
	counts := (*[256]int32)(sc.counts[:256])
	limit := sc.limit
	v := sc.v
	eq, more = eq[:len(base)], more[:len(base)]
	for i, b := range base {
		x := b + eq[i] + more[i]
		var o uint8
		o = uint8(x >> 0)
		counts[o]++
		v += int64(2*counts[o] - 1)
		o = uint8(x >> 8)
		counts[o]++
		v += int64(2*counts[o] - 1)
		o = uint8(x >> 16)
		counts[o]++
		v += int64(2*counts[o] - 1)
		o = uint8(x >> 24)
		counts[o]++
		v += int64(2*counts[o] - 1)
		o = uint8(x >> 32)
		counts[o]++
		v += int64(2*counts[o] - 1)
		o = uint8(x >> 40)
		counts[o]++
		v += int64(2*counts[o] - 1)
		o = uint8(x >> 48)
		counts[o]++
		v += int64(2*counts[o] - 1)
		o = uint8(x >> 56)
		counts[o]++
		v += int64(2*counts[o] - 1)
		if v >= limit {
			sc.v = v
			return false
		}
	}
	sc.v = v
	return true
}

// tallyWordsEntropy adds the outcomes base+eq+more to the partition, keeping
// in sc.v the sum of c*log2(c) over the parts, and reports whether the guess may still beat the limit.
func (sc *scorer) tallyWordsEntropy(base, eq, more []uint64) bool {
	counts := (*[256]int32)(sc.counts[:256])
	limit := sc.limit
	v, gain := sc.v, sc.gain
	eq, more = eq[:len(base)], more[:len(base)]
	for i, b := range base {
		x := b + eq[i] + more[i]
		var o uint8
		o = uint8(x >> 0)
		counts[o]++
		v += gain[counts[o]]
		o = uint8(x >> 8)
		counts[o]++
		v += gain[counts[o]]
		o = uint8(x >> 16)
		counts[o]++
		v += gain[counts[o]]
		o = uint8(x >> 24)
		counts[o]++
		v += gain[counts[o]]
		o = uint8(x >> 32)
		counts[o]++
		v += gain[counts[o]]
		o = uint8(x >> 40)
		counts[o]++
		v += gain[counts[o]]
		o = uint8(x >> 48)
		counts[o]++
		v += gain[counts[o]]
		o = uint8(x >> 56)
		counts[o]++
		v += gain[counts[o]]
		if v >= limit {
			sc.v = v
			return false
		}
	}
	sc.v = v
	return true
}

// tallyWordsParts adds the outcomes base+eq+more to the partition, keeping
// in sc.v the parts less the outcomes tallied, and reports whether the guess may still beat the limit.
func (sc *scorer) tallyWordsParts(base, eq, more []uint64) bool {
	counts := (*[256]int32)(sc.counts[:256])
	limit := sc.limit
	bound := -limit - int64(sc.size) // d at which parts can no longer beat limit
	d := int32(sc.v)
	eq, more = eq[:len(base)], more[:len(base)]
	for i, b := range base {
		x := b + eq[i] + more[i]
		var o uint8
		o = uint8(x >> 0)
		counts[o]++
		d += (1 - counts[o]) >> 31 // -1 unless a new part
		o = uint8(x >> 8)
		counts[o]++
		d += (1 - counts[o]) >> 31 // -1 unless a new part
		o = uint8(x >> 16)
		counts[o]++
		d += (1 - counts[o]) >> 31 // -1 unless a new part
		o = uint8(x >> 24)
		counts[o]++
		d += (1 - counts[o]) >> 31 // -1 unless a new part
		o = uint8(x >> 32)
		counts[o]++
		d += (1 - counts[o]) >> 31 // -1 unless a new part
		o = uint8(x >> 40)
		counts[o]++
		d += (1 - counts[o]) >> 31 // -1 unless a new part
		o = uint8(x >> 48)
		counts[o]++
		d += (1 - counts[o]) >> 31 // -1 unless a new part
		o = uint8(x >> 56)
		counts[o]++
		d += (1 - counts[o]) >> 31 // -1 unless a new part
		if int64(d) <= bound {
			sc.v = int64(d)
			return false
		}
	}
	sc.v = int64(d)
	return true
}

// tallyWordsPartsSet counts the parts of base+eq+more, in games of at most 7
// positions: their outcomes are below 64, so a word holds the set of those
// seen. The padding's sentinels are the outcomes 57 to 63 (see sentinelOf). It
// reports the number of parts and whether it may still beat the limit.
func (sc *scorer) tallyWordsPartsSet(base, eq, more []uint64) (int, bool) {
	const real = 1<<(64-7) - 1 // the outcomes that are not sentinels
	limit := sc.limit
	left := int64(sc.size) // candidates not yet tallied
	var set uint64
	eq, more = eq[:len(base)], more[:len(base)]
	for i, b := range base {
		x := b + eq[i] + more[i]
		set |= 1 << (x >> 0 & 63)
		set |= 1 << (x >> 8 & 63)
		set |= 1 << (x >> 16 & 63)
		set |= 1 << (x >> 24 & 63)
		set |= 1 << (x >> 32 & 63)
		set |= 1 << (x >> 40 & 63)
		set |= 1 << (x >> 48 & 63)
		set |= 1 << (x >> 56 & 63)
		left -= 8
		if -int64(bits.OnesCount64(set&real))-max(left, 0) >= limit {
			return 0, false
		}
	}
	return bits.OnesCount64(set & real), true
}

// hasParts reports whether base+eq+more has at least need parts, in games of
// at most 7 positions (see tallyWordsPartsSet). It stops as soon as it
// knows.
func hasParts(base, eq, more []uint64, size, need int) bool {
	const real = 1<<(64-7) - 1 // the outcomes that are not sentinels
	left := size               // candidates not yet tallied
	var even, odd uint64       // two sets, for two chains of dependence
	eq, more = eq[:len(base)], more[:len(base)]
	for i, b := range base {
		x := b + eq[i] + more[i]
		even |= 1 << (x >> 0 & 63)
		odd |= 1 << (x >> 8 & 63)
		even |= 1 << (x >> 16 & 63)
		odd |= 1 << (x >> 24 & 63)
		even |= 1 << (x >> 32 & 63)
		odd |= 1 << (x >> 40 & 63)
		even |= 1 << (x >> 48 & 63)
		odd |= 1 << (x >> 56 & 63)
		left -= 8
		parts := bits.OnesCount64((even | odd) & real)
		if parts >= need {
			return true
		}
		if parts+max(left, 0) < need {
			return false
		}
	}
	return false
}
