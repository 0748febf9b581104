//go:build !unix

package play

// End returns: a process cannot end by a signal here, and its caller
// ends as interrupted.
func (e *Stopped) End() {}
