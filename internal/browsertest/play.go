package browsertest

import (
	"fmt"
	"strings"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// Play plays the You guess game on view to its end, or to max guesses, as
// a player without hints (a daily has none): each guess the first code of
// the game (positions of colours, in lexicographic order) that gives
// every answer on the board, typed and checked. It returns the number of
// guesses on the board.
func Play(p *Page, positions, colors, max int) int {
	p.T.Helper()
	rows := func() int {
		return Eval[int](p, `document.querySelectorAll("#breaker .board:not(.small) .row").length`)
	}
	for n := rows(); n < max && !Eval[bool](p, `document.querySelector("#breaker .turn").hidden`); n = rows() {
		type row struct {
			Guess []int `json:"guess"`
			B     int   `json:"b"`
			W     int   `json:"w"`
		}
		board := Eval[[]row](p, `[...document.querySelectorAll("#breaker .board:not(.small) .row")].map(r => {
			const [b, w] = r.querySelector(".fb").getAttribute("aria-label").match(/\d+/g).map(Number);
			return {guess: [...r.querySelectorAll(".code .peg")].map(x => Number(x.textContent)), b, w};
		})`)
		code := make([]int, positions)
		for {
			fits := true
			for _, r := range board {
				if b, w := testkit.Score(code, r.Guess); b != r.B || w != r.W {
					fits = false
					break
				}
			}
			if fits {
				break
			}
			if !next(code, colors) {
				p.T.Fatalf("no code of %d of %d gives every answer of the board %v", positions, colors, board)
			}
		}
		var typed strings.Builder
		for _, c := range code {
			fmt.Fprint(&typed, c)
		}
		p.Blur()
		p.Keys(typed.String() + "\r")
		p.Wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, n+1), "#breaker .msg")
	}
	return rows()
}

// next steps code to the next in lexicographic order, false after the
// last.
func next(code []int, colors int) bool {
	for i := len(code) - 1; i >= 0; i-- {
		if code[i]++; code[i] < colors {
			return true
		}
		code[i] = 0
	}
	return false
}
