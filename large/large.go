// Package large breaks codes of games far too large to enumerate (up to 100
// positions and 100 colours, repeats allowed or not): [NewBreaker] returns
// a mastermind.Breaker, [Play] plays a game through a callback, and
// [Options] give both a seed and the clock their effort is charged on.
// Every guess is a code consistent with all the answers so far, found by
// local search, or the least wrong code found.
// Under the rule slots every guess is a random code of those that give
// every answer, found by a flow (slotsBreaker); under the rule black the
// search plays up to [AutoBlackSearch] positions with repeats (up to
// [MaxBlackSearch] with distinct colours, or when [Options] ask for
// consistent codes), and beyond, with repeats, the guesses ask each
// colour's count, then each position's colour instead (blackBreaker);
// [Supported] tells the games played.
package large

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/mastermind-go/mastermind"
)

// errInconsistent reports answers that no secret gives, before the
// answers to blame are known.
var errInconsistent = errors.New("no secret gives these answers")

// errStalled reports that the search found no consistent code for a long
// time: an answer is most likely wrong.
var errStalled = errors.New("stalled")

// MaxGuesses is the most guesses Play asks, TopCoder's limit.
const MaxGuesses = 3000

// wholeLimit is the most positions searched as a whole code. With the
// warm search (see tempEnd), whole codes of 31 to 35 positions raised the
// mean score of the 25 such games of the 500 of eval --topcoder from 3.23
// (windows) to 3.47, the worst game taking 13.1 s of CPU; on 30 others
// (seed 2), 3.32 to 3.61, two of them losing 14 to 16 guesses.
const wholeLimit = 35

// windowSize returns the number of positions of a window in a game of K
// colours: fewer colours, smaller windows. Measured on 4 games each of 100
// positions, the best sizes were 16 for 5 colours, 18 for 7, 20 for 10 and
// 24 for 15 and 20; once the search was hotter (see tempEnd), 4 more
// positions raised the mean score of 30 TopCoder games of 31 to 100
// positions from 3.14 to 3.23, while 4 more again (or 4 more only for 14
// colours or more) lost 0.08-0.09.
func windowSize(K int) int { return min(28, 14+K) }

// The effort of the search for a guess, on whole codes and on windows
// (where it is cheaper and pays more), and once a game has done more than
// the slow work of its effort. Late in a game of whole codes past 20
// positions, consistent codes are rare and most searches from scratch
// fail: 30 tries rather
// than 10 left 30-40% fewer guesses inconsistent and raised the mean
// score of 21 to 30 positions from 3.53 to 3.81 and 3.66 to 3.82 (two
// samples of 25 and 30 TopCoder games, two seeds each), for 1.6 times
// the CPU. On windows, 8 tries score as 20 did (60 games of 31 to 100
// positions, seed 2: 3.168 against 3.155) in two thirds of the CPU; 4
// lost 0.027.
//
// The slow work of an effort (answers looked at by the search, in the
// whole game) is where a game turns to lateEffort, so that it stays well
// inside TopCoder's 20 s: about 10 to 13 s of CPU on this machine, where
// whole codes look at 1.2 to 1.6·10^8 answers a second and windows about
// 2·10^8 (a whole code's answers are fewer per position and colour, so a
// move costs more per answer). Counting work rather than seconds keeps the
// guesses a function of the answers and the seed, so that the same build
// scores the same games the same. slowTime is a safety net for slower
// machines, where they are not: at 12 s rather than 16, it decided first
// in about 12 of the 500 games of eval --topcoder, which then differed
// from run to run with the machine's load.
var (
	wholeEffort  = effort{tries: 30, budget: 40_000, pop: 30, slow: 1_600_000_000}
	windowEffort = effort{tries: 8, budget: 50_000, pop: 30, slow: 2_500_000_000}
	lateEffort   = effort{tries: 1, budget: 10_000, pop: 4}
)

