// Package protocol speaks the break protocol, both sides: [Break] is the
// code-breaker over any mastermind.Breaker (a guess per line, the answer
// "B W", or another rule's form, read back), and [Referee] answers a breaker program's guesses
// ([ReadLines]) within [Limits], ending on a [Violation]. It only talks: the
// breaker comes from package choose, and the protocol is specified in
// docs/protocols.md.
package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/mastermind-go/mastermind"
)

// maxLine bounds an answer line; a longer one is malformed.
const maxLine = 64 << 10

// Break plays the code-breaker side of the break protocol: it writes each
// guess of b as a line of colour numbers and reads the answer in the
// written form of the game's rule ("B W", "B" or the marks "GY.."), until
// an answer says the code is found. It returns a *mastermind.InputError for a
// malformed, impossible or missing answer and a *mastermind.ConflictError
// for answers no code gives together.
func Break(ctx context.Context, in io.Reader, out io.Writer, b mastermind.Breaker) error {
	lines := bufio.NewReaderSize(in, 4096)
	w := bufio.NewWriter(out)
	g := b.Game()
	for n := 1; ; n++ {
		guess, err := b.Next(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintln(w, guess)
		if err := w.Flush(); err != nil {
			return err
		}
		line, err := readLine(lines)
		if errors.Is(err, errTooLong) || errors.Is(err, errEnded) {
			return &mastermind.InputError{Where: fmt.Sprintf("answer to guess %d", n), Err: err}
		} else if err != nil {
			return err
		}
		f, err := g.ParseFeedback(line)
		if err != nil {
			return &mastermind.InputError{Where: fmt.Sprintf("answer to guess %d", n), Err: err}
		}
		if g.Wins(f) {
			return nil
		}
		if err := b.Record(guess, f); err != nil {
			return err
		}
	}
}

// Errors of the input.
var (
	errTooLong = fmt.Errorf("the line is longer than %d bytes", maxLine)
	errEnded   = errors.New("input ended before the code was found")
)

// readLine reads a line of at most maxLine bytes; io.ErrUnexpectedEOF
// when the input ends first.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > maxLine {
			return "", errTooLong
		}
		line = append(line, chunk...)
		switch {
		case err == nil:
			return string(line), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(line) > 0:
			return string(line), nil
		case err == io.EOF:
			return "", errEnded
		}
		return "", err
	}
}
