package optimal

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// provenLevels is how many guesses deep proven looks past a part of the
// root, at most. On 7 of 7 distinct's checkpoint (one class of first
// guesses, six parts), two levels prove 31613 in under a second; with
// --prove 15m, the large parts get a third level or more: 32226.
const provenLevels = 5

// provenTime bounds the time proven takes when a search is stopped (see
// run): the guesses of Super Mastermind's root alone take minutes.
const provenTime = 2 * time.Second

// A prover is the mode of Bound: it proves lower bounds on the optimal
// total of the whole space, from what the search's memo holds (proven,
// provenBound) or by raising them step by step (raise). A stopped search
// (treeSearch) and a Search's units use its bounds too.
type prover struct {
	sv *solver
}

// proven returns a lower bound on the optimal total of the whole space
// from what the memo holds, working for about budget: the least over the
// root's guesses of the candidates' count plus each part's bound. A
// part's bound is what the memo knows of it or, levels deep, the same
// least over its own guesses (see provenBound). Every part goes one level
// deeper at a time, all parts at each level in turn, each within its share
// of the time left; a part whose level does not end in its share keeps the
// bound of the level before and goes no deeper, so that the cheap levels
// end for every part before the dear ones begin. Where the search at the
// root proves nothing until a class of first guesses is done (a single
// class, as in 6 and 7 of 7 distinct), the parts it finished and the
// bounds it raised on the others still count. It returns the memo's bound
// of the whole space if the root's guesses cannot be listed within budget. It stops early if base is done
// (a stopped search passes a base that is not: see run).
func (pr prover) proven(base context.Context, cands []int32, budget time.Duration) int {
	sv := pr.sv
	saved := sv.ctx
	defer func() { sv.ctx = saved }()
	ctx, cancel := context.WithTimeout(base, budget)
	defer cancel()
	sv.ctx = ctx
	n, depth := len(cands), sv.maxDepth
	own := pr.provenBound(nil, cands, depth, 0)
	if n <= 2 || depth <= 1 || !sv.fits(n, depth) {
		return own
	}
	_, guesses := pr.firstGuesses(cands, depth)
	for _, parts := range guesses {
		for i := range parts {
			parts[i].deeper = true
		}
	}
	if ctx.Err() != nil || len(guesses) == 0 {
		// Not listed within budget, or no guess fits the depth: what the
		// memo holds of the whole space still holds.
		return own
	}
	deadline, _ := ctx.Deadline()
	for levels := 1; levels <= provenLevels && ctx.Err() == nil; levels++ {
		left := 0
		for _, parts := range guesses {
			for _, p := range parts {
				if p.deeper {
					left++
				}
			}
		}
		for _, parts := range guesses {
			for i := range parts {
				p := &parts[i]
				if !p.deeper {
					continue
				}
				share := time.Until(deadline) / time.Duration(left)
				left--
				b, ok := pr.boundWithin(base, p.history, p.cands, depth-1, levels, share)
				p.bound, p.deeper = max(p.bound, b), ok
			}
		}
	}
	least := infinite
	for _, parts := range guesses {
		total := n
		for _, p := range parts {
			total += p.bound
		}
		least = min(least, total)
	}
	return max(own, least)
}

// A rootPart is a part of the whole space split by a first guess, with
// its bound so far and what proven and raise know of it.
type rootPart struct {
	history []mastermind.Turn
	cands   []int32
	bound   int
	deeper  bool    // proven: whether it may go deeper
	upper   int     // raise: the total of a tree of it found, infinite if none
	exact   bool    // raise: whether bound is its total
	pace    float64 // raise: its bound's rise per second in its last search
	paced   bool    // raise: whether pace is measured yet
}

