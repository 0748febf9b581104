package testkit

import (
	"strconv"
	"testing"
)

// TestScore checks the reference scorer on answers worked out by hand from
// the definition, with colours of each kind it takes.
func TestScore(t *testing.T) {
	for _, c := range []struct {
		secret, guess string
		black, white  int
	}{
		{"1234", "1234", 4, 0},
		{"1234", "4321", 0, 4},
		{"1122", "1212", 2, 2},
		{"1122", "2211", 0, 4},
		{"1111", "1222", 1, 0}, // one 1 in the guess, matched in place
		{"1123", "3312", 0, 3}, // one each of 1, 2 and 3 in common; no position agrees
		{"0000", "1111", 0, 0},
		{"5", "5", 1, 0},
	} {
		if b, w := Score([]byte(c.secret), []byte(c.guess)); b != c.black || w != c.white {
			t.Errorf("Score(%s, %s) = %d %d, want %d %d", c.secret, c.guess, b, w, c.black, c.white)
		}
		ints := func(s string) []int {
			out := make([]int, len(s))
			for i := range s {
				out[i] = int(s[i] - '0')
			}
			return out
		}
		if b, w := Score(ints(c.secret), ints(c.guess)); b != c.black || w != c.white {
			t.Errorf("Score(%v, %v) = %d %d, want %d %d", ints(c.secret), ints(c.guess), b, w, c.black, c.white)
		}
	}
}

// codes returns every code of the game, in order.
func codes(n, k int, distinct bool) [][]int {
	var out [][]int
	var rec func(code []int)
	rec = func(code []int) {
		if len(code) == n {
			out = append(out, append([]int(nil), code...))
			return
		}
	next:
		for c := range k {
			if distinct {
				for _, x := range code {
					if x == c {
						continue next
					}
				}
			}
			rec(append(code, c))
		}
	}
	rec(nil)
	return out
}

// TestAnswerVectors checks the answer vectors against every secret and
// guess of their games: an answer is possible when some pair gives it.
func TestAnswerVectors(t *testing.T) {
	type game struct {
		n, k     int
		distinct bool
	}
	given := map[game]map[[2]int]bool{}
	for file, possible := range map[string]bool{"answer-possible": true, "answer-impossible": false} {
		vs := Vectors(file)
		if len(vs) < 10 {
			t.Fatalf("%s: %d vectors", file, len(vs))
		}
		for _, v := range vs {
			if len(v.Fields) != 5 || (v.Fields[2] != "repeats" && v.Fields[2] != "distinct") {
				t.Fatalf("%s: %q is not positions colours repeats|distinct black white", v.Where, v.Fields)
			}
			var x [4]int
			for i, f := range []string{v.Fields[0], v.Fields[1], v.Fields[3], v.Fields[4]} {
				n, err := strconv.Atoi(f)
				if err != nil {
					t.Fatalf("%s: %v", v.Where, err)
				}
				x[i] = n
			}
			g := game{x[0], x[1], v.Fields[2] == "distinct"}
			if given[g] == nil {
				given[g] = map[[2]int]bool{}
				all := codes(g.n, g.k, g.distinct)
				for _, s := range all {
					for _, q := range all {
						b, w := Score(s, q)
						given[g][[2]int{b, w}] = true
					}
				}
			}
			if given[g][[2]int{x[2], x[3]}] != possible {
				t.Errorf("%s: %d %d on %+v: given by some secret and guess is %v, the file says %v", v.Where, x[2], x[3], g, !possible, possible)
			}
		}
	}
}

// TestFiles checks that every file of vectors reads, with its fields.
func TestFiles(t *testing.T) {
	for name, fields := range map[string]int{"daily": 5, "daily-refused": 1, "secret-of-seed": 3, "deadline": 2, "streak": 2} {
		vs := Vectors(name)
		if len(vs) == 0 {
			t.Errorf("%s: no vectors", name)
		}
		for _, v := range vs {
			if len(v.Fields) != fields {
				t.Errorf("%s: %d fields, want %d", v.Where, len(v.Fields), fields)
			}
		}
		if File(name) == "" {
			t.Errorf("File(%q) is empty", name)
		}
	}
}

// TestMarks checks the reference of the rule "slots" against the vectors
// worked by hand (vectors/slots.txt), and Blacks on a few.
func TestMarks(t *testing.T) {
	for _, v := range Vectors("slots") {
		if got := Marks([]byte(v.Fields[0]), []byte(v.Fields[1])); got != v.Fields[2] {
			t.Errorf("%s: Marks(%s, %s) = %s, want %s", v.Where, v.Fields[0], v.Fields[1], got, v.Fields[2])
		}
	}
	for _, c := range []struct {
		secret, guess string
		black         int
	}{{"1234", "1234", 4}, {"1234", "4321", 0}, {"1122", "1212", 2}, {"5", "5", 1}} {
		if got := Blacks([]byte(c.secret), []byte(c.guess)); got != c.black {
			t.Errorf("Blacks(%s, %s) = %d, want %d", c.secret, c.guess, got, c.black)
		}
	}
}
