package words

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "code", "0 codes"},
		{1, "code", "1 code"},
		{2, "code", "2 codes"},
		{1, "guess", "1 guess"},
		{3, "guess", "3 guesses"},
		{21, "position", "21 positions"},
	} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}

func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		nums []int
		want string
	}{
		{nil, ""},
		{[]int{3}, "3"},
		{[]int{1, 4}, "1 and 4"},
		{[]int{1, 2, 5}, "1, 2 and 5"},
		{[]int{10, 20, 30, 40}, "10, 20, 30 and 40"},
	} {
		if got := Numbers(tc.nums); got != tc.want {
			t.Errorf("Numbers(%v) = %q, want %q", tc.nums, got, tc.want)
		}
	}
}
