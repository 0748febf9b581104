package play

import (
	"image/color"
	"strconv"

	"github.com/mastermind-go/mastermind"
)

// A Peg is how a colour is drawn: its background and the colour of its
// number on it, "#RRGGBB".
type Peg struct{ Back, Text string }

// BackColor is p's background.
func (p Peg) BackColor() color.Color { return rgb(p.Back) }

// TextColor is the colour of p's number.
func (p Peg) TextColor() color.Color { return rgb(p.Text) }

// rgb reads "#RRGGBB".
func rgb(hex string) color.Color {
	n, _ := strconv.ParseUint(hex[1:], 16, 32)
	return color.RGBA{R: uint8(n >> 16), G: uint8(n >> 8), B: uint8(n), A: 0xff}
}

// Pegs are the colours of the pegs of the dialogue and the board: the
// page's (web/static/ui.js, palette; TestPegsArePage's), so that a digit
// has one colour wherever it is played. Six hues for a classic game, then
// pink and three neutrals.
var Pegs = []Peg{
	{"#E8433A", "#000000"}, {"#3B82E8", "#000000"}, {"#1E9E4A", "#000000"}, {"#F2D43A", "#000000"},
	{"#A45CD6", "#000000"}, {"#F08C1E", "#000000"}, {"#CC79A7", "#000000"}, {"#000000", "#FFFFFF"},
	{"#FFFFFF", "#000000"}, {"#8C8C8C", "#000000"},
}

// PegOf returns the peg of colour c: Pegs' again beyond them, as on the
// page, and then ring is true (the page rings such a peg; the terminal
// underlines its number).
func PegOf(c int) (p Peg, ring bool) {
	return Pegs[c%len(Pegs)], c >= len(Pegs)
}

// MarkPeg returns how the mark of a slots answer is drawn (G, Y or .,
// mastermind.MarkRight, MarkOther, MarkNone): right place green, elsewhere
// yellow, as on the page's Solver (its .mark-right and .mark-elsewhere),
// neither grey; the letter is always written on it, so that it reads
// without colour too.
func MarkPeg(mark byte) Peg {
	switch mark {
	case mastermind.MarkRight:
		return Peg{"#1A7F37", "#FFFFFF"}
	case mastermind.MarkOther:
		return Peg{"#E8B90C", "#000000"}
	}
	return Peg{"#767676", "#FFFFFF"}
}
