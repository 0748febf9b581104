package chart

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
)

// svgCanvas draws in SVG, its texts in the sans-serif font of the viewer.
type svgCanvas struct{ b bytes.Buffer }

func newSVG() *svgCanvas {
	c := &svgCanvas{}
	fmt.Fprintf(&c.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, Liberation Sans, Arial, Helvetica, sans-serif">`+"\n",
		width, height, width, height)
	return c
}

func (c *svgCanvas) rect(x, y, w, h float64, col color.RGBA) {
	fmt.Fprintf(&c.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#%02x%02x%02x"/>`+"\n", x, y, w, h, col.R, col.G, col.B)
}

func (c *svgCanvas) text(x, y float64, s string, size float64, a anchor, up bool) {
	fmt.Fprintf(&c.b, `<text x="%.1f" y="%.1f" font-size="%.1f"`, x, y, size)
	if a != start {
		fmt.Fprintf(&c.b, ` text-anchor="%s"`, [...]string{"start", "middle", "end"}[a])
	}
	if up {
		fmt.Fprintf(&c.b, ` transform="rotate(-90 %.1f %.1f)"`, x, y)
	}
	c.b.WriteString(">")
	xml.EscapeText(&c.b, []byte(s))
	c.b.WriteString("</text>\n")
}

// measure uses the metrics of the PNG's font, which is as wide as the
// common sans-serif fonts or wider.
func (c *svgCanvas) measure(s string, size float64) float64 { return measure(s, size) }

func (c *svgCanvas) writeTo(w io.Writer) error {
	c.b.WriteString("</svg>\n")
	_, err := c.b.WriteTo(w)
	return err
}