// firstGuesses returns one first guess of each class, in the search's
// order, and the parts of each with the bounds the memo knows.
func (pr prover) firstGuesses(cands []int32, depth int) ([]int32, [][]rootPart) {
	sv := pr.sv
	var guesses []int32
	var classes [][]rootPart
	for _, c := range sv.chooser.choices(nil, cands, depth, infinite, false).list {
		split := sv.split(nil, cands, int(c.guess()))
		parts := make([]rootPart, len(split))
		for i, p := range split {
			parts[i] = rootPart{history: p.history, cands: p.cands, bound: pr.provenBound(p.history, p.cands, depth-1, 0), upper: infinite}
		}
		guesses = append(guesses, c.guess())
		classes = append(classes, parts)
	}
	return guesses, classes
}

// boundWithin returns provenBound of a set levels deep, and true, if it
// ends within share; otherwise false.
func (pr prover) boundWithin(base context.Context, history []mastermind.Turn, cands []int32, depth, levels int, share time.Duration) (int, bool) {
	sv := pr.sv
	ctx, cancel := context.WithTimeout(base, share)
	defer cancel()
	sv.ctx = ctx
	b := pr.provenBound(history, cands, depth, levels)
	if ctx.Err() != nil {
		return 0, false // some guesses were left out: no bound
	}
	return b, true
}

// provenBound is proven for a set of candidates within depth guesses,
// looking levels guesses deep.
func (pr prover) provenBound(history []mastermind.Turn, cands []int32, depth, levels int) int {
	sv := pr.sv
	n := len(cands)
	switch {
	case n == 1:
		return 1
	case depth <= 1 || !sv.fits(n, depth):
		return infinite
	case n == 2:
		return 3
	}
	if _, ok := sv.small(cands); ok {
		return 2*n - 1
	}
	bound := sv.least[n]
	var kb keyBuffer
	key, _ := sv.memoKey(&kb, history, cands, depth)
	if e, ok := sv.recall(key); ok {
		if e.exact {
			return e.total
		}
		bound = max(bound, e.total)
	}
	if levels == 0 || n <= sv.parts+1 {
		return bound
	}
	// Every guess, one of each class, with the bound of its parts' sizes.
	choices := sv.chooser.choices(history, cands, depth, infinite, false)
	outcomes := make([]mastermind.Outcome, n)
	least := infinite
	for _, c := range choices.list {
		if c.bound() >= least || sv.ctx.Err() != nil {
			break // in order of bound: none of the rest does better
		}
		tr := trial{sv: sv, history: history, code: sv.space.Code(int(c.guess()))}
		tr.partition(cands, int(c.guess()), outcomes)
		k := len(history) + 1
		tr.histories = make([]mastermind.Turn, k*len(tr.parts))
		total := n
		for i := range tr.parts {
			total += pr.provenBound(tr.historyOf(i), tr.parts[i].cands, depth-1, levels-1)
			if total >= least {
				break
			}
		}
		least = min(least, total)
	}
	return max(bound, least)
}

// Bound returns a lower bound on the optimal total of the space within
// opt.MaxDepth guesses, and whether it is the optimum, working for about
// budget (see raise), from what opt.Resume holds if anything (the
// checkpoint of a search or of an earlier Bound). It saves its results as
// a search does (opt.Save), so that a later search or Bound of the game
// starts from them, calls opt.Lower, if not nil, with each higher bound
// it proves, and opt.Progress every second with the share of budget gone. If ctx is done first, it returns the bound proven so far; if
// no strategy meets opt.MaxDepth, ErrInfeasible.
func Bound(ctx context.Context, s *mastermind.Space, opt Options, budget time.Duration) (int, bool, error) {
	sv, err := start(ctx, s, Options{MaxDepth: opt.MaxDepth, Memory: opt.Memory, Resume: opt.Resume})
	if err != nil {
		return 0, false, err
	}
	all := consistent.All(s)
	if s.Game().Rule != mastermind.Slots {
		// Twins map answers onto answers, which a permutation of the
		// positions does not do under slots (see pairForms).
		sv.pairs = newPairForms(all)
	}
	timed, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	sv.ctx = timed
	saved := autosave(opt, sv.snapshot)
	if opt.Progress != nil {
		defer clock(timed, budget, opt.Progress)()
	}
	pr := prover{sv}
	lower, exact := pr.raise(all, opt.Lower)
	saved()
	if !exact {
		// The deepening of a stopped search may add to it (a few seconds).
		lower = max(lower, pr.proven(context.WithoutCancel(ctx), all, provenTime))
	}
	if lower >= infinite {
		return 0, false, ErrInfeasible
	}
	return lower, exact, nil
}

