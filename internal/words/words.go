// Package words writes the English of the messages of every front end in
// one place: counts ([Count]: "1 guess", "2 guesses") and lists of numbers
// ([Numbers]: "1, 2 and 5").
package words

import (
	"strconv"
	"strings"
)

// Count returns n with its noun, singular or plural: "1 code", "2 codes",
// "1 guess", "2 guesses".
func Count(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "s"):
		return strconv.Itoa(n) + " " + noun + "es"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Numbers lists numbers as people do: "3", "1 and 4", "1, 2 and 5".
func Numbers(nums []int) string {
	s := make([]string, len(nums))
	for i, n := range nums {
		s[i] = strconv.Itoa(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
