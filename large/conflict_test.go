package large

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/topcoder"
)

// cpuLimit is TopCoder's limit of CPU time for a game (times
// raceSlowdown).
const cpuLimit = 20 * time.Second * raceSlowdown

// TestPlayOneWrongAnswer answers truly but for the third answer, off by
// one: within TopCoder's 20 s of CPU the play must either find the code
// anyway or stop with a conflict, proven or of suspects, naming answers
// that were asked, the third among them if proven.
func TestPlayOneWrongAnswer(t *testing.T) {
	games := []mastermind.Game{{Positions: 60, Colors: 15}, {Positions: 40, Colors: 15}, {Positions: 25, Colors: 10}, {Positions: 100, Colors: 20}}
	offs := []struct {
		name string
		off  func(f mastermind.Feedback, n int) mastermind.Feedback
	}{
		{"one white more", func(f mastermind.Feedback, n int) mastermind.Feedback {
			if f.Black+f.White < n {
				f.White++
			} else {
				f.White--
			}
			return f
		}},
		{"one black fewer", func(f mastermind.Feedback, n int) mastermind.Feedback {
			if f.Black > 0 {
				f.Black--
			} else {
				f.Black++
			}
			return f
		}},
	}
	type wrong struct {
		g   mastermind.Game
		off int // of offs
	}
	cases := []wrong{{games[0], 0}, {games[1], 1}, {games[2], 0}, {games[2], 1}, {games[3], 1}}
	if !testkit.LongLane {
		cases = []wrong{{games[1], 1}, {games[2], 1}}
	}
	r := rand.New(rand.NewPCG(20, 5))
	for _, w := range cases {
		{
			g, o := w.g, offs[w.off]
			secret := topcoder.Secret(r, g)
			start := cputime.Process()
			guesses, found := 0, false
			err := Play(g, Options{Seed: 1, Clock: cputime.Process}, func(guess mastermind.Code) (mastermind.Feedback, error) {
				guesses++
				f := score(secret, guess)
				found = f.Black == g.Positions
				if guesses == 3 {
					f = o.off(f, g.Positions)
				}
				return f, nil
			})
			what := fmt.Sprintf("%v, %s", g, o.name)
			conflict := checkWrongAnswerEnd(t, what, err, found, guesses, cputime.Process()-start)
			if conflict != nil && !conflict.Suspects && len(conflict.Answers) > 0 && !contains(conflict.Answers, 3) {
				t.Errorf("%s: %v, a proven conflict without the wrong answer 3", what, err)
			}
		}
	}
}

// checkWrongAnswerEnd checks how a play with a wrong answer ended: the
// code found, or a conflict naming only answers that were asked (which it
// returns), or, on a machine too slow for the play's budget, ErrOutOfTime;
// within TopCoder's CPU time in every case.
func checkWrongAnswerEnd(t *testing.T, what string, err error, found bool, guesses int, cpu time.Duration) *mastermind.ConflictError {
	t.Helper()
	var conflict *mastermind.ConflictError
	switch {
	case err == nil && found:
		t.Logf("%s: found in %d guesses, %.1f s", what, guesses, cpu.Seconds())
	case errors.Is(err, ErrOutOfTime):
		t.Logf("%s: %v after %d guesses, %.1f s", what, err, guesses, cpu.Seconds())
	case errors.As(err, &conflict):
		t.Logf("%s: %v after %d guesses, %.1f s", what, err, guesses, cpu.Seconds())
		for _, a := range conflict.Answers {
			if a < 1 || a > guesses {
				t.Errorf("%s: conflict names answer %d of %d", what, a, guesses)
			}
		}
	default:
		t.Errorf("%s: Play = %v after %d guesses (found %v), want the code or a conflict", what, err, guesses, found)
	}
	if cpu > cpuLimit {
		t.Errorf("%s: %.1f s of CPU, more than TopCoder's 20 s (times %d)", what, cpu.Seconds(), raceSlowdown)
	}
	return conflict
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// TestPlayAllZero answers "0 0" to every guess of a game of 60 positions
// and 15 colours: once the answers account for every colour, the counts
// cannot sum to the length, a conflict to report at once.
func TestPlayAllZero(t *testing.T) {
	for _, g := range []mastermind.Game{{Positions: 60, Colors: 15}, {Positions: 20, Colors: 15}, {Positions: 8, Colors: 5}} {
		guesses := 0
		err := Play(g, Options{Seed: 1}, func(mastermind.Code) (mastermind.Feedback, error) {
			guesses++
			return mastermind.Feedback{}, nil
		})
		var conflict *mastermind.ConflictError
		if !errors.As(err, &conflict) || conflict.Suspects || len(conflict.Answers) == 0 || guesses > g.Colors+1 {
			t.Fatalf("%v: Play = %v after %d guesses, want a proven conflict within %d", g, err, guesses, g.Colors+1)
		}
		t.Logf("%v: %v after %d guesses", g, err, guesses)
		for _, a := range conflict.Answers {
			if a < 1 || a > guesses {
				t.Errorf("%v: conflict names answer %d of %d", g, a, guesses)
			}
		}
		// The named answers alone admit no code: each colour of their
		// guesses is absent, and they show every colour.
		seen := make([]bool, g.Colors)
		for _, turn := range conflict.Turns() {
			for _, c := range turn.Guess {
				seen[c] = true
			}
		}
		for c, ok := range seen {
			if !ok {
				t.Errorf("%v: the conflicting answers %v never show colour %d", g, conflict.Answers, c)
			}
		}
	}
}

// TestPlayDistinctWrongAnswer answers games of distinct colours played a
// window at a time truly but for one answer, one black off: within
// TopCoder's 20 s of CPU the play must find the code anyway, stop with a
// conflict naming answers that were asked, or run out of its time (it
// ends at 17 to 19 s of CPU, and either way). It plays the game again on
// a clock that reads three times the process's CPU, as on a machine three
// times slower (or a load that charged the play three times the CPU for
// its work): that clock must read within 20 s too. A budget read only
// between guesses, with nothing to stop the late guesses, took 21.1 and
// 21.2 s of CPU beside two busy loops, and read 28.3 s on that clock.
func TestPlayDistinctWrongAnswer(t *testing.T) {
	testkit.Long(t) // 60 of 100 distinct: 17 to 19 s of CPU, then 6.3 s
	type wrong struct {
		g     mastermind.Game
		turn  int // the wrong answer
		scale int // the clock reads scale times the process's CPU
	}
	g := mastermind.Game{Positions: 60, Colors: 100, Distinct: true}
	for _, w := range []wrong{{g, 30, 1}, {g, 30, 3}} {
		secret := w.g.Random(rand.New(rand.NewPCG(21, 5)))
		start := cputime.Process()
		clock := func() time.Duration { return time.Duration(w.scale) * (cputime.Process() - start) }
		guesses, found := 0, false
		err := Play(w.g, Options{Seed: 1, Clock: clock}, func(guess mastermind.Code) (mastermind.Feedback, error) {
			guesses++
			f := score(secret, guess)
			found = f.Black == w.g.Positions
			if guesses == w.turn {
				if f.Black > 0 {
					f.Black--
					f.White++
				} else {
					f.Black++
					f.White--
				}
			}
			return f, nil
		})
		checkWrongAnswerEnd(t, fmt.Sprintf("%v, answer %d wrong, a clock of %d times the CPU", w.g, w.turn, w.scale), err, found, guesses, clock())
	}
}
