package large

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/topcoder"
)

// play plays game g against secret and returns the guesses it took.
func play(t *testing.T, g mastermind.Game, secret mastermind.Code, seed uint64) int {
	t.Helper()
	guesses := 0
	found := false
	err := Play(g, Options{Seed: seed, Clock: cputime.Process}, func(guess mastermind.Code) (mastermind.Feedback, error) {
		if err := g.ValidCode(guess); err != nil {
			t.Fatalf("%v: invalid guess %v: %v", g, guess, err)
		}
		guesses++
		f := mastermind.Score(secret, guess)
		found = f.Black == g.Positions
		return f, nil
	})
	if err != nil || !found {
		t.Fatalf("%v, secret %v: %v after %d guesses (found %v)", g, secret, err, guesses, found)
	}
	return guesses
}

// TestPlayFindsEverySecret plays a game of each size below, with skewed
// colour weights as in TopCoder's generator, and checks each secret is
// found within the limit of guesses, every guess a code of the game. The
// sizes take every way of playing: tiny games, whole codes with a pool
// (7x20, 13x3) and beyond 20 positions (25x12), and windows, from
// beyond 35 positions (41x5) to 100 positions (100x2) and 100 colours to
// count (60x100: the most guesses). The late effort of a slow game is
// TestSearchStopsOnTime runs a search that cannot succeed (answers no
// code gives) with a long effort three ways: without a clock; on a clock
// short of its time throughout, which must not change the search (the
// guesses stay a function of the answers and the seed); and on a clock past
// its time from the second reading, which must stop the search within
// pollEvery moves and return the least wrong code it has.
func TestSearchStopsOnTime(t *testing.T) {
	g := mastermind.Game{Positions: 24, Colors: 8}
	secret := topcoder.Secret(rand.New(rand.NewPCG(3, 3)), g)
	e := effort{tries: 3, budget: 20_000, pop: 30}
	search := func(clock func() time.Duration) (*searcher, []uint8) {
		r := rand.New(rand.NewPCG(7, 7))
		s := newSearcher(g.Positions, g.Colors, nil, nil, e, r)
		for range 6 {
			guess := g.Random(r)
			f := mastermind.Score(secret, guess)
			s.add(guess, -1, f.Black, f.Black+f.White)
		}
		s.add(secret, -1, g.Positions-1, g.Positions) // no code gives it
		s.setTime(clock, time.Second)
		return s, s.next()
	}
	free, want := search(nil)
	early, code := search(func() time.Duration { return 0 })
	if !slices.Equal(code, want) || early.work != free.work {
		t.Errorf("a clock short of its time changed the search: %v after work %d, want %v after %d", code, early.work, want, free.work)
	}
	reads := 0
	cut, code := search(func() time.Duration {
		reads++
		if reads == 1 {
			return 0
		}
		return time.Hour
	})
	// A move looks at most at four lists of answers, each at most all of them.
	if most := 2 * pollEvery * (1 + 4*len(cut.guesses)); cut.work > most || len(code) != g.Positions {
		t.Errorf("a clock past its time: search work %d, want at most %d (without the clock %d); code %v", cut.work, most, free.work, code)
	}
	if cut.violated() == nil {
		t.Errorf("the search cut short returned %v as consistent with answers no code gives", code)
	}
	t.Logf("search work %d without a clock, %d cut short", free.work, cut.work)
}

// TestSlowMachineNoStall's. TopCoder's largest game, 100x20, is played in
// full by the command's tests (testdata/judge.txtar), and in part by
// TestPlayOneWrongAnswer.
func TestPlayFindsEverySecret(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	sizes := []mastermind.Game{{Positions: 1, Colors: 2}, {Positions: 2, Colors: 2}, {Positions: 5, Colors: 5}, {Positions: 7, Colors: 20}, {Positions: 13, Colors: 3}, {Positions: 25, Colors: 12}, {Positions: 41, Colors: 5}, {Positions: 64, Colors: 9}, {Positions: 100, Colors: 2}, {Positions: 60, Colors: 100}}
	if !testkit.LongLane {
		sizes = sizes[:6]
	}
	for i, g := range sizes {
		secret := topcoder.Secret(r, g)
		start := cputime.Process()
		n := play(t, g, secret, uint64(i))
		if n > MaxGuesses {
			t.Errorf("%v: %d guesses", g, n)
		}
		t.Logf("%v: %d guesses, %.1f s of CPU", g, n, (cputime.Process() - start).Seconds())
	}
}