// The play's budget on its clock (see Options), TopCoder's 20 s of CPU
// less a margin. Past slowTime, the next searches take lateEffort; past
// stopTime, a search under way stops with the codes it has, and the play
// stops (see Play): until then, the play is what it was without a stop.
//
// A budget at slowTime alone was no budget: it was read only between
// guesses, while one guess of a window that misses (the full effort,
// every try failing) takes 0.5 s, and nothing bounded the late guesses
// after it: 100 to 250 of them at 10 to 50 ms each (and a restart after a
// stall), 1 to 4 s more. Under load the same work is charged more CPU (a
// guess up to a quarter more beside two busy loops), and a game of 60 of
// 100 distinct colours with a wrong answer took up to 21.3 s of CPU under
// load (17.4 s alone); on a clock reading three times the CPU, 28.3 s.
//
// The margin of stopTime, 1 s, is for what the clock cannot stop: the CPU
// between two readings of the clock (in searches a few milliseconds, see
// pollEvery; at most 27 ms measured, settling a window of 100x20 between
// two guesses, where an enumeration is bounded by enumBudget; in games of
// 30 and 35 positions and of 40, 60 and 100 distinct colours, at most 6
// ms), several times over if a load charged the play more for its work;
// what the process does before the play begins and after it ends
// (mastermind break to its first guess: under 10 ms); and the garbage
// collector's threads, which finish their cycle.
const (
	slowTime = 16 * time.Second
	stopTime = 19 * time.Second * raceSlowdown
)

// ErrOutOfTime ends a play whose clock passed its budget (see Options)
// before the code was found.
var ErrOutOfTime = fmt.Errorf("out of time: the code was not found within %.0f s of CPU", stopTime.Seconds())

// errFound stops the play once a guess is right.
var errFound = errors.New("found")

// Options tune a play.
type Options struct {
	// Seed makes a play repeatable: its guesses are a function of the
	// answers and the seed (but see Clock).
	Seed uint64

	// Clock, if not nil, reads the CPU time the play is charged for, such
	// as its whole process's (mastermind break, judged by a limit of 20 s
	// of CPU). Once 16 s of it have passed since the play began, the search
	// cuts its effort, whatever work it has counted: a net for slow or
	// loaded machines, where the guesses then depend on the machine's
	// speed. Once 19 s have passed (190 s in a build with the race
	// detector), the play stops with ErrOutOfTime, blaming no answer for
	// the machine's slowness. Without a clock the effort is cut on
	// counted work alone, and the play never stops for time.
	Clock func() time.Duration

	// Consistent asks for guesses that could be the secret: under the
	// rule black with repeats, a search of such codes up to MaxBlackSearch
	// positions (rather than AutoBlackSearch) before the questions of each
	// colour's count and each position's colour. Under the other rules
	// every guess is such a code already.
	Consistent bool
}

// Play finds the secret of game g by asking guesses; ask returns the answer
// to a guess. It returns nil once a guess gets all blacks, or ask's error,
// or a *mastermind.ConflictError when the answers contradict each other:
// with the answers it proved to conflict, or, when the search found no
// consistent code for long (60 guesses in a row, or a miss after much
// search work) and could prove nothing, with the answers most often
// violated by its best codes as Suspects; or ErrOutOfTime (see Options).
// Under the rule slots it plays the slotsBreaker's guesses, under black
// with repeats beyond the search's positions (see SearchesBlack) the
// blackBreaker's; a game it does not play is an *InputError (see
// Supported).
func Play(g mastermind.Game, o Options, ask func(mastermind.Code) (mastermind.Feedback, error)) error {
	return playGiven(g, o, nil, ask)
}

// playGiven is Play after the turns given, which the search takes as answers
// to guesses of its own: under the rule black only (blackWhole), where an
// answer to any guess says what it says; elsewhere given must be nil.
func playGiven(g mastermind.Game, o Options, given []mastermind.Turn, ask func(mastermind.Code) (mastermind.Feedback, error)) error {
	if err := Supported(g, o); err != nil {
		return err
	}
	if b := historyBreaker(g, o); b != nil {
		return playBreaker(b, ask)
	}
	p := newPlayer(g, o, ask)
	p.history, p.guesses = slices.Clone(given), len(given)
	return p.play()
}

// historyBreaker returns the breaker of game g whose guesses are a
// function of the history (and the seed), or nil if g is played by
// search: under slots the slotsBreaker, under black with repeats beyond
// the search's positions the blackBreaker.
func historyBreaker(g mastermind.Game, o Options) mastermind.Breaker {
	switch {
	case g.Rule == mastermind.Slots:
		return newSlotsBreaker(g, o.Seed)
	case g.Rule == mastermind.BlackOnly && !SearchesBlack(g, o):
		return newBlackBreaker(g)
	}
	return nil
}