// clock calls progress every second with the fraction of budget gone
// until ctx is done or the function it returns is called.
func clock(ctx context.Context, budget time.Duration, progress func(float64)) func() {
	began := time.Now()
	tick := time.NewTicker(time.Second)
	stop := make(chan struct{})
	go func() {
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				progress(min(1, float64(time.Since(began))/float64(budget)))
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	return func() { close(stop) }
}

// RaiseStep is the inverse of the share of the bound by which a proof
// (raise, and a shard's) raises it at each step, at least.
const RaiseStep = 500

// RaiseQuick is the time of a step of a proof short enough for the next
// to be twice as large.
const RaiseQuick = 100 * time.Millisecond

// raise returns a lower bound on the optimal total of the candidates (the
// whole space), and whether it is their optimum, working until sv.ctx is
// done. It raises the bound step by step: the weakest class of first
// guesses is shown to cost at least a step more by searching each of its
// parts with a limit, the step's share of each part above the part's
// bound, until their bounds add up. A part's search stops at the first
// tree below its limit: the tree's total is then the part's ceiling, its
// later limits stay at or below it, and the other parts make up the step
// (a part whose bound meets its ceiling is solved). A part's share is at
// least its part of the step by size, more if its last search raised its
// bound faster (its pace), so that the cheap parts take up what the dear
// ones leave. A search for the
// optimum does not do this: it solves each part exactly in turn, and a
// part's limit is all the room the others' weak bounds leave, so that a
// large part is solved exactly long before its bound matters (7 of 7
// distinct: 36 minutes of search proved 31613, 44 seconds of raise 31959).
// fn, if not nil, is called with each higher bound.
func (pr prover) raise(cands []int32, fn func(int)) (int, bool) {
	sv := pr.sv
	n, depth := len(cands), sv.maxDepth
	if n <= 2 || depth <= 1 || !sv.fits(n, depth) {
		total, ok := sv.solve(nil, cands, depth, infinite, nil, inner)
		return total, ok || total >= infinite
	}
	var kb keyBuffer
	key := sv.key(&kb, cands, depth)
	if e, ok := sv.recall(key); ok && e.exact {
		return e.total, true
	}
	guesses, classes := pr.firstGuesses(cands, depth)
	if sv.ctx.Err() != nil {
		// Listed after the end, the classes may lack some (see
		// chooser.walk): their least proves nothing.
		return pr.provenBound(nil, cands, depth, 0), false
	}
	total := func(parts []rootPart) int {
		t := n
		for _, p := range parts {
			t += p.bound
		}
		return min(t, infinite)
	}
	// least returns the class of the least total (-1 if none) and that
	// total, the bound proven.
	least := func() (int, int) {
		c, lower := -1, infinite+1
		for i, parts := range classes {
			if t := total(parts); t < lower {
				c, lower = i, t
			}
		}
		return c, lower
	}
	// weakest returns the class of the least total, that total and
	// whether the class is solved (then its total is the optimum, which
	// it remembers).
	weakest := func() ([]rootPart, int, bool) {
		var w []rootPart
		c, lower := least()
		guess := int32(0)
		if c >= 0 {
			w, guess = classes[c], guesses[c]
		}
		solved := true
		for _, p := range w {
			solved = solved && p.exact
		}
		if solved && lower < infinite {
			sv.remember(key, memoEntry{total: lower, exact: true, guess: guess})
		}
		return w, lower, solved || lower >= infinite
	}
	// keep puts back in the memo the bounds of the parts it forgot: a part
	// solved early is not searched again, and the memo forgets what is
	// not used (7 of 7 distinct's checkpoint after 45 minutes lacked three
	// of the six parts, solved, and proved 31720 where the run had 32498).
	var pkb keyBuffer
	keep := func() {
		for _, parts := range classes {
			for _, p := range parts {
				if len(p.cands) <= 2 {
					continue
				}
				k, _ := sv.ownKey(&pkb, p.cands, depth-1)
				if _, ok := sv.recall(k); !ok {
					sv.memo.put(k, memoEntry{total: p.bound}) // sound even if sv.ctx is done
				}
			}
		}
	}
	// report calls fn with the bound proven, the least total of the
	// classes, when it has risen: after each part's search, so that the
	// bound shown moves with the parts' within a step too.
	shown := 0
	report := func() {
		_, lower := least()
		if lower > shown && lower < infinite && fn != nil {
			fn(lower)
		}
		shown = max(shown, lower)
	}
	step := 0
	for {
		w, lower, solved := weakest()
		report()
		if solved || sv.ctx.Err() != nil {
			keep()
			return lower, solved
		}
		// A step that ends at once is followed by one twice as large, so
		// that a class that needs more guesses than the limit allows
		// reaches infinite soon.
		step = max(step, lower/RaiseStep, 1)
		target, began := min(lower+step, infinite), time.Now()
		for total(w) < target && sv.ctx.Err() == nil {
			keep()
			pace, size, most := 0.0, 0, n
			for _, p := range w {
				if !p.exact {
					pace, size = pace+p.pace, size+len(p.cands)
				}
				most = min(most+p.upper, infinite)
			}
			if size == 0 || most <= total(w) {
				break // solved
			}
			// The class costs at most the trees found of its parts.
			target = min(target, most)
			deficit := target - total(w)
			var open []int // the parts searched, largest first, and their goals
			var goals []int
			for i, p := range w {
				if p.exact {
					continue
				}
				// A part's share is at least its part of the deficit by
				// size, and more if its pace is above its size's: a dear
				// part's search costs about as much for a rise of 20 as of
				// 1 (6 of 7 distinct's largest part, resumed: 9 of its 29
				// guesses in 418 s against 359 s), so that shares of 1
				// by its measured pace left it rising by 1 in half an hour.
				share := max(1, int(math.Ceil(float64(deficit)*float64(len(p.cands))/float64(size))))
				if p.paced && pace > 0 {
					share = max(share, int(math.Ceil(float64(deficit)*p.pace/pace)))
				}
				// A goal above the part's optimum needs only a tree below
				// it, not the optimum: the other parts then make up the
				// step, and the part's goals stay below the tree's total.
				open, goals = append(open, i), append(goals, min(p.bound+share, p.upper, infinite))
			}
			// The parts are searched at once on the processors idle, as
			// they do not depend on each other: one search at a time
			// kept one of two processors busy a fifth of the time.
			var mu sync.Mutex
			search := func(k int) bool {
				p := &w[open[k]]
				searched := time.Now()
				got, found := sv.solve(p.history, p.cands, depth-1, goals[k], nil, firstBelow)
				if sv.ctx.Err() != nil {
					return false // cut short: got proves nothing
				}
				mu.Lock()
				defer mu.Unlock()
				rise := 0.0
				if found {
					p.upper = got
				} else {
					rise = float64(max(got, p.bound) - p.bound)
					p.bound = max(p.bound, got)
				}
				p.exact = p.bound >= p.upper
				now := (rise + 1) / (time.Since(searched).Seconds() + 1e-3)
				if p.paced {
					now = (p.pace + now) / 2
				}
				p.pace, p.paced = now, true
				report()
				return true
			}
			sv.workers.share(len(open), search)
		}
		if time.Since(began) < RaiseQuick {
			step *= 2
		} else {
			step = 0
		}
	}
}
