package play

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The games of the rules' tests: classic and a distinct game under each
// rule but black-white, whose tests are play_test's and run_test's.
func ruleGames(t *testing.T) []mastermind.Game {
	t.Helper()
	var games []mastermind.Game
	for _, name := range []string{"classic-black", "classic-slots", "4of6-black", "4of6-slots", "3x4-slots"} {
		g, err := mastermind.ParseGame(name)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// refAnswer is the answer secret gives guess under g's rule, by the
// reference scorers of internal/testkit, which score by their own code.
func refAnswer(g mastermind.Game, secret, guess mastermind.Code) mastermind.Feedback {
	return testkit.Answer[mastermind.Feedback](g.Rule.String(), secret, guess)
}

// allCodes lists every code of g, by counting.
func allCodes(g mastermind.Game) []mastermind.Code {
	var codes []mastermind.Code
	c := make(mastermind.Code, g.Positions)
	var rec func(i int)
	rec = func(i int) {
		if i == g.Positions {
			codes = append(codes, slices.Clone(c))
			return
		}
		for x := range g.Colors {
			if g.Distinct && slices.Contains(c[:i], uint8(x)) {
				continue
			}
			c[i] = uint8(x)
			rec(i + 1)
		}
	}
	rec(0)
	return codes
}

// fits reports whether some code of g gives every answer of turns, by
// the reference scorers.
func fits(g mastermind.Game, codes []mastermind.Code, turns []mastermind.Turn) bool {
	for _, c := range codes {
		ok := true
		for _, t := range turns {
			if refAnswer(g, c, t.Guess) != t.Feedback {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// smallestConflict is the size of the smallest set of turns no code of g
// gives together, by trying every subset; 0 when some code gives them
// all.
func smallestConflict(g mastermind.Game, codes []mastermind.Code, turns []mastermind.Turn) int {
	best := 0
	for mask := 1; mask < 1<<len(turns); mask++ {
		var sub []mastermind.Turn
		for i, t := range turns {
			if mask&(1<<i) != 0 {
				sub = append(sub, t)
			}
		}
		if (best == 0 || len(sub) < best) && !fits(g, codes, sub) {
			best = len(sub)
		}
	}
	return best
}

// typed writes answer f as a person may type it under g's rule: the
// forms the dialogue takes, chosen by n (lower case, digits, spaces).
func typed(g mastermind.Game, f mastermind.Feedback, n int) string {
	switch g.Rule {
	case mastermind.BlackOnly:
		return []string{strconv.Itoa(f.Black), "n " + strconv.Itoa(f.Black)}[n%2]
	case mastermind.Slots:
		switch n % 4 {
		case 1:
			return strings.ToLower(f.Marks)
		case 2:
			return strings.NewReplacer("G", "2", "Y", "1", ".", "0").Replace(f.Marks)
		case 3:
			return strings.Join(strings.Split(f.Marks, ""), " ")
		}
		return f.Marks
	}
	return fmt.Sprintf("%d %d", f.Black, f.White)
}

// A talk is a line dialogue run on pipes, the test its person: it reads
// up to each prompt and answers it.
type talk struct {
	t      *testing.T
	in     *io.PipeWriter
	out    *io.PipeReader
	prompt *regexp.Regexp
	buf    bytes.Buffer
	done   chan error
}

// converse starts the dialogue run(cfg) on pipes; prompt matches the end
// of its output when it asks.
func converse(t *testing.T, cfg Config, prompt string, run func(Config) error) *talk {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	cfg.In, cfg.Out = inR, outW
	c := &talk{t: t, in: inW, out: outR, prompt: regexp.MustCompile(prompt + `$`), done: make(chan error, 1)}
	go func() {
		err := run(cfg)
		outW.Close()
		inR.Close()
		c.done <- err
	}()
	return c
}

// next returns what the dialogue writes up to its next prompt, the prompt
// included, and false once it ends.
func (c *talk) next() (string, bool) {
	c.buf.Reset()
	chunk := make([]byte, 1<<16)
	for {
		n, err := c.out.Read(chunk)
		c.buf.Write(chunk[:n])
		if c.prompt.Match(c.buf.Bytes()) {
			return c.buf.String(), true
		}
		if err != nil {
			return c.buf.String(), false
		}
	}
}

// say types a line.
func (c *talk) say(line string) {
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("the dialogue reads no more (%v); it wrote:\n%s", err, c.buf.String())
	}
}

// wait returns what the dialogue returned.
func (c *talk) wait() error {
	c.in.Close()
	io.Copy(io.Discard, c.out)
	return <-c.done
}

// A computerPrompt is the prompt of Computer guesses: the guess to answer,
// or "> " when there is none.
var computerPrompt = regexp.MustCompile(`Guess (\d+): (\S+) \? $`)

// TestDialogueRules plays whole games of Computer guesses under black and
// slots in the line dialogue, answered by the reference scorers in each
// form a person may type: every guess could be the secret (the strategy
// consistent, play's default), each answer is listed back in the rule's
// form, and the code is found.
func TestDialogueRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 1))
	for _, g := range ruleGames(t) {
		codes := allCodes(g)
		for game := range 4 {
			secret := codes[r.IntN(len(codes))]
			c := converse(t, Config{Breaker: breakerOf(t, g, "consistent")}, `(Guess \d+: \S+ \? |> )`, Guess)
			var turns []mastermind.Turn
			won := false
			for !won {
				text, ok := c.next()
				if !ok {
					t.Fatalf("%s, secret %v: the dialogue ended:\n%s", g.Name(), secret, text)
				}
				m := computerPrompt.FindStringSubmatch(text)
				if m == nil {
					t.Fatalf("%s, secret %v: no guess:\n%s", g.Name(), secret, text)
				}
				guess, err := g.ParseCode(m[2])
				if err != nil || m[1] != strconv.Itoa(len(turns)+1) {
					t.Fatalf("%s: guess %s %q: %v", g.Name(), m[1], m[2], err)
				}
				if !fits(g, []mastermind.Code{guess}, turns) {
					t.Fatalf("%s, secret %v: guess %v could not be the code after %v", g.Name(), secret, guess, turns)
				}
				f := refAnswer(g, secret, guess)
				won = f.Black == g.Positions
				turns = append(turns, mastermind.Turn{Guess: guess, Feedback: f})
				if !won && len(turns) == 3 {
					c.say("list")
					listed, _ := c.next()
					for i, tu := range turns[:2] {
						if want := fmt.Sprintf("  %d. %s  %s\n", i+1, tu.Guess.Compact(g.Colors), g.Rule.Format(tu.Feedback)); !strings.Contains(listed, want) {
							t.Errorf("%s: list shows no %q:\n%s", g.Name(), want, listed)
						}
					}
				}
				c.say(typed(g, f, game+len(turns)))
				if len(turns) > 12 {
					t.Fatalf("%s, secret %v: not found in 12 guesses", g.Name(), secret)
				}
			}
			text, _ := c.next()
			if want := fmt.Sprintf("Found it in %s: %s.", plural(len(turns), "guess"), secret.Compact(g.Colors)); !strings.Contains(text, want) {
				t.Errorf("%s: the end says no %q:\n%s", g.Name(), want, text)
			}
			if err := c.wait(); err != nil {
				t.Errorf("%s: %v", g.Name(), err)
			}
		}
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ses", n, noun)
}

// answerLine is the answer to the person's guess in You guess: the
// rule's form, then what it means.
var answerLine = regexp.MustCompile(`(?m)^(\S+(?: \d+)?)  (?:\(|Found it)`)

// TestRefereeRules plays whole games of You guess under black and slots:
// the test guesses codes that fit the answers the dialogue gave, which
// must be the reference scorers', till the code is found.
func TestRefereeRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 2))
	for _, g := range ruleGames(t) {
		codes := allCodes(g)
		for range 3 {
			secret := codes[r.IntN(len(codes))]
			c := converse(t, Config{Breaker: breakerOf(t, g, "minimax")}, `Guess \d+: `, func(cfg Config) error { return Referee(cfg, secret) })
			text, _ := c.next()
			if g.Rule == mastermind.Slots && !strings.Contains(text, "I answer with a mark for each position") {
				t.Errorf("%s: the start says not how it answers:\n%s", g.Name(), text)
			}
			left := codes
			for n := 1; ; n++ {
				guess := left[r.IntN(len(left))]
				c.say(guess.Compact(g.Colors))
				text, ok := c.next()
				m := answerLine.FindStringSubmatch(text)
				want := refAnswer(g, secret, guess)
				if m == nil || m[1] != g.Rule.Format(want) {
					t.Fatalf("%s, secret %v: guess %v answered\n%s\nwant %s", g.Name(), secret, guess, text, g.Rule.Format(want))
				}
				if want.Black == g.Positions {
					if !strings.Contains(text, "Found it in "+plural(n, "guess")+"!") || ok {
						t.Errorf("%s: the end:\n%s", g.Name(), text)
					}
					break
				}
				var still []mastermind.Code
				for _, code := range left {
					if refAnswer(g, code, guess) == want {
						still = append(still, code)
					}
				}
				left = still
				if !strings.Contains(text, "("+Possible(mastermind.Remaining{N: float64(len(left)), Exact: true})+")") {
					t.Errorf("%s: after %v the dialogue counts otherwise than %d codes left:\n%s", g.Name(), guess, len(left), text)
				}
				if n > 20 {
					t.Fatalf("%s: not found", g.Name())
				}
			}
			if err := c.wait(); err != nil {
				t.Errorf("%s: %v", g.Name(), err)
			}
		}
	}
}