// SearchesBlack reports whether a game g under the rule black is played
// with o by the search of codes that could be the secret (see blackWhole):
// with distinct colours always (up to MaxBlackSearch positions, see
// Supported); with repeats up to AutoBlackSearch positions of at least 3
// colours, or up to MaxBlackSearch when o asks for consistent codes. Beyond, a game of
// repeats asks each colour's count, then each position's colour
// (blackBreaker).
func SearchesBlack(g mastermind.Game, o Options) bool {
	return g.Rule == mastermind.BlackOnly && (g.Distinct || g.Positions <= AutoBlackSearch && !SearchMisses(g) || o.Consistent)
}

// SearchMisses reports whether the search of codes that could be the
// secret is known to miss secrets of g under the rule black: with repeats
// and fewer than autoBlackColours colours, where secrets of nearly one
// colour are not found (see AutoBlackSearch). A front end does not offer
// it there.
func SearchMisses(g mastermind.Game) bool {
	return g.Rule == mastermind.BlackOnly && !g.Distinct && g.Colors < autoBlackColours
}

// playBreaker plays b's guesses through ask until one is right.
func playBreaker(b mastermind.Breaker, ask func(mastermind.Code) (mastermind.Feedback, error)) error {
	g := b.Game()
	for range MaxGuesses {
		guess, err := b.Next(context.Background())
		if err != nil {
			return err
		}
		f, err := ask(guess)
		if err != nil {
			return err
		}
		if g.Wins(f) {
			return nil
		}
		if err := b.Record(guess, f); err != nil {
			return err
		}
	}
	return fmt.Errorf("no code found in %d guesses", MaxGuesses)
}

// Supported returns nil for a game the package plays with o, and an
// *InputError saying why for another: black-white (by search); slots, any
// size (a random code of those that give every answer, see slotsBreaker);
// black with repeats (by search up to AutoBlackSearch positions of 3
// colours or more, or MaxBlackSearch with o.Consistent, then by asking each colour's count and
// each position's colour, see SearchesBlack); black with distinct colours
// (by search, up to MaxBlackSearch positions).
func Supported(g mastermind.Game, o Options) error {
	switch {
	case g.Rule != mastermind.BlackOnly:
		return nil
	case g.Distinct && g.Positions > MaxBlackSearch:
		return mastermind.Invalid("game", "games too large to enumerate under the rule black with distinct colours are played by a search of codes that could be the secret, up to %d positions, not %d", MaxBlackSearch, g.Positions)
	case o.Consistent && g.Positions > MaxBlackSearch:
		return mastermind.Invalid("strategy consistent", "under the rule black a game too large to enumerate is played by codes that could be the secret up to %d positions, not %d: leave the strategy out (auto asks each colour's count, then each position's colour)", MaxBlackSearch, g.Positions)
	}
	return nil
}

// AutoBlackSearch is the most positions of a game of repeats too large to
// enumerate that auto plays under the rule black by the search of codes
// that could be the secret (see SearchesBlack); beyond, it asks each
// colour's count, then each position's colour (about N*K/2 guesses, a
// fraction of a second). Measured with mastermind judge --cpu 20s, 20
// secrets each (docs/large.md): at 20 positions the search takes 10.1,
// 17.6, 25.2, 39.6 and 123 guesses on average for 2, 5, 10, 20 and 100
// colours where the questions take 19.6, 37.7, 62.5, 96.7 and 204, at
// most 2.9 s of CPU a game (20x2) and 18 MB; at 22 positions up to 5.8 s
// (22x5), at 25 up to 8.6 s (25x10, 32 MB), at 30 12 s (30x10, 39 MB):
// too near the contest's 20 s for a default. The colours matter less than
// the positions, but for 2 (autoBlackColours): there the search missed
// the secret of 20x2 whose pegs are all one colour but one or none (60
// guesses without a code that fits, right answers blamed), which the
// questions find in about 21 guesses.
const AutoBlackSearch = 20

// autoBlackColours is the fewest colours of a game that auto plays under
// black by the search (see AutoBlackSearch).
const autoBlackColours = 3

