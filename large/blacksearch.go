package large

// blackWhole plays consistent codes of the whole game under the rule
// black, found by the local search of the rule black-white (searcher) with
// the colour counts bounded rather than unknown: within 0..N, or 0..1
// with distinct colours. An answer then only says how many positions a
// code shares with its guess, which is the order error the search
// minimises, recolouring pegs as well as swapping them; a guess is the
// consistent code whose blacks split the others found best, or the least
// wrong code found when the search finds none.
//
// Answers that contradict each other: when the search finds no code that
// fits them twice in a row, blackConflict tries to prove a conflict (deciding whether a
// code gives answers of blacks alone is NP-complete, so within a budget):
// a proven set ends the play. Else the play stops as the black-white
// search does when it finds no consistent code for long, naming the
// answers its best codes violated most often as suspects.
//
// The turns of the history given (see playGiven) are answers like its
// own: an answer says as much of the secret whoever chose the guess.
func (p *player) blackWhole() error {
	lo, hi := countRange(p.g)
	s := newSearcher(p.g.Positions, p.g.Colors, lo, hi, wholeEffort, p.rng)
	for _, t := range p.history { // the turns given (see playGiven)
		s.add(t.Guess, -1, t.Feedback.Black, 0)
	}
	spent := 0 // steps of the proofs
	for {
		s.effort = p.effort(s, wholeEffort)
		code := s.next()
		if s.violated() != nil && p.missRun > 0 && spent < gameProofBudget {
			if turns := blackConflict(p.g, p.history, &spent); turns != nil {
				return p.conflict(turns...)
			}
		}
		f, err := p.guess(code)
		if err != nil {
			p.work += s.work
			return err
		}
		if err := p.tally(s, s.violated(), nil); err != nil {
			return err
		}
		s.add(code, -1, f.Black, 0)
	}
}
