package mastermind

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// The JSON form of the engine's values, the web API's: a Game is
// {"positions":N,"colors":K,"distinct":B} and a Feedback {"black":B,"white":W}
// (their json tags), a Code an array of colour numbers (MarshalJSON), a
// Turn {"guess":[...],"black":B,"white":W}. Reading them strictly from a
// request (exact keys, the game's rules) is the web API's (package web).

// MarshalJSON writes c as a JSON array of colour numbers, [0,1,2,3] (as a
// []uint8 it would be a base64 string).
func (c Code) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	for i, x := range c {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(x), 10)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads a JSON array of colour numbers, each 0 to 255 (whether
// it is a code of a game is [Game.ValidCode]'s to say); null leaves c
// as it is.
func (c *Code) UnmarshalJSON(data []byte) error {
	var nums []int
	if err := json.Unmarshal(data, &nums); err != nil || nums == nil {
		return err
	}
	out := make(Code, len(nums))
	for i, x := range nums {
		if x < 0 || x > 255 {
			return fmt.Errorf("colour %d is out of range 0..255", x)
		}
		out[i] = uint8(x)
	}
	*c = out
	return nil
}