// MaxBlackSearch is the most positions of a game too large to enumerate
// that the search plays under the rule black (see blackWhole): with
// distinct colours, or with repeats when consistent codes are asked.
// Measured (BenchmarkRuleSample), 30x10 took at most 10.8 s of CPU (8
// secrets), 30x20 11.5 s (10), 35x20 and 35x12 9 to 10 s (2); 50x15 found
// no consistent code for 60 guesses in a row and stopped, blaming right
// answers.
const MaxBlackSearch = 30

// newPlayer returns the player of game g.
func newPlayer(g mastermind.Game, o Options, ask func(mastermind.Code) (mastermind.Feedback, error)) *player {
	p := &player{g: g, rng: rand.New(rand.NewPCG(o.Seed, uint64(g.Positions)<<8|uint64(g.Colors))), ask: ask, clock: o.Clock}
	if p.clock != nil {
		p.start = p.clock()
	}
	return p
}

// play plays the game to its end.
//
// Games of distinct colours up to 40 positions are searched as whole
// codes, their colours first (each at most once), then their order.
// Beyond, they are solved a window of up to 24 positions at a time too
// (distinctWindows): as a guess cannot repeat a colour, the positions
// outside the window get colours whose blacks are proven, matched to them
// (a board of solved positions and pairs proven wrong), and probes gather
// those proofs where too few are known. With more colours than positions,
// a window's candidates use only the colours of a colour set that fits
// every answer's blacks plus whites.
//
// With repeats, up to 35 positions the search works on the whole code.
// Beyond, it would
// fail more and more often, so the play narrows it: the code is found a
// window of up to 28 positions at a time. A guess gives the window its
// candidate, the solved positions their colours and every other position
// one filler colour (one the secret lacks, if any, else its rarest); the
// filler's pegs outside the window are its count less the window's, so the
// answer depends on the window alone. The window slides (see window):
// the positions the answers settle (those a guess matched, and, when few
// codes fit, those on which an enumeration of every code that fits agrees)
// become known, without a guess to confirm them, and dormant positions
// take their place. The first window's guesses also count the colours:
// their filler is a colour not yet counted, and their candidate uses only
// counted colours and that one, so that blacks plus whites give its count.
//
// Answers that contradict each other: after every answer, the bounds that
// the answers put on the colour counts are checked (countConflict), which
// proves most wrong answers in a few guesses, with an irreducible set of
// answers to blame. A play that finds no consistent code for long starts
// over once (windows), then stops naming the answers its best codes
// violated most often, as suspects.
func (p *player) play() error {
	g := p.g
	var err error
	switch {
	case g.Rule == mastermind.BlackOnly:
		err = p.blackWhole()
	case g.Distinct && g.Positions <= distinctWholeLimit, !g.Distinct && g.Positions <= wholeLimit:
		err = p.whole()
	default:
		windows := p.windows
		if g.Distinct {
			windows = p.distinctWindows
		}
		err = windows()
		if err == errStalled || err == errInconsistent {
			// A wrong answer most likely spoilt a colour count or a
			// window: play again from scratch, trusting only the new
			// answers, with what is left of the time.
			p.restarts++
			p.counts, p.countTurns, p.missRun = nil, nil, 0
			err = windows()
		}
	}
	switch {
	case err == errFound:
		return nil
	case err == errStalled || err == errInconsistent:
		return p.suspects()
	}
	var c *mastermind.ConflictError
	if errors.As(err, &c) {
		c.History = p.history
	}
	return err
}

// conflict returns the conflict of the answers to turns (0-based).
func (p *player) conflict(turns ...int) error {
	turns = slices.Clone(turns)
	slices.Sort(turns)
	return p.g.Conflict(p.history, slices.Compact(turns))
}

// suspects returns the conflict naming the answers most often violated by
// the codes guessed when no consistent one was found.
func (p *player) suspects() error {
	most := 0
	for _, n := range p.violations {
		most = max(most, n)
	}
	var answers []int
	for t, n := range p.violations {
		if n > 0 && 2*n >= most {
			answers = append(answers, t+1)
		}
	}
	if len(answers) > maxSuspects {
		// Keep the most violated.
		slices.SortStableFunc(answers, func(a, b int) int { return p.violations[b-1] - p.violations[a-1] })
		answers = answers[:maxSuspects]
		slices.Sort(answers)
	}
	return &mastermind.ConflictError{History: p.history, Answers: answers, Suspects: len(answers) > 0, Rule: p.g.Rule,
		Reason: fmt.Sprintf("no code consistent with the answers found in %d guesses: they most likely contradict each other", p.guesses)}
}

