//go:build !race

package large

// raceSlowdown is how many times the CPU time the tests allow a play: the
// race detector makes the plays several times slower.
const raceSlowdown = 1
