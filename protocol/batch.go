package protocol

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind/batch"
)

// Batch plays the breaker side of the batch protocol: it writes each test as
// "? s1 ... s9", reads the nine answers as 18 integers "H B" separated by
// any white space, and writes "! s" once it knows the secret. It returns an
// *InputError for a malformed or missing answer and a *ConflictError (with
// no turns) for answers that no secret gives.
func Batch(in io.Reader, out io.Writer) error {
	words := bufio.NewScanner(in)
	words.Split(bufio.ScanWords)
	w := bufio.NewWriter(out)
	tests := 0
	secret, err := batch.Play(func(strs [batch.Length]string) ([batch.Length]batch.Answer, error) {
		tests++
		fmt.Fprintf(w, "? %s\n", strings.Join(strs[:], " "))
		if err := w.Flush(); err != nil {
			return [batch.Length]batch.Answer{}, err
		}
		var ans [batch.Length]batch.Answer
		for i := range ans {
			var pair [2]int
			for j := range pair {
				if !words.Scan() {
					return ans, &InputError{tests, fmt.Errorf("input ended after %d of its 18 numbers", 2*i+j), true}
				}
				n, err := strconv.Atoi(words.Text())
				if err != nil || n < 0 || n > batch.Length {
					return ans, &InputError{tests, fmt.Errorf("%q is not a number of hits or blows (0..9)", words.Text()), true}
				}
				pair[j] = n
			}
			if pair[0]+pair[1] > batch.Length {
				return ans, &InputError{tests, fmt.Errorf("answer %d %d adds up to more than 9", pair[0], pair[1]), true}
			}
			ans[i] = batch.Answer{Hit: pair[0], Blow: pair[1]}
		}
		return ans, nil
	})
	if err != nil {
		if _, ok := err.(*InputError); ok {
			return err
		}
		if err == batch.ErrInconsistent {
			return &ConflictError{}
		}
		return err
	}
	fmt.Fprintf(w, "! %s\n", secret)
	return w.Flush()
}
