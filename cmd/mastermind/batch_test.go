package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestBatchProtocol plays the batch command as the contest's judge does,
// answering in shuffled order with ragged white space.
func TestBatchProtocol(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	secrets := []string{"997508460", "000000000", "123456789", "555555558"}
	for range 6 {
		secrets = append(secrets, fmt.Sprintf("%09d", r.IntN(1_000_000_000)))
	}
	for _, secret := range secrets {
		cmd, stdin, in, stderr := startMastermind(t, "batch")
		seen := map[string]bool{}
		tests := 0
		for {
			if !in.Scan() {
				t.Fatalf("secret %s: output ended; stderr: %s", secret, stderr.String())
			}
			line := in.Text()
			if answer, ok := strings.CutPrefix(line, "! "); ok {
				if answer != secret {
					t.Fatalf("secret %s: answered %s", secret, answer)
				}
				break
			}
			fields := strings.Split(strings.TrimPrefix(line, "? "), " ")
			if !strings.HasPrefix(line, "? ") || len(fields) != 9 {
				t.Fatalf("secret %s: bad test line %q", secret, line)
			}
			tests++
			var pairs []string
			for _, f := range fields {
				if len(f) != 9 || strings.Trim(f, "0123456789") != "" || seen[f] {
					t.Fatalf("secret %s: bad or repeated string %q", secret, f)
				}
				seen[f] = true
				s := mastermind.Score(mastermind.Code(secret), mastermind.Code(f))
				pairs = append(pairs, fmt.Sprintf("%d%s%d", s.Black, []string{" ", "\t", "\n"}[r.IntN(3)], s.White))
			}
			r.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
			fmt.Fprintf(stdin, "%s\n", strings.Join(pairs, []string{" ", "\n", "  \t"}[r.IntN(3)]))
		}
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("secret %s: %v; stderr: %s", secret, err, stderr.String())
		}
		if tests > 9 {
			t.Errorf("secret %s: %d tests, more than 9", secret, tests)
		}
	}
}
