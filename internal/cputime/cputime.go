// Package cputime reads the CPU time of the running process: [Process], the
// clock that mastermind break gives a large game's play (see large.Options),
// and that tests of plays measure.
//
// Kind: a leaf helper, importing nothing of the project (internal/README.md).
package cputime

import "time"

// start is when the program started.
var start = time.Now()
