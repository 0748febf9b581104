//go:build !race

package large

// raceSlowdown is how many times the CPU time a play may take (stopTime)
// and the tests allow it: the race detector makes plays several times
// slower.
const raceSlowdown = 1
