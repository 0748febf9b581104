package chart

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// classic are Knuth's minimax figures on classic Mastermind (1976) and a
// made-up second series of another length.
var classic = []Series{
	{Name: "minimax", Average: 4.476, Histogram: []int{0, 1, 6, 62, 533, 694}},
	{Name: "other", Average: 4.5, Histogram: []int{0, 1, 5, 60, 500, 700, 30}},
}

func TestWriteSVG(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "svg", "classic: secrets by number of guesses", classic); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	root := ""
	var texts []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" {
				texts = append(texts, s)
			}
		}
	}
	if root != "svg" {
		t.Errorf("root element %q, want svg", root)
	}
	for _, want := range []string{"classic: secrets by number of guesses", "guesses", "secrets",
		"minimax (average 4.476)", "other (average 4.500)", "694", "6"} {
		if !slices.Contains(texts, want) {
			t.Errorf("the SVG has no text %q", want)
		}
	}
}

func TestSavePNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chart.png")
	if err := Save(path, "classic", classic); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 600 || b.Dy() < 400 {
		t.Errorf("the PNG is %dx%d, want at least 600x400", b.Dx(), b.Dy())
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("Save left %d files, want 1", len(entries))
	}
}

func TestCheckAndSaveRefuse(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ path, err string }{
		{filepath.Join(dir, "missing", "c.png"), "does not exist"},
		{filepath.Join(dir, "c.gif"), "must end in .svg or .png"},
		{filepath.Join(dir, "c"), "must end in .svg or .png"},
	}
	for _, tt := range tests {
		if err := Check(tt.path); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Check(%s) = %v, want an error with %q", tt.path, err, tt.err)
		}
		if err := Save(tt.path, "t", classic); err == nil {
			t.Errorf("Save(%s) succeeded", tt.path)
		}
	}
	if err := Check(filepath.Join(dir, "c.SVG")); err != nil {
		t.Errorf("Check(c.SVG) = %v", err)
	}
	for _, series := range [][]Series{nil, {{Name: "x"}}, {{Name: "x", Histogram: []int{0}}}, {{Name: "x", Histogram: []int{0, 0}}}} {
		if err := Save(filepath.Join(dir, "empty.svg"), "t", series); err == nil {
			t.Errorf("Save(%v) of no secrets succeeded", series)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed saves left %d files", len(entries))
	}
}

func TestCountTicks(t *testing.T) {
	tests := []struct {
		max  float64
		want []string
	}{
		{5.5, []string{"0", "1", "2", "3", "4", "5"}},
		{25, []string{"0", "5", "10", "15", "20", "25"}},
		{800, []string{"0", "100", "200", "300", "400", "500", "600", "700", "800"}},
		{2600, []string{"0", "500", "1000", "1500", "2000", "2500"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tick := range (countTicks{}).Ticks(0, tt.max) {
			got = append(got, tick.Label)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Ticks(0, %v) = %v, want %v", tt.max, got, tt.want)
		}
	}
}
