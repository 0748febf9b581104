//go:build long

package testkit

// LongLane tells whether the tests were built for the long lane
// (`go test -tags long`); see [Long].
const LongLane = true