// tally records how the last guess, searched by s, fitted the answers:
// consistent (violated nil), or the least wrong code found, violating the
// answers violated of s (0-based), which are the turns turns[i] (turns
// nil: s has every answer, in order). It returns errStalled when the play
// should stop searching.
func (p *player) tally(s *searcher, violated, turns []int) error {
	if violated == nil {
		p.missRun = 0
		return nil
	}
	for _, t := range violated {
		if turns != nil {
			t = turns[t]
		}
		for len(p.violations) <= t {
			p.violations = append(p.violations, 0)
		}
		p.violations[t]++
	}
	p.missRun++
	p.stats.misses++
	if p.missRun >= stallGuesses && (!p.g.Distinct || p.g.Positions > distinctWholeLimit) || p.work+s.work > stallWork {
		return errStalled
	}
	return nil
}

type player struct {
	g       mastermind.Game
	rng     *rand.Rand
	ask     func(mastermind.Code) (mastermind.Feedback, error)
	guesses int
	work    int // search work of the windows done
	counted int // the guesses asked while some colour count was unknown

	counts     []int                // of the secret's colours, -1 while unknown
	countTurns []int                // the guesses that gave them
	clock      func() time.Duration // the play's clock, or nil (see Options)
	start      time.Duration        // its time when the play began

	history    []mastermind.Turn
	missRun    int   // guesses in a row that were not consistent codes
	violations []int // per turn how often the guesses that were not consistent violated it
	restarts   int   // plays started over after a stall
	probes     int   // guesses of distinct colours that were probes

	stats playStats // for measurements

	// searched, if not nil, sees each window search: its searcher, the
	// window's positions and the answers the code it found violates (nil
	// if it fits them all). For measurements (BenchmarkWindowSample).
	searched func(s *searcher, at []int, violated []int)
}

// playStats counts what a play did, for measurements (BenchmarkSample).
type playStats struct {
	misses   int // guesses that were not consistent codes
	late     int // guesses searched with lateEffort
	enums    int // enumerations of a window's codes
	complete int // those that listed every code
	enumWork int // their work
	slides   int // slides of a window
}

// Stalls: a play that finds no consistent code for stallGuesses guesses in
// a row, or misses one after stallWork, stops (see Play). Games of
// distinct colours searched whole miss many guesses in a row even when
// the answers are right: they stall on work only.
//
// The work is counted, not timed, so that a slower machine (or the race
// detector) plays the same guesses rather than accusing right answers: a
// limit of 17 s of CPU did, to a game of 100 positions under -race.
const (
	stallGuesses = 60
	maxSuspects  = 5
)

// stallWork is the search work (see windowEffort) after which a play that
// misses stops: about 17 s of CPU of windows on this machine, more of whole
// codes.
const stallWork = 3_700_000_000

// elapsed returns the time on the play's clock since the play began, 0
// without a clock.
func (p *player) elapsed() time.Duration {
	if p.clock == nil {
		return 0
	}
	return p.clock() - p.start
}

// effort returns the effort for the next guess of searcher s: e, or
// lateEffort in a slow game; and makes s stop at stopTime.
func (p *player) effort(s *searcher, e effort) effort {
	p.setTime(s)
	if p.work+s.work > e.slow || p.elapsed() > slowTime {
		p.stats.late++
		return lateEffort
	}
	return e
}

// setTime makes the searches of s stop once the play's clock is past
// stopTime.
func (p *player) setTime(s *searcher) {
	if p.clock != nil {
		s.setTime(p.clock, p.start+stopTime)
	}
}

