package tree

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// spaces is an endless input of spaces, which JSON takes as leading
// white space: only a bound ends it.
type spaces struct{}

func (spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// gzipped returns r gzipped, as gzip -c would write it, in members of
// 1 MiB: one member, compressed once, repeated.
func gzipped(n int64) io.Reader {
	var member bytes.Buffer
	z := gzip.NewWriter(&member)
	z.Write(bytes.Repeat([]byte{' '}, 1<<20))
	z.Close()
	readers := make([]io.Reader, n>>20+1)
	for i := range readers {
		readers[i] = bytes.NewReader(member.Bytes())
	}
	return io.MultiReader(readers...)
}

// TestReadBounded checks that a tree's readers stop at MaxJSONBytes, plain
// or gzipped (a gzip bomb), with an error that says so, rather than
// reading until memory runs out: the input is a little longer (so that
// the readers of old fail with another error, not by exhausting memory).
func TestReadBounded(t *testing.T) {
	longer := func() io.Reader { return io.LimitReader(spaces{}, MaxJSONBytes+1) }
	classic := mastermind.Classic()
	s, _ := mastermind.NewSpace(classic)
	for _, tt := range []struct {
		name string
		read func() error
	}{
		{"ReadAnyJSON", func() error { _, err := ReadAnyJSON(longer(), mastermind.NewSpace); return err }},
		{"ReadAnyJSON gzipped", func() error { _, err := ReadAnyJSON(gzipped(MaxJSONBytes+1), mastermind.NewSpace); return err }},
		{"ReadJSON", func() error { _, err := ReadJSON(longer(), s); return err }},
	} {
		err := tt.read()
		if err == nil || !strings.Contains(err.Error(), "longer than 256 MiB") {
			t.Errorf("%s(endless spaces) = %v, want longer than 256 MiB", tt.name, err)
		}
	}
}
