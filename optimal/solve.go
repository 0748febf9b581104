package optimal

import (
	"context"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// Solve returns an optimal decision tree for the space. When ctx is
// cancelled it stops within about a second and returns ctx's error (after
// a last Save, if any).
func Solve(ctx context.Context, s *mastermind.Space, opt Options) (*tree.Tree, error) {
	sv, err := start(ctx, s, opt)
	if err != nil {
		return nil, err
	}
	return treeSearch{sv}.run(opt)
}

// A treeSearch is the mode of Solve: the search for the optimal tree of the
// whole space, from the root, telling its progress and what it has proven
// when stopped.
type treeSearch struct {
	sv *solver
}

// run is Solve once started; opt's Save and SaveEvery save checkpoints.
func (m treeSearch) run(opt Options) (*tree.Tree, error) {
	sv := m.sv
	ctx, s := sv.ctx, sv.space
	all := consistent.All(s)
	sv.lower, sv.upper = sv.least[len(all)], infinite
	if err := ctx.Err(); err != nil {
		// Stopped before the search: the bound of the count, or of what
		// a checkpoint holds.
		return nil, &InterruptedError{Lower: max(sv.lower, prover{sv}.proven(context.WithoutCancel(ctx), all, provenTime)), Upper: sv.upper, MaxDepth: opt.MaxDepth, Err: err}
	}
	saved := autosave(opt, sv.snapshot)
	total, ok := sv.solve(nil, all, sv.maxDepth, infinite, nil, root)
	saved()
	if err := ctx.Err(); err != nil {
		return nil, &InterruptedError{Lower: max(sv.lower, prover{sv}.proven(context.WithoutCancel(ctx), all, provenTime)), Upper: sv.upper, MaxDepth: opt.MaxDepth, Err: err}
	}
	if !ok || total >= infinite {
		return nil, ErrInfeasible
	}
	sv.ctx = context.WithoutCancel(ctx) // the tree is made of sets searched already, or small
	root := sv.build(nil, all, sv.maxDepth)
	return &tree.Tree{Space: s, Root: root}, nil
}

// autosave starts saving the checkpoints snapshot returns as opt asks, and
// returns the function that stops it and saves a last time. A save that
// fails goes to opt.SaveFailed; the search goes on.
func autosave(opt Options, snapshot func() *Checkpoint) func() {
	if opt.Save == nil {
		return func() {}
	}
	every := opt.SaveEvery
	if every <= 0 {
		every = time.Minute
	}
	save := func() {
		if err := opt.Save(snapshot()); err != nil && opt.SaveFailed != nil {
			opt.SaveFailed(err)
		}
	}
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				save()
			}
		}
	}()
	return func() {
		close(stop)
		<-done
		save()
	}
}
