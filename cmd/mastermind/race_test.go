//go:build race

package main

// raceEnabled reports whether the tests run under the race detector, which
// makes the programs they run several times slower.
const raceEnabled = true
