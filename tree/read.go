package tree

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/files"
)

// ReadAnyJSON reads a tree in its JSON form (see ReadJSON) for the game the
// JSON names: space returns the codes of that game (choose.Space does). The
// tree is checked as ReadJSON checks it before space is called: a file that
// is not a complete tree of its game is told without the game's codes
// enumerated, which in a game of millions of codes takes seconds and
// hundreds of MB. The JSON may be gzipped (as optimal/optima's trees are).
func ReadAnyJSON(r io.Reader, space func(mastermind.Game) (*mastermind.Space, error)) (*Tree, error) {
	data, err := readMaybeGzipped(r)
	if err != nil {
		return nil, err
	}
	var head struct {
		Positions *int            `json:"positions"`
		Colors    *int            `json:"colors"`
		Distinct  bool            `json:"distinct"`
		Feedback  mastermind.Rule `json:"feedback"`
		Root      *jsonNode       `json:"root"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("not a decision tree (JSON from mastermind optimal --out): %v", jsonError(err))
	}
	if head.Positions == nil || head.Colors == nil || head.Root == nil {
		return nil, fmt.Errorf("not a decision tree (JSON from mastermind optimal --out): it needs \"positions\", \"colors\" and \"root\"")
	}
	j := jsonTree{Positions: *head.Positions, Colors: *head.Colors, Distinct: head.Distinct, Feedback: head.Feedback, Root: head.Root}
	g := j.game()
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("the tree's game: %v", err)
	}
	w, err := j.check()
	if err != nil {
		return nil, err
	}
	head.Root, j.Root = nil, nil // the JSON's nodes, no longer needed
	s, err := space(g)
	if err != nil {
		return nil, err
	}
	if s.Game() != g {
		return nil, fmt.Errorf("the tree is for %v, not for %v", g, s.Game())
	}
	return w.tree(s), nil
}

// MaxJSONBytes bounds the JSON of a tree that ReadAnyJSON and ReadJSON
// read, uncompressed: the largest shipped tree (Super Mastermind's) has 1
// MB, and one of a million codes some 40 MB.
const MaxJSONBytes = 256 << 20

// JSONReader returns the JSON of the tree file r, decompressed if r is
// gzipped (told by gzip's first two bytes, 1f 8b), as a reader that fails
// with a *files.TooLargeError once it has given more than limit bytes of
// JSON (a gzip bomb, /dev/zero); gzipped says whether r was. A gzip that
// is damaged fails, at once or as it is read, with "not a gzipped decision
// tree". It is how every tree file is read: by ReadAnyJSON and ReadJSON
// (within MaxJSONBytes), and by whoever reads one within another bound.
func JSONReader(r io.Reader, limit int64) (json io.Reader, gzipped bool, err error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		return files.Limit(br, limit), false, nil
	}
	z, err := gzip.NewReader(br)
	if err != nil {
		return nil, true, fmt.Errorf("not a gzipped decision tree: %v", err)
	}
	return files.Limit(gunzipped{z}, limit), true, nil
}

// gunzipped reads a gzip, saying so when it is damaged.
type gunzipped struct{ z *gzip.Reader }

func (g gunzipped) Read(p []byte) (int, error) {
	n, err := g.z.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("not a gzipped decision tree: %w", err)
	}
	return n, err
}

// readMaybeGzipped reads all of r, uncompressed if it is gzipped, at most
// MaxJSONBytes of it.
func readMaybeGzipped(r io.Reader) ([]byte, error) {
	j, gzipped, err := JSONReader(r, MaxJSONBytes)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(j)
	if tooLarge := (*files.TooLargeError)(nil); gzipped && errors.As(err, &tooLarge) {
		return nil, fmt.Errorf("uncompressed, %v", err)
	}
	return data, err
}