// TestPlayIsRepeatable checks that the guesses are a function of the seed
// and the answers (without a clock, whose net would make them depend on the
// machine's speed). The two plays of a game run side by side, as they
// share nothing.
func TestPlayIsRepeatable(t *testing.T) {
	testkit.Long(t) // each play takes its 20 s of CPU: 40 s for 30x8 alone
	games := []mastermind.Game{{Positions: 30, Colors: 8}, {Positions: 45, Colors: 6}, {Positions: 20, Colors: 30, Distinct: true}}
	for _, g := range games {
		secret := topcoder.Secret(rand.New(rand.NewPCG(1, 1)), g)
		if g.Distinct {
			secret = g.Random(rand.New(rand.NewPCG(1, 1)))
		}
		var plays [2][]mastermind.Code
		var errs [2]error
		var wg sync.WaitGroup
		for i := range plays {
			wg.Go(func() { plays[i], errs[i] = guesses(g, secret, 3) })
		}
		wg.Wait()
		if err := errors.Join(errs[:]...); err != nil {
			t.Fatalf("%v: %v", g, err)
		}
		if a, b := plays[0], plays[1]; !slices.EqualFunc(a, b, slices.Equal) {
			t.Errorf("%v: two plays with seed 3 differ:\n%v\n%v", g, a, b)
		}
	}
}

// guesses returns the guesses of a play of game g against secret.
func guesses(g mastermind.Game, secret mastermind.Code, seed uint64) ([]mastermind.Code, error) {
	var list []mastermind.Code
	err := Play(g, Options{Seed: seed}, func(guess mastermind.Code) (mastermind.Feedback, error) {
		list = append(list, slices.Clone(guess))
		return score(secret, guess), nil
	})
	return list, err
}

// TestPlaySmallGames checks a game of two positions and two colours takes at
// most three guesses.
func TestPlaySmallGames(t *testing.T) {
	for _, secret := range []mastermind.Code{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
		if n := play(t, mastermind.Game{Positions: 2, Colors: 2}, secret, 1); n > 3 {
			t.Errorf("secret %v: %d guesses, want at most 3", secret, n)
		}
	}
}

// TestPlayDetectsContradictions checks that answers no secret gives end
// the play within the colour count, long before MaxGuesses.
func TestPlayDetectsContradictions(t *testing.T) {
	g := mastermind.Game{Positions: 50, Colors: 5}
	secret := topcoder.Secret(rand.New(rand.NewPCG(4, 4)), g)
	for _, c := range []struct {
		name   string
		answer func(mastermind.Code) mastermind.Feedback
	}{
		{"17 blacks to every guess", func(mastermind.Code) mastermind.Feedback { return mastermind.Feedback{Black: 17} }},
		{"10 whites too many", func(guess mastermind.Code) mastermind.Feedback {
			f := mastermind.Score(secret, guess)
			f.White = min(f.White+10, g.Positions-f.Black)
			return f
		}},
	} {
		guesses := 0
		err := Play(g, Options{Seed: 1}, func(guess mastermind.Code) (mastermind.Feedback, error) {
			guesses++
			return c.answer(guess), nil
		})
		var conflict *mastermind.ConflictError
		if !errors.As(err, &conflict) || guesses > 3*g.Colors {
			t.Fatalf("%s: Play = %v after %d guesses, want a conflict within %d", c.name, err, guesses, 3*g.Colors)
		}
		if conflict.Suspects || len(conflict.Answers) == 0 {
			t.Errorf("%s: %v, want a proven conflict", c.name, err)
		}
		for _, a := range conflict.Answers {
			if a < 1 || a > guesses {
				t.Errorf("%s: conflict names answer %d of %d", c.name, a, guesses)
			}
		}
	}
}

