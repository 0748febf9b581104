package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// mastermindCmd returns the mastermind command with args: this test binary, which
// TestMain turns into the command.
func mastermindCmd(args ...string) *exec.Cmd {
	self, err := os.Executable()
	if err != nil {
		panic(err)
	}
	cmd := exec.Command(self, args...)
	cmd.Args[0] = "mastermind"
	return cmd
}

// startMastermind starts the command with pipes to its input and output;
// its standard error is collected.
func startMastermind(t *testing.T, args ...string) (*exec.Cmd, io.WriteCloser, *bufio.Scanner, *strings.Builder) {
	t.Helper()
	cmd := mastermindCmd(args...)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr := new(strings.Builder)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stdin, bufio.NewScanner(stdout), stderr
}

var guessLine = regexp.MustCompile(`^(0|[1-9][0-9]*)( (0|[1-9][0-9]*))*$`)

// referee plays secret against a running breaker and returns the number of
// guesses it took.
func referee(t *testing.T, g mastermind.Game, secret mastermind.Code, args ...string) int {
	t.Helper()
	cmd, stdin, in, stderr := startMastermind(t, append([]string{"break"}, args...)...)
	guesses := 0
	for {
		if !in.Scan() {
			t.Fatalf("break %v, secret %v: output ended after %d guesses; stderr: %s", args, secret, guesses, stderr.String())
		}
		guesses++
		line := in.Text()
		if !guessLine.MatchString(line) {
			t.Fatalf("break %v: guess %d is %q, not colour numbers separated by single spaces", args, guesses, line)
		}
		guess, err := g.ParseCode(line)
		if err != nil || len(strings.Fields(line)) != g.Positions {
			t.Fatalf("break %v: guess %d %q is not a code of the game: %v", args, guesses, line, err)
		}
		f := mastermind.Score(secret, guess)
		fmt.Fprintf(stdin, "%d %d\n", f.Black, f.White)
		if f.Black == g.Positions {
			break
		}
		if guesses > 100 {
			t.Fatalf("break %v, secret %v: more than 100 guesses", args, secret)
		}
	}
	stdin.Close()
	if in.Scan() {
		t.Errorf("break %v: wrote %q after the code was found", args, in.Text())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("break %v, secret %v: %v; stderr: %s", args, secret, err, stderr.String())
	}
	return guesses
}

// depth returns how many guesses the tree takes for secret.
func depth(tr *tree.Tree, secret int) int {
	n, d := tr.Root, 1
	for n.Guess != secret {
		f := tr.Space.Score(secret, n.Guess)
		for _, c := range n.Children {
			if c.Feedback == f {
				n = c.Node
			}
		}
		d++
	}
	return d
}

// TestBreakAgreesWithEval plays secrets against the break command and checks
// that it finds each as fast as the evaluator's tree says.
func TestBreakAgreesWithEval(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	cases := []struct {
		game     mastermind.Game
		strategy string
		args     []string
	}{
		{mastermind.Classic(), "minimax", []string{"--game", "classic", "--strategy", "minimax"}},
		{mastermind.Classic(), "parts", []string{"-p", "4", "-c", "6", "--strategy", "parts"}},
		{mastermind.Bulls(), "entropy", []string{"--game", "bulls", "--strategy", "entropy"}},
		{mastermind.Bulls(), "expected", []string{"--game", "bulls", "--strategy", "expected"}},
		{mastermind.Game{Positions: 3, Colors: 5, Distinct: true}, "random", []string{"-p", "3", "-c", "5", "--distinct", "--strategy", "random", "--seed", "3"}},
		{mastermind.Game{Positions: 1, Colors: 2}, "first", []string{"-p", "1", "-c", "2", "--strategy", "first"}},
		{mastermind.Game{Positions: 3, Colors: 20}, "first", []string{"-p", "3", "-c", "20", "--strategy", "first"}},
	}
	for _, tc := range cases {
		s, err := mastermind.NewSpace(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := strategy.New(tc.strategy, 3)
		tr, err := tree.Build(context.Background(), s, st)
		if err != nil {
			t.Fatal(err)
		}
		secrets := []int{0, s.Len() - 1}
		for range 6 {
			secrets = append(secrets, r.IntN(s.Len()))
		}
		for _, x := range secrets {
			got := referee(t, tc.game, s.Code(x), tc.args...)
			if want := depth(tr, x); got != want {
				t.Errorf("break %v found %v in %d guesses; eval's tree takes %d", tc.args, s.Code(x), got, want)
			}
		}
	}
}
