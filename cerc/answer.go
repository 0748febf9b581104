package cerc

import (
	"context"
	"fmt"
	"io"
)

// An Answer says what WriteAnswer writes after a case's line.
type Answer struct {
	// Explain: after Cheating, the smallest set of hints found that
	// contradict each other, a line each, indented.
	Explain bool
	// Count: an indented line "N codes", how many codes are consistent,
	// or why they cannot be counted (more than CountLimit partial codes).
	Count      bool
	CountLimit int
}

// WriteAnswer writes the answer of case k: its solution or Cheating, then
// what a asks.
func WriteAnswer(ctx context.Context, w io.Writer, k Case, a Answer) error {
	code, ok := Solve(k)
	if ok {
		fmt.Fprintln(w, FormatSolution(code))
	} else {
		fmt.Fprintln(w, Cheating)
		if a.Explain {
			if err := writeConflict(ctx, w, k); err != nil {
				return err
			}
		}
	}
	if !a.Count {
		return nil
	}
	n, ok := Count(k, a.CountLimit)
	switch {
	case !ok:
		_, err := fmt.Fprintf(w, "    too many codes to count (the search passed %d partial codes)\n", a.CountLimit)
		return err
	case n.IsInt64() && n.Int64() == 1:
		_, err := fmt.Fprintf(w, "    %v code\n", n)
		return err
	}
	_, err := fmt.Fprintf(w, "    %v codes\n", n)
	return err
}

// writeConflict writes the smallest set of contradicting hints found.
func writeConflict(ctx context.Context, w io.Writer, k Case) error {
	conflict, err := Explain(ctx, k)
	if conflict == nil {
		return err
	}
	fmt.Fprintf(w, "    %v:\n", conflict)
	for _, i := range conflict.Answers {
		h := k.History[i-1]
		fmt.Fprintf(w, "    guess %d: %s, hint %v\n", i, FormatSolution(h.Guess), h.Feedback)
	}
	return nil
}