// TestSearchFindsConsistentCodes checks the searcher against answers from a
// known secret: every code it proposes as consistent satisfies every answer.
func TestSearchFindsConsistentCodes(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	g := mastermind.Game{Positions: 20, Colors: 6}
	secret := topcoder.Secret(r, g)
	s := newSearcher(g.Positions, g.Colors, nil, nil, wholeEffort, r)
	for range 8 {
		code := s.next()
		f := mastermind.Score(secret, code)
		s.add(code, -1, f.Black, f.Black+f.White)
		for _, m := range s.pop {
			if m.err != 0 {
				continue
			}
			for j, guess := range s.guesses {
				got := mastermind.Score(mastermind.Code(m.code), mastermind.Code(guess))
				if got.Black != s.target[j] || got.Black+got.White != s.total[j] {
					t.Fatalf("member %v counted consistent, but scores %v against guess %v (answer %d blacks, %d in all)", m.code, got, guess, s.target[j], s.total[j])
				}
			}
		}
	}
}

// TestSlowMachineNoStall plays a game on a fake clock that says the play
// is past slowTime, short of stopTime (a slow machine, which searches with
// the late effort throughout): right answers must still lead to the code,
// however many of its guesses miss, since a play stalls on counted work
// and runs of misses, and on time only at stopTime. (With a stall after
// 17 s of CPU it stopped after 60 guesses, naming five right answers.)
func TestSlowMachineNoStall(t *testing.T) {
	g := mastermind.Game{Positions: 60, Colors: 12}
	secret := topcoder.Secret(rand.New(rand.NewPCG(4, 4)), g)
	found := false
	var now time.Duration // a fake clock: past slowTime once the play begins
	p := newPlayer(g, Options{Seed: 1, Clock: func() time.Duration { return now }}, func(guess mastermind.Code) (mastermind.Feedback, error) {
		f := mastermind.Score(secret, guess)
		found = f.Black == g.Positions
		return f, nil
	})
	now = slowTime + time.Second
	if err := p.play(); err != nil || !found {
		t.Fatalf("%v: %v after %d guesses (found %v)", g, err, p.guesses, found)
	}
	if p.stats.misses == 0 {
		t.Errorf("%v: no guess missed, so the play never asked whether to stall", g)
	}
	if p.stats.late == 0 {
		t.Errorf("%v: no guess searched with the late effort, though the clock was past slowTime", g)
	}
	t.Logf("%v: %d guesses, %d missed", g, p.guesses, p.stats.misses)
}

// TestPlayStopsOnTime plays games on fake clocks that pass stopTime in the
// middle of the play, once its last guess was a consistent code, or was
// not (its guesses searched with the late effort, past slowTime, which
// misses more): the play must ask no guess after that, and end with
// ErrOutOfTime, blaming no answer for the machine's slowness.
func TestPlayStopsOnTime(t *testing.T) {
	g := mastermind.Game{Positions: 25, Colors: 10}
	secret := topcoder.Secret(rand.New(rand.NewPCG(20, 5)), g)
	for _, c := range []struct {
		name string
		miss bool // the clock runs out after a miss, past slowTime
	}{
		{name: "after a consistent guess"},
		{name: "after a miss", miss: true},
	} {
		var p *player
		asked, stopped := 0, 0
		// The clock passes stopTime once the play has asked 5 guesses and
		// its last one was consistent, or missed, as the case wants.
		clock := func() time.Duration {
			if p == nil {
				return 0 // the play begins
			}
			if stopped == 0 && asked >= 5 && (p.missRun > 0) == c.miss {
				stopped = asked
			}
			switch {
			case stopped > 0:
				return stopTime + time.Nanosecond
			case c.miss:
				return slowTime + time.Second
			}
			return 0
		}
		p = newPlayer(g, Options{Seed: 1, Clock: clock}, func(guess mastermind.Code) (mastermind.Feedback, error) {
			if stopped > 0 {
				t.Fatalf("%s: guess %d asked after the clock passed stopTime at guess %d", c.name, asked+1, stopped)
			}
			asked++
			return mastermind.Score(secret, guess), nil
		})
		err := p.play()
		switch {
		case stopped == 0:
			t.Errorf("%s: the play ended (%v) after %d guesses before the clock passed stopTime", c.name, err, asked)
		case !errors.Is(err, ErrOutOfTime):
			t.Errorf("%s: Play = %v, want ErrOutOfTime", c.name, err)
		}
		t.Logf("%s: %v after %d guesses, the clock out at guess %d", c.name, err, asked, stopped)
	}
}
