package web

import (
	"context"
	"sync/atomic"
)

// The work of a computation is the number of code pairs it scores: each
// code against each answer of the history, to keep the codes still
// possible; each guess a strategy considers against each of them, to choose
// one. A cheap computation does at most cheapWork of it. A request starts
// on a cheap slot when its history is short for its game (see API.run);
// once it knows how many codes are still possible, and so the work of the
// guess it is about to choose, it tells it (spend), and beyond cheapWork it
// moves to an expensive slot: a heuristic on 13 positions of 2 colours
// (8192 codes, seconds of CPU a guess) does not hold a cheap slot.

// A seat is the computing slot a computation holds (see API.run): it may
// move once, from a cheap slot to an expensive one.
type seat struct {
	api     *API
	slots   chan struct{} // where the slot held was taken; nil when none is
	waiting atomic.Bool   // waiting for a slot, or ended waiting (the request is busy, not long)
}

// seatKey is the context key of a computation's seat.
type seatKey struct{}

// spend tells the API that the computation of ctx is about to do work (code
// pairs scored). Beyond cheapWork, a computation on a cheap slot gives it
// back and waits for an expensive one, so that cheap slots are held only
// briefly; it returns errBusy when none frees before ctx ends. It is called
// by the computation's own goroutine only.
func spend(ctx context.Context, work float64) error {
	s, _ := ctx.Value(seatKey{}).(*seat)
	if s == nil || s.slots != s.api.cheap || work <= cheapWork {
		return nil
	}
	s.waiting.Store(true) // and stays so when ctx ends first: the request was busy
	s.api.moving.Add(1)
	defer s.api.moving.Add(-1)
	<-s.slots
	s.slots = nil
	select {
	case s.api.costly <- struct{}{}:
		s.slots = s.api.costly
		s.waiting.Store(false)
		return nil
	case <-ctx.Done():
		return errBusy
	}
}
