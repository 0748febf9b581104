package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/strategy"
)

const breakUsage = `Usage: mastermind break (--game NAME | -p N -c K [--distinct]) [--strategy NAME] [--seed S] [--first CODE]

Breaks a secret code by a line protocol: writes one guess per line (the
colour numbers, 0..K-1, separated by single spaces) and reads the answer
"B W" (right colour in the right place, right colour in the wrong place).
Stops with status 0 after an answer with B = N.

` + gameUsage + `
` + strategyUsage + `
Exit status: 0 found; 2 bad usage, a malformed or impossible answer, or input
that ends before the code is found; 3 answers that no secret satisfies (the
message names the smallest set of conflicting answers found).

Example:
    $ mastermind break --game classic
    0 0 1 1
    1 1
    ...
`

func runBreak(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("break", flag.ContinueOnError)
	var gf gameFlags
	var sf strategyFlags
	gf.register(fs)
	sf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	g, err := gf.game(fs)
	if err != nil {
		return err
	}
	space, err := mastermind.NewSpace(g)
	if err != nil {
		return fmt.Errorf("%v; larger games are not supported yet", err)
	}
	strat, err := sf.strategy(space)
	if err != nil {
		return err
	}

	in := bufio.NewReader(stdin)
	out := bufio.NewWriter(stdout)
	st := &strategy.State{Space: space, Candidates: consistent.All(space)}
	for {
		guess := space.Code(strat.Next(st))
		fmt.Fprintln(out, guess)
		if err := out.Flush(); err != nil {
			return err
		}
		n := len(st.History) + 1
		line, err := in.ReadString('\n')
		if line == "" && err != nil {
			if err == io.EOF {
				return usageError("input ended before the code was found (no answer to guess %d)", n)
			}
			return err
		}
		f, err := parseAnswer(g, line)
		if err != nil {
			return usageError("answer to guess %d: %v", n, err)
		}
		if f.Black == g.Positions {
			return nil
		}
		turn := mastermind.Turn{Guess: guess, Feedback: f}
		st.History = append(st.History, turn)
		st.Candidates = consistent.Narrow(space, st.Candidates, turn)
		if len(st.Candidates) == 0 {
			return inconsistency(space, st.History)
		}
	}
}

// parseAnswer reads an answer line "B W".
func parseAnswer(g mastermind.Game, line string) (mastermind.Feedback, error) {
	fields := strings.Fields(line)
	if len(fields) != 2 {
		return mastermind.Feedback{}, fmt.Errorf("want two integers \"B W\", got %q", strings.TrimRight(line, "\r\n"))
	}
	var nums [2]int
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return mastermind.Feedback{}, fmt.Errorf("want two integers \"B W\", got %q", strings.TrimRight(line, "\r\n"))
		}
		nums[i] = n
	}
	f := mastermind.Feedback{Black: nums[0], White: nums[1]}
	return f, g.ValidFeedback(f)
}

// inconsistency describes the smallest set of conflicting answers it finds.
func inconsistency(space *mastermind.Space, history []mastermind.Turn) error {
	turns := consistent.Conflict(space, history)
	var b strings.Builder
	if len(turns) == 1 {
		fmt.Fprintf(&b, "no secret gives answer %d", turns[0]+1)
	} else {
		nums := make([]string, len(turns))
		for i, t := range turns {
			nums[i] = strconv.Itoa(t + 1)
		}
		fmt.Fprintf(&b, "answers %s and %s contradict each other", strings.Join(nums[:len(nums)-1], ", "), nums[len(nums)-1])
	}
	for _, t := range turns {
		fmt.Fprintf(&b, "\n    guess %d: %v, answer %v", t+1, history[t].Guess, history[t].Feedback)
	}
	return &exitError{statusInconsistent, fmt.Errorf("%s", b.String())}
}
