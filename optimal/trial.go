package optimal

import (
	"sync"
	"sync/atomic"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// A trial is a guess tried at a set of candidates (see try): the parts of
// its split and what is known of them, shared by the goroutines that work
// on them. Trials are reused (solver.trials), with their buffers, as a
// search tries hundreds of thousands of guesses.
type trial struct {
	sv      *solver
	history []mastermind.Turn
	code    mastermind.Code
	depth   int
	limit   int
	n       int // candidates

	parts     []part
	all       []int32           // the parts' candidates
	starts    []int             // per outcome, where its part starts in all
	histories []mastermind.Turn // the parts' histories, each len(history)+1 long

	mu      sync.Mutex
	total   int  // the set's size plus, per part, its bound or total
	failed  bool // whether the guess is known to cost limit or more
	largest int  // the largest part's bound before the probes (see work)
}

// A part is the candidates that give one answer to a guess, and what try
// knows of it.
type part struct {
	feedback mastermind.Feedback
	cands    []int32

	bound   int               // a lower bound on its total, or its total if exact
	exact   bool              // whether bound is its total
	choices *choiceQueue      // its scored guesses, if any
	history []mastermind.Turn // its history, once made
}

// A stage is one pass of a trial over its parts (see try).
type stage int

const (
	bounding stage = iota // the bound of one more guess, the candidates' (see lowerBound)
	settling              // the same, scoring the other guesses if needed (see choiceQueue.settle)
	probing               // a search with a share of the room (see probeShare)
	solving               // a search with all the room
)

// try returns the total of the best tree that plays guess first, if below
// limit.
//
// First the bounds of one more guess on every part, smallest first: the
// small ones cost little and often show the guess is no better than limit;
// the choices that could still beat limit are kept. Then, if the guess may
// still win, the same bounds scoring every guess where the candidates'
// were not enough (see choiceQueue). Then the parts themselves, largest
// first: a probe of each, then a search with all the room. Large sets
// share their parts out: for the bounds, only the largest, as a bound
// often ends the guess and then the others' work is lost.
func (sv *solver) try(history []mastermind.Turn, cands []int32, guess, depth, limit int, outcomes []mastermind.Outcome) (int, bool) {
	tr, _ := sv.trials.Get().(*trial)
	if tr == nil {
		tr = &trial{sv: sv}
	}
	defer tr.release()
	tr.history, tr.code, tr.depth, tr.limit, tr.n = history, sv.space.Code(guess), depth, limit, len(cands)
	tr.failed = false
	tr.partition(cands, guess, outcomes)
	k := (len(history) + 1) * len(tr.parts)
	if cap(tr.histories) < k {
		tr.histories = make([]mastermind.Turn, k)
	}
	tr.histories = tr.histories[:k]
	tr.total = len(cands)
	for i := range tr.parts {
		tr.parts[i].bound = sv.least[len(tr.parts[i].cands)]
		tr.total += tr.parts[i].bound
	}
	tr.each(bounding)
	tr.each(settling)
	// Under a depth limit, where parts often fail for want of depth, probes
	// doubled the time of classic within 5 guesses, so there are none.
	if sv.maxDepth == tree.MaxDepth {
		tr.largest = tr.parts[0].bound
		tr.each(probing)
	}
	tr.each(solving)
	return tr.total, !tr.failed && tr.total < limit
}

// release gives the trial back for reuse, holding on to nothing of the
// search but its buffers.
func (tr *trial) release() {
	clear(tr.parts) // the histories' turns hold only the space's codes
	tr.parts, tr.history, tr.code = tr.parts[:0], nil, nil
	tr.sv.trials.Put(tr)
}

// split splits the candidates by their answer to guess, leaving out the one
// that is the guess, into parts of their own, largest first, each with its
// history.
func (sv *solver) split(history []mastermind.Turn, cands []int32, guess int) []part {
	tr := &trial{sv: sv, history: history, code: sv.space.Code(guess)}
	tr.partition(cands, guess, make([]mastermind.Outcome, len(cands)))
	tr.histories = make([]mastermind.Turn, (len(history)+1)*len(tr.parts))
	for i := range tr.parts {
		tr.historyOf(i)
	}
	return tr.parts
}

// historyOf returns part i's history, made when first needed: often the
// guess fails before most parts are looked at.
func (tr *trial) historyOf(i int) []mastermind.Turn {
	p := &tr.parts[i]
	if p.history == nil {
		k := len(tr.history) + 1
		h := tr.histories[i*k : (i+1)*k : (i+1)*k]
		copy(h, tr.history)
		h[k-1] = mastermind.Turn{Guess: tr.code, Feedback: p.feedback}
		p.history = h
	}
	return p.history
}

// each works on the parts at stage st, smallest first for the bounds,
// largest first for the searches, until the guess is known to cost limit or
// more; for large sets, on as many goroutines as there are idle processors.
func (tr *trial) each(st stage) {
	parallel := tr.n >= parallelSolve
	if st <= settling {
		parallel = tr.n >= parallelBound
	}
	step := func(i int) bool { return tr.step(st, i) }
	if !parallel {
		inTurn(len(tr.parts), step)
		return
	}
	tr.sv.workers.share(len(tr.parts), step)
}

// inTurn calls step on each of n items in order, until one returns false.
func inTurn(n int, step func(i int) bool) {
	for i := 0; i < n && step(i); i++ {
	}
}

// workers counts the goroutines of a search that work, so that its sets
// share their parts out among the processors that are idle (see share).
// A search starts with one working, its own.
type workers struct {
	busy  atomic.Int32 // goroutines working, not waiting for helpers
	procs int32        // the most goroutines share starts working at once
}

// newWorkers returns the workers of a search on procs processors, the
// search's own goroutine working.
func newWorkers(procs int) *workers {
	w := &workers{procs: int32(procs)}
	w.busy.Store(1)
	return w
}

// claim reports whether a processor is idle, and if so counts it busy.
func (w *workers) claim() bool {
	for {
		b := w.busy.Load()
		if b >= w.procs {
			return false
		}
		if w.busy.CompareAndSwap(b, b+1) {
			return true
		}
	}
}

// step works on the i-th part of stage st (counted from the smallest for
// the bounds), with the room the other parts leave, and reports whether
// the guess may still cost less than limit.
func (tr *trial) step(st stage, i int) bool {
	if st <= settling {
		i = len(tr.parts) - 1 - i
	}
	tr.mu.Lock()
	if tr.failed || tr.total >= tr.limit {
		tr.failed = true
		tr.mu.Unlock()
		return false
	}
	rest := tr.total - tr.parts[i].bound // the other parts at their bounds or totals
	tr.mu.Unlock()
	b, ok := tr.work(st, i, tr.limit-rest)
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.total += b - tr.parts[i].bound
	tr.parts[i].bound = b
	tr.failed = tr.failed || !ok || tr.total >= tr.limit
	return !tr.failed
}

// work returns what stage st shows of part i given room (its bound or
// total, and false if it costs room or more).
func (tr *trial) work(st stage, i, room int) (int, bool) {
	sv, p, depth := tr.sv, &tr.parts[i], tr.depth-1
	switch st {
	case bounding:
		var b int
		b, p.choices = sv.lowerBound(func() []mastermind.Turn { return tr.historyOf(i) }, p.cands, depth, room)
		return b, true
	case settling:
		if p.choices == nil || p.choices.rest == nil {
			return p.bound, true
		}
		before := p.choices.least
		if after := p.choices.settle(sv, room); after == before {
			return p.bound, true
		}
		var b int
		var kb keyBuffer
		key, kf := sv.memoKey(&kb, tr.historyOf(i), p.cands, depth)
		b, p.choices = sv.settled(key, kf, p.cands, p.choices)
		return max(b, p.bound), true
	case probing:
		// Before any part is solved with all the room left, each gets a
		// probe with a quarter of it: most guesses tried are not the best,
		// and a probe that fails raises the part's bound at a fraction of
		// the cost, so that the sum passes the limit sooner. A probe that
		// succeeds is the part's optimum. The room of a probe leaves out
		// what the largest part's probe raised its bound, and a probe may
		// take the whole room (then it is the part's search, and if it
		// fails the guess is done): so that the probes of a guess that is
		// not the best together pass the limit, instead of each getting a
		// quarter of what the others left and the largest part being
		// searched with a sliver of room that proves little (on one
		// thread, 4x8 made 42% fewer calls; see docs/optima.md). The probe
		// works on a copy of the part's choices, as a search uses them up.
		tr.mu.Lock()
		raised := tr.parts[0].bound - tr.largest
		tr.mu.Unlock()
		probe := min(p.bound+max(1, (room+raised-p.bound)/probeShare), room)
		var c *choiceQueue
		if p.choices != nil {
			scratch := sv.chooser.scratch()
			defer sv.chooser.give(scratch)
			c = p.choices.copy(scratch)
		}
		b, ok := sv.solve(tr.historyOf(i), p.cands, depth, probe, c, inner)
		p.exact = ok
		return b, true
	default:
		if p.exact {
			return p.bound, true
		}
		return sv.solve(tr.historyOf(i), p.cands, depth, room, p.choices, inner)
	}
}

// probeShare is the inverse of the share of the room left that a part's
// probe gets (see try): 4 measured best on 4x7, 4x8 and bulls, against 2, 3,
// 6, 8 and 16, and two rounds of probes.
const probeShare = 4

// The smallest sets whose parts are worth bounding, and solving, in
// parallel.
const (
	parallelBound = 100
	parallelSolve = 30
)

// share calls step on each of n items in order, until one returns false,
// on this goroutine and on a helper for each idle processor (see claim);
// on this goroutine alone if there is none.
func (w *workers) share(n int, step func(i int) bool) {
	if n < 2 || !w.claim() {
		inTurn(n, step)
		return
	}
	var next atomic.Int64
	run := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= n || !step(i) {
				return
			}
		}
	}
	help := func() {
		defer w.busy.Add(-1)
		run()
	}
	var wg sync.WaitGroup
	wg.Go(help)
	for helpers := 1; helpers < n-1 && w.claim(); helpers++ {
		wg.Go(help)
	}
	run()
	// While the helpers finish, this goroutine's processor is free for
	// other work.
	w.busy.Add(-1)
	wg.Wait()
	w.busy.Add(1)
}