// guess asks a guess; errFound if it is the secret, ErrOutOfTime past
// stopTime.
func (p *player) guess(code mastermind.Code) (mastermind.Feedback, error) {
	if p.guesses == MaxGuesses {
		return mastermind.Feedback{}, errStalled
	}
	if p.elapsed() > stopTime {
		return mastermind.Feedback{}, ErrOutOfTime
	}
	p.guesses++
	if p.counts != nil && slices.Contains(p.counts, -1) {
		p.counted++
	}
	f, err := p.ask(code)
	if err != nil {
		return f, err
	}
	p.history = append(p.history, mastermind.Turn{Guess: slices.Clone(code), Feedback: f})
	if p.g.Wins(f) {
		return f, errFound
	}
	if p.g.Rule != mastermind.BlackWhite {
		return f, nil
	}
	if turns := countConflict(p.g, p.history); turns != nil {
		return f, p.conflict(turns...)
	}
	return f, nil
}

// windowSearch returns the searcher of a window of n positions and K
// colours, whose colour counts lie within lo and hi: s, its bounds set, or
// a new one if s is nil; its effort set for the next guess.
func (p *player) windowSearch(s *searcher, n, K int, lo, hi []int) *searcher {
	if s == nil {
		s = newSearcher(n, K, lo, hi, windowEffort, p.rng)
	} else {
		s.setBounds(lo, hi)
	}
	s.effort = p.effort(s, windowEffort)
	return s
}

// whole plays consistent codes of the whole game; of a game of distinct
// colours, they are searched colours first (each at most once), then
// their order.
func (p *player) whole() error {
	s := newSearcher(p.g.Positions, p.g.Colors, nil, nil, wholeEffort, p.rng)
	s.distinct = p.g.Distinct
	for {
		s.effort = p.effort(s, wholeEffort)
		code := s.next()
		f, err := p.guess(code)
		if err != nil {
			p.work += s.work
			return err
		}
		if err := p.tally(s, s.violated(), nil); err != nil {
			return err
		}
		s.add(code, -1, f.Black, f.Black+f.White)
	}
}

// windows solves the code a window of positions at a time (see window),
// counting the colours with the first window's guesses.
//
// While some colour counts are unknown, the filler is the least uncounted
// colour c, and the window's candidate has its uncounted colours made c.
// The guess then shares with the secret min(count, pegs in the guess) of
// each counted colour and, as the filler's pegs exceed the count but in
// rare games, all of c: its blacks plus whites give c's count.
func (p *player) windows() error {
	L, K := p.g.Positions, p.g.Colors
	p.counts = make([]int, K)
	for c := range p.counts {
		p.counts[c] = -1
	}
	known := make([]int, L) // each position's colour, or -1
	order := make([]int, L)
	for i := range known {
		known[i], order[i] = -1, i
	}
	size := min(windowSize(K), L)
	w := &window{at: order[:size], dormant: order[size:], size: size}
	for len(w.at) > 0 {
		c := p.uncounted()
		if c >= 0 && len(w.dormant) == 0 {
			if err := p.countAlone(c); err != nil {
				return err
			}
			continue
		}
		lo, hi, err := p.windowBounds(known, len(w.at), len(w.dormant))
		if err != nil {
			return err
		}
		// The filler: the colour being counted, else the rarest colour
		// left, absent if one is.
		rest := p.rest(known)
		fill := c
		if c < 0 && len(w.dormant) > 0 {
			fill = 0
			for k := range rest {
				if rest[k] < rest[fill] {
					fill = k
				}
			}
		}
		var part []uint8
		var violated []int
		if w.exact != nil {
			part = w.pick()
		} else {
			w.s = p.windowSearch(w.s, len(w.at), K, lo, hi)
			part = w.s.next()
			violated = w.s.violated()
			if p.searched != nil {
				p.searched(w.s, w.at, violated)
			}
			w.found = w.s.fits()
		}
		code := make(mastermind.Code, L)
		solved := 0
		for i, k := range known {
			code[i] = uint8(k)
			if k >= 0 {
				solved++
			}
		}
		for _, i := range w.dormant {
			code[i] = uint8(max(fill, 0))
		}
		fillers := 0
		for k, i := range w.at {
			if c >= 0 && p.counts[part[k]] < 0 {
				part[k] = uint8(c)
			}
			code[i] = part[k]
			if int(part[k]) == fill {
				fillers++
			}
		}
		f, err := p.guess(code)
		if err != nil {
			return err
		}
		if c >= 0 {
			ok, err := p.count(c, code, f)
			if err == nil && !ok {
				err = p.countAlone(c) // the answer shows only a least count
			}
			if err != nil {
				return err
			}
			rest = p.rest(known)
		}
		if err := p.tally(w.s, violated, w.turns); err != nil {
			return err
		}
		target := f.Black - solved
		if fill >= 0 {
			target -= rest[fill]
		}
		w.s.add(part, fill, target, 0)
		w.turns = append(w.turns, p.guesses-1)
		if c < 0 {
			if err := p.settle(known, w, part, fill, target == len(w.at)-fillers); err != nil {
				return err
			}
		}
	}
	// Every position is known.
	code := make(mastermind.Code, L)
	for i, k := range known {
		code[i] = uint8(k)
	}
	if _, err := p.guess(code); err != nil {
		return err
	}
	return errInconsistent
}

