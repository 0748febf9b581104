package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
)

// icon draws the site's icon, n pixels square: four pegs of the page's
// first colours on its dark header colour.
func icon(n int) ([]byte, error) {
	pegs := []color.NRGBA{
		{0xE6, 0x9F, 0x00, 0xff}, {0x56, 0xB4, 0xE9, 0xff},
		{0x00, 0x9E, 0x73, 0xff}, {0xF0, 0xE4, 0x42, 0xff},
	}
	back := color.NRGBA{0x1b, 0x1b, 0x1f, 0xff}
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	size := float64(n)
	r := 0.19 * size
	for y := range n {
		for x := range n {
			c := back
			for i, p := range pegs {
				cx := size * (0.29 + 0.42*float64(i%2))
				cy := size * (0.29 + 0.42*float64(i/2))
				d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
				if a := math.Min(1, math.Max(0, r-d+0.5)); a > 0 { // antialiased edge
					c = blend(back, p, a)
				}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("drawing the icon: %w", err)
	}
	return b.Bytes(), nil
}

// blend mixes a of colour p over colour c.
func blend(c, p color.NRGBA, a float64) color.NRGBA {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-a) + float64(y)*a)) }
	return color.NRGBA{mix(c.R, p.R), mix(c.G, p.G), mix(c.B, p.B), 0xff}
}