// conflictLines are the answers a conflict names: "  2. 0123  GY..".
var conflictLines = regexp.MustCompile(`(?m)^  (\d+)\. (\S+)  (.+)$`)

// TestDialogueConflictRules answers Computer guesses under black and
// slots for one code and then another, till no code fits: the answers
// named are a set no code gives together, and no smaller set is, by
// trying every subset with the reference scorers. Each answer that is
// not the first code's is then corrected (fix N ...), and the game goes
// on to find it.
func TestDialogueConflictRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 3))
	for _, g := range ruleGames(t) {
		codes := allCodes(g)
		for range 3 {
			a, b := codes[r.IntN(len(codes))], codes[r.IntN(len(codes))]
			if slices.Equal(a, b) {
				continue
			}
			c := converse(t, Config{Breaker: breakerOf(t, g, "consistent")}, `(Guess \d+: \S+ \? |> )`, Guess)
			var turns []mastermind.Turn
			text, _ := c.next()
			for computerPrompt.MatchString(text) {
				guess, _ := g.ParseCode(computerPrompt.FindStringSubmatch(text)[2])
				f := refAnswer(g, a, guess)
				if len(turns) > 0 && refAnswer(g, b, guess).Black != g.Positions {
					f = refAnswer(g, b, guess) // b's answers after a's first
				}
				turns = append(turns, mastermind.Turn{Guess: guess, Feedback: f})
				c.say(typed(g, f, len(turns)))
				text, _ = c.next()
				if f.Black == g.Positions {
					t.Fatalf("%s: %v found, with %v and %v answering: %s", g.Name(), guess, a, b, text)
				}
			}
			if !strings.Contains(text, "No code fits all your answers") && !strings.Contains(text, "No code can give answer") {
				t.Fatalf("%s: no conflict named:\n%s", g.Name(), text)
			}
			var named []mastermind.Turn
			for _, m := range conflictLines.FindAllStringSubmatch(text, -1) {
				i, _ := strconv.Atoi(m[1])
				if i < 1 || i > len(turns) || m[2] != turns[i-1].Guess.Compact(g.Colors) || m[3] != g.Rule.Format(turns[i-1].Feedback) {
					t.Fatalf("%s: the conflict names %q, not an answer given: %v", g.Name(), m[0], turns)
				}
				named = append(named, turns[i-1])
			}
			if len(named) == 0 || fits(g, codes, named) {
				t.Errorf("%s: the answers named, %v, are no conflict:\n%s", g.Name(), named, text)
			}
			if least := smallestConflict(g, codes, turns); len(named) != least {
				t.Errorf("%s: the conflict named has %d answers, the smallest %d (answers %v):\n%s", g.Name(), len(named), least, turns, text)
			}
			if want := fixForm(g, conflictLines.FindAllStringSubmatch(text, -1)[len(named)-1][1]); !strings.Contains(text, want) {
				t.Errorf("%s: the conflict says not how to correct it, %q:\n%s", g.Name(), want, text)
			}
			// Corrected to a's answers, the game goes on to find a.
			for i, tu := range turns {
				if f := refAnswer(g, a, tu.Guess); f != tu.Feedback {
					c.say(fmt.Sprintf("fix %d %s", i+1, typed(g, f, i)))
					text, _ = c.next()
					if want := fmt.Sprintf("Answer %d is now ", i+1); !strings.Contains(text, want) {
						t.Fatalf("%s: fix %d: %s", g.Name(), i+1, text)
					}
				}
			}
			for n := 0; computerPrompt.MatchString(text); n++ {
				guess, _ := g.ParseCode(computerPrompt.FindStringSubmatch(text)[2])
				c.say(typed(g, refAnswer(g, a, guess), n))
				text, _ = c.next()
				if n > 12 {
					t.Fatalf("%s: %v not found after the fixes", g.Name(), a)
				}
			}
			if !strings.Contains(text, "Found it in") || !strings.Contains(text, ": "+a.Compact(g.Colors)+".") {
				t.Errorf("%s: after the fixes, the end is not %v found:\n%s", g.Name(), a, text)
			}
			if err := c.wait(); err != nil {
				t.Errorf("%s: %v", g.Name(), err)
			}
		}
	}
}

