package cerc

// Left returns how many cases the input announces beyond those read so far,
// or -1 before the first call of Next has read its header.
func (cr *CaseReader) Left() int { return cr.left }
