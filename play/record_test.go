package play

import (
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/play/stats"
)

// A daily kept in progress is counted lost once its day is over (Settle,
// as the page's settleDailies), and not before; a progress kept never
// goes back to fewer guesses (Keep: an older write comes late).
func TestKeepAndSettle(t *testing.T) {
	dir := t.TempDir()
	g := mastermind.Classic()
	day := &Daily{Date: "2026-12-02", Number: 32}
	st := func(guesses ...string) State {
		s := State{Game: g, Role: You, Daily: day}
		for _, c := range guesses {
			code, _ := g.ParseCode(c)
			s.Turns = append(s.Turns, mastermind.Turn{Guess: code, Feedback: mastermind.Score(mastermind.Code{0, 1, 2, 3}, code)})
		}
		return s
	}
	if note := Keep(dir, "classic", st("0011", "2233")); note != "" {
		t.Fatal(note)
	}
	Keep(dir, "classic", st("0011")) // late: before the guard, it wrote one guess over two
	s, _ := stats.Load(dir)
	if p, ok := s.Progress("classic", day.Date); !ok || len(p.Turns) != 2 {
		t.Fatalf("the progress kept: %+v, %v; want the two guesses", p, ok)
	}
	if s, _ = Settle(dir, s, day.Date); s.Tally("classic").Played != 0 {
		t.Errorf("a daily in progress on its day is counted: %+v", s.Tally("classic"))
	}
	s, note := Settle(dir, s, "2026-12-03")
	if got := s.Tally("classic"); note != "" || got.Played != 1 || got.Won != 0 {
		t.Errorf("a daily left the day before counts %+v (%q), want one lost", got, note)
	}
	if _, ok := s.Progress("classic", day.Date); ok {
		t.Errorf("the daily counted is still in progress")
	}
}
