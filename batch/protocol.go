package batch

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// Protocol plays the breaker side of the batch protocol: it writes each test as
// "? s1 ... s9", reads the nine answers as 18 integers "H B" separated by
// any white space, and writes "! s" once it knows the secret. It returns an
// *mastermind.InputError for a malformed or missing answer (a word of
// bufio.MaxScanTokenSize bytes or more too), the error of a failed read, and
// ErrInconsistent for answers that no secret gives.
func Protocol(in io.Reader, out io.Writer) error {
	words := bufio.NewScanner(in)
	words.Split(bufio.ScanWords)
	w := bufio.NewWriter(out)
	tests := 0
	secret, err := Play(func(strs [Length]string) ([Length]Answer, error) {
		tests++
		fmt.Fprintf(w, "? %s\n", strings.Join(strs[:], " "))
		if err := w.Flush(); err != nil {
			return [Length]Answer{}, err
		}
		var ans [Length]Answer
		for i := range ans {
			var pair [2]int
			for j := range pair {
				if !words.Scan() {
					where := fmt.Sprintf("answer to test %d", tests)
					switch err := words.Err(); {
					case errors.Is(err, bufio.ErrTooLong):
						return ans, &mastermind.InputError{Where: where, Err: fmt.Errorf("a word of %d bytes or more, not a number of hits or blows", bufio.MaxScanTokenSize)}
					case err != nil:
						return ans, fmt.Errorf("%s: %w", where, err)
					}
					return ans, &mastermind.InputError{Where: where, Err: fmt.Errorf("input ended after %d of its 18 numbers", 2*i+j)}
				}
				n, err := strconv.Atoi(words.Text())
				if err != nil || n < 0 || n > Length {
					return ans, &mastermind.InputError{Where: fmt.Sprintf("answer to test %d", tests), Err: fmt.Errorf("%q is not a number of hits or blows (0..9)", words.Text())}
				}
				pair[j] = n
			}
			if pair[0]+pair[1] > Length {
				return ans, &mastermind.InputError{Where: fmt.Sprintf("answer to test %d", tests), Err: fmt.Errorf("answer %d %d adds up to more than 9", pair[0], pair[1])}
			}
			ans[i] = Answer{Hit: pair[0], Blow: pair[1]}
		}
		return ans, nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "! %s\n", secret)
	return w.Flush()
}
