package tree

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/files"
)

// JSONReader, the one reader of tree files, gives a tree's JSON gzipped or
// not, says which, fails past its bound with a *files.TooLargeError (the
// bound counts the JSON, not the gzip), and tells a damaged gzip.
func TestJSONReader(t *testing.T) {
	gz, err := os.ReadFile(classicFile)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	z := bytes.NewBuffer(gz)
	n := int64(len(plain))
	for _, c := range []struct {
		name    string
		in      []byte
		limit   int64
		gzipped bool
		want    string // "" for the JSON whole
	}{
		{"plain", plain, n, false, ""},
		{"gzipped", z.Bytes(), n, true, ""},
		{"plain, a byte over", plain, n - 1, false, "longer than"},
		{"gzipped, a byte over", z.Bytes(), n - 1, true, "longer than"},
		{"gzipped, cut short", z.Bytes()[:z.Len()/2], n, true, "not a gzipped decision tree"},
		{"a gzip header alone", z.Bytes()[:5], n, true, "not a gzipped decision tree"},
	} {
		r, gzipped, err := JSONReader(bytes.NewReader(c.in), c.limit)
		var got []byte
		if err == nil {
			got, err = io.ReadAll(r)
		}
		switch {
		case gzipped != c.gzipped:
			t.Errorf("%s: gzipped %v, want %v", c.name, gzipped, c.gzipped)
		case c.want == "" && (err != nil || !bytes.Equal(got, plain)):
			t.Errorf("%s: %v, or not the JSON whole (%d bytes of %d)", c.name, err, len(got), n)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		case c.want == "longer than" && !errors.As(err, new(*files.TooLargeError)):
			t.Errorf("%s: %T, want a *files.TooLargeError", c.name, err)
		}
	}
	// ReadJSON reads through it too: a gzipped tree of the space.
	classic, _ := mastermind.Preset("classic")
	s, _ := mastermind.NewSpace(classic)
	if tr, err := ReadJSON(bytes.NewReader(z.Bytes()), s); err != nil || tr.Stats().Total != 5625 {
		t.Errorf("ReadJSON(4x6.json.gz): %v", err)
	}
}
