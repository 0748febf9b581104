package mastermind

// A State is what a code-breaker knows before its next guess.
type State struct {
	Space      *Space
	History    []Turn  // the guesses so far and their feedback
	Candidates []int32 // indices of the codes consistent with History, ascending; never empty

	// Done, if not nil, is closed when the guess is no longer wanted (a
	// context's Done): a strategy may then return any guess at once.
	Done <-chan struct{}
}

// Stopped reports whether st.Done is closed.
func (st *State) Stopped() bool {
	select {
	case <-st.Done:
		return true
	default:
		return false
	}
}

// A Strategy chooses guesses on an enumerated space. Next returns the
// index, in st.Space, of the next guess; it depends only on st, so a
// strategy is a decision tree. Strategies are safe for concurrent use.
// The package strategy holds the heuristics; a Breaker plays one.
type Strategy interface {
	Name() string
	Next(st *State) int
}