// windowBounds returns the bounds on the colour counts of a window of n
// positions when dormant positions are left: a counted colour has its
// count left (see rest) at most, and what the dormant positions cannot
// hold at least; an uncounted one up to the positions not counted.
func (p *player) windowBounds(known []int, n, dormant int) (lo, hi []int, err error) {
	K := p.g.Colors
	sum := 0
	for _, k := range p.counts {
		sum += max(k, 0)
	}
	rest := p.rest(known)
	lo, hi = make([]int, K), make([]int, K)
	var los, his int
	for k := range lo {
		if p.counts[k] < 0 {
			lo[k], hi[k] = 0, min(n, p.g.Positions-sum)
		} else {
			lo[k], hi[k] = max(0, rest[k]-dormant), rest[k]
		}
		los, his = los+lo[k], his+hi[k]
		if hi[k] < 0 || los > n || his < n && k == K-1 {
			return nil, nil, errInconsistent
		}
	}
	return lo, hi, nil
}

// uncounted returns the least colour whose count is unknown, or -1 if all
// are known, after settling the counts that the others imply.
func (p *player) uncounted() int {
	sum, open, first := 0, 0, -1
	for c, n := range p.counts {
		if n < 0 {
			open++
			if first < 0 {
				first = c
			}
		} else {
			sum += n
		}
	}
	if open > 0 && (open == 1 || sum == p.g.Positions) {
		for c, n := range p.counts {
			if n < 0 {
				p.counts[c] = 0
				if open == 1 {
					p.counts[c] = p.g.Positions - sum
				}
			}
		}
		return -1
	}
	return first
}

// setCount records that the secret has n pegs of colour c, as the answer
// to guess turn implies, or returns the conflict if that cannot be.
func (p *player) setCount(c, n, turn int) error {
	p.countTurns = append(p.countTurns, turn)
	sum := n
	for _, k := range p.counts {
		sum += max(k, 0)
	}
	if n < 0 || sum > p.g.Positions {
		return p.conflict(p.countTurns...) // more pegs than positions
	}
	p.counts[c] = n
	return nil
}

// countAlone counts colour c with a guess of that colour alone.
func (p *player) countAlone(c int) error {
	code := make(mastermind.Code, p.g.Positions)
	for i := range code {
		code[i] = uint8(c)
	}
	f, err := p.guess(code)
	if err != nil {
		return err
	}
	_, err = p.count(c, code, f)
	return err
}

// count learns the count of colour c from the answer f to the last guess,
// code, whose other colours are all counted. It returns false if the answer
// shows only that the count is at least code's pegs of c.
func (p *player) count(c int, code mastermind.Code, f mastermind.Feedback) (bool, error) {
	shown := make([]int, p.g.Colors) // the guess's colour counts
	for _, k := range code {
		shown[k]++
	}
	if shown[c] == len(code) && f.White != 0 {
		return false, p.conflict(p.guesses - 1) // one colour cannot be misplaced
	}
	n := f.Black + f.White
	for k, m := range p.counts {
		if k != c {
			n -= min(max(m, 0), shown[k])
		}
	}
	if n >= shown[c] && shown[c] < len(code) {
		return false, nil
	}
	return true, p.setCount(c, n, p.guesses-1)
}

// rest returns the counts of the colours of the positions not known
// (negative while the colour is uncounted).
func (p *player) rest(known []int) []int {
	rest := append([]int(nil), p.counts...)
	for _, k := range known {
		if k >= 0 {
			rest[k]--
		}
	}
	return rest
}