// TestBadAnswersRules: under each rule, a line that is no answer gets a
// message saying what is wrong (a slots answer of the wrong number of
// marks, how many it has), and the same guess is asked again. Beyond 8
// positions a slots example says how many dots follow "GY" rather than
// writing them all ("help" too).
func TestBadAnswersRules(t *testing.T) {
	for _, tt := range []struct {
		game, line, want string
	}{
		{"classic-slots", "GY.", `"GY." has 3 marks, not 4: give a mark for each position, as in "GY.."`},
		{"classic-slots", "g y . . g", `"g y . . g" has 5 marks, not 4`},
		{"classic-slots", "GYXX", `"GYXX" is no answer I understand: answer with a mark for each position, G (right place), Y (elsewhere) or . (neither), as in "GY.."`},
		{"classic-slots", "1 2", `"1 2" has 2 marks, not 4`},
		{"classic-slots", "fix 1 y", `"y" has 1 mark, not 4`},
		{"classic-slots", "GGGY", "answer GGGY is impossible: with 3 right, the last colour cannot be elsewhere; try again"},
		{"classic-slots", "", `type your answer, as in "GY..": a mark for each position`},
		{"classic-slots", "fix 1", `say which answer and what it should be, as in "fix 2 GY.."`},
		{"classic-slots", "fix x GY..", `"x" is not an answer number; say "fix 2 GY.." to make answer 2 say GY..`},
		{"classic-slots", "fix 3 GY..", "There is no answer 3 yet: you have given 0 answers."},
		{"classic-slots", "undo 2", `to correct answer N, say "fix N MARKS"`},
		{"10x2-slots", "GY.", `"GY." has 3 marks, not 10: give a mark for each position, as in "GY" and 8 dots`},
		{"10x2-slots", "GYXX", `or . (neither), as in "GY" and 8 dots (or "y" when I have it)`},
		{"10x2-slots", "", `type your answer, as in "GY" and 8 dots: a mark for each position`},
		{"10x2-slots", "fix 1", `say which answer and what it should be, as in "fix 2 GY" and 8 dots`},
		{"10x2-slots", "fix x GY", `"x" is not an answer number; say "fix 2 GY" and 8 dots to make answer 2 say GY and 8 dots`},
		{"10x2-slots", "help", `"GY" and 8 dots, "gy" and 8 dots or "21" and 8 zeros (g, y and 2, 1, 0 too, spaces or not)`},
		{"4of4-slots", "G...", "answer G... is impossible: with 4 distinct of 4 colours at most 0 marks can be"},
		{"classic-black", "2 1", `"2 1" is no answer I understand: answer with one number, the colours right and in the right place, as in "1"`},
		{"classic-black", "7", "answer 7 is out of range 0..4; try again"},
		{"classic-black", "-1", "answer -1 is out of range 0..4; try again"},
		{"classic-black", "", `type your answer, as in "1": the number of colours right and in the right place (blacks only)`},
		{"classic-black", "fix 1", `as in "fix 2 1"`},
		{"4of4-black", "3", "answer 3 is impossible: with 4 distinct of 4 colours the last colour is right too"},
	} {
		g, err := mastermind.ParseGame(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		c := converse(t, Config{Breaker: breakerOf(t, g, "first")}, `(Guess \d+: \S+ \? |> )`, Guess)
		first, _ := c.next()
		c.say(tt.line)
		text, _ := c.next()
		if !strings.Contains(text, tt.want) {
			t.Errorf("%s, %q: the dialogue says\n%s\nwant %q", tt.game, tt.line, text, tt.want)
		}
		if prompt := computerPrompt.FindString(first); prompt == "" || !strings.HasSuffix(text, "\n"+prompt) {
			t.Errorf("%s, %q: the same guess is not asked again (%q):\n%s", tt.game, tt.line, prompt, text)
		}
		c.say("quit")
		if err := c.wait(); err != nil {
			t.Errorf("%s: %v", tt.game, err)
		}
	}
}

// TestDialogueWrongRules: "y" to a guess that does not fit the answers
// (minimax's second guess may not) names the answers it contradicts, with
// what it would have answered in the rule's form, by the reference
// scorers; the game goes on.
func TestDialogueWrongRules(t *testing.T) {
	for _, name := range []string{"classic-slots", "classic-black"} {
		g, _ := mastermind.ParseGame(name)
		tried := 0
		for _, secret := range allCodes(g) {
			c := converse(t, Config{Breaker: breakerOf(t, g, "minimax")}, `(Guess \d+: \S+ \? |> )`, Guess)
			text, _ := c.next()
			first, _ := g.ParseCode(computerPrompt.FindStringSubmatch(text)[2])
			f := refAnswer(g, secret, first)
			c.say(typed(g, f, 0))
			text, _ = c.next()
			m := computerPrompt.FindStringSubmatch(text)
			if f.Black == g.Positions || m == nil {
				c.wait()
				continue
			}
			second, _ := g.ParseCode(m[2])
			would := refAnswer(g, second, first)
			if would == f {
				c.say("quit")
				c.wait()
				continue
			}
			tried++
			c.say("y")
			text, _ = c.next()
			want := fmt.Sprintf("That code does not fit your answers: it would have answered\n  1. %s  %s, not %s\n", first.Compact(g.Colors), g.Rule.Format(would), g.Rule.Format(f))
			if !strings.Contains(text, want) || !strings.HasSuffix(text, m[0]) {
				t.Errorf("%s: y on %v after %v answered %v:\n%s\nwant %q and the guess again", name, second, first, f, text, want)
			}
			c.say("quit")
			if err := c.wait(); err != nil {
				t.Error(err)
			}
			if tried == 3 {
				break
			}
		}
		if tried == 0 {
			t.Errorf("%s: minimax's second guess always fits", name)
		}
	}
}
