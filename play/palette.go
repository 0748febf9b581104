package play

import (
	"image/color"
	"strconv"
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
