package mastermind_test

import (
	"fmt"

	"github.com/mastermind-go/mastermind"
)

func ExampleScore() {
	digits, _ := mastermind.Preset("digits")
	secret, _ := digits.ParseCode("2113")
	for _, g := range []string{"1234", "1111", "1212"} {
		guess, _ := digits.ParseCode(g)
		fmt.Println(g, mastermind.Score(secret, guess))
	}
	// Output:
	// 1234 0 3
	// 1111 2 0
	// 1212 1 2
}

func ExampleSpace() {
	bulls, _ := mastermind.Preset("bulls")
	s, _ := mastermind.NewSpace(bulls)
	first, last := s.Code(0), s.Code(s.Len()-1)
	fmt.Println(s.Len(), first.Compact(10), last.Compact(10))
	i, _ := s.Index(mastermind.Code{9, 8, 7, 6})
	fmt.Println(i)
	// Output:
	// 5040 0123 9876
	// 5039
}