// partition splits the candidates by their answer to guess into the
// trial's parts, leaving out the one that is the guess, largest part
// first.
func (tr *trial) partition(cands []int32, guess int, outcomes []mastermind.Outcome) {
	g := tr.sv.game
	outcomes = outcomes[:len(cands)]
	tr.sv.outcomes(guess, cands, outcomes)
	// The parts share one array, in order of outcome.
	if cap(tr.all) < len(cands) {
		tr.all = make([]int32, len(cands))
	}
	all := tr.all[:len(cands)]
	if cap(tr.starts) < g.Outcomes()+1 {
		tr.starts = make([]int, g.Outcomes()+1)
	}
	starts := tr.starts[:g.Outcomes()+1]
	g.Split(cands, outcomes, all, starts)
	solved := g.Solved()
	parts := tr.parts[:0]
	for o := range g.Outcomes() {
		if starts[o+1] > starts[o] && mastermind.Outcome(o) != solved {
			end := starts[o+1]
			parts = append(parts, part{feedback: g.FeedbackOf(mastermind.Outcome(o)), cands: all[starts[o]:end:end]})
		}
	}
	// Largest first, stable: an insertion sort, as there are few.
	for i := 1; i < len(parts); i++ {
		for j := i; j > 0 && len(parts[j].cands) > len(parts[j-1].cands); j-- {
			parts[j], parts[j-1] = parts[j-1], parts[j]
		}
	}
	tr.parts = parts
}
