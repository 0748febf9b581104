package chart

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// regular is the font of the charts, Go Regular, parsed on first use.
var regular = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(goregular.TTF) })

// faces holds the font's faces by size in pixels.
var faces sync.Map

// face returns the font at size pixels.
func face(size float64) font.Face {
	if f, ok := faces.Load(size); ok {
		return f.(font.Face)
	}
	f, err := regular()
	if err != nil {
		panic("chart: the embedded Go font does not parse: " + err.Error())
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("chart: " + err.Error())
	}
	actual, _ := faces.LoadOrStore(size, fc)
	return actual.(font.Face)
}

// measure returns the width of s in the charts' font at size pixels.
func measure(s string, size float64) float64 {
	return float64(font.MeasureString(face(size), s)) / 64
}

// pngCanvas draws on an image, written as PNG.
type pngCanvas struct{ img *image.RGBA }

func newPNG() (*pngCanvas, error) {
	if _, err := regular(); err != nil {
		return nil, err
	}
	return &pngCanvas{image.NewRGBA(image.Rect(0, 0, width, height))}, nil
}

func (c *pngCanvas) rect(x, y, w, h float64, col color.RGBA) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	if r.Dx() == 0 && w > 0 {
		r.Max.X++
	}
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Over)
}

func (c *pngCanvas) text(x, y float64, s string, size float64, a anchor, up bool) {
	f := face(size)
	w := measure(s, size)
	switch a {
	case middle:
		x -= w / 2
	case end:
		x -= w
	}
	if !up {
		dot := fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.I(int(math.Round(y)))}
		d := font.Drawer{Dst: c.img, Src: image.NewUniform(black), Face: f, Dot: dot}
		d.DrawString(s)
		return
	}
	// Upwards: draw across into a mask, then turn the mask a quarter left.
	m := f.Metrics()
	ascent, descent := m.Ascent.Ceil(), m.Descent.Ceil()
	across := image.NewAlpha(image.Rect(0, 0, int(math.Ceil(w))+2, ascent+descent))
	d := font.Drawer{Dst: across, Src: image.Opaque, Face: f, Dot: fixed.P(1, ascent)}
	d.DrawString(s)
	b := across.Bounds()
	upright := image.NewAlpha(image.Rect(0, 0, b.Dy(), b.Dx()))
	for py := 0; py < b.Dy(); py++ {
		for px := 0; px < b.Dx(); px++ {
			upright.SetAlpha(py, b.Dx()-1-px, across.AlphaAt(px, py))
		}
	}
	// The baseline's start, (1, ascent) across, is (ascent, b.Dx()-2) upright.
	at := image.Pt(int(math.Round(x))-ascent, int(math.Round(y))-(b.Dx()-2))
	draw.DrawMask(c.img, upright.Bounds().Add(at), image.NewUniform(black), image.Point{}, upright, image.Point{}, draw.Over)
}

func (c *pngCanvas) measure(s string, size float64) float64 { return measure(s, size) }

func (c *pngCanvas) writeTo(w io.Writer) error {
	return (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(w, c.img)
}
