// Package words writes the English of the messages of every front end in
// one place: counts ([Count]: "1 guess", "2 guesses"), lists of numbers
// ([Numbers]: "1, 2 and 5", [List]) and large numbers ([Thousands]:
// "300,000").
//
// Kind: a leaf helper, importing nothing of the project (internal/README.md).
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
	return List(s, "and")
}

// List joins items as people do, the last two with conj ("and", "or"):
// "a", "a or b", "a, b or c".
func List(items []string, conj string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// Thousands writes n with commas between groups of three digits:
// "300,000".
func Thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
