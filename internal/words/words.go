// Package words writes counts in English for the messages of every front
// end, so that "1 guess" and "2 guesses" are spelt in one place.
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
