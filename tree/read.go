package tree

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/mastermind-go/mastermind"
)

// ReadAnyJSON reads a tree in its JSON form (see ReadJSON) for the game the
// JSON names: space returns the codes of that game (choose.Space does). The
// tree is checked as ReadJSON checks it.
func ReadAnyJSON(r io.Reader, space func(mastermind.Game) (*mastermind.Space, error)) (*Tree, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var head struct {
		Positions *int            `json:"positions"`
		Colors    *int            `json:"colors"`
		Distinct  bool            `json:"distinct"`
		Root      json.RawMessage `json:"root"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("not a decision tree (JSON from mastermind optimal --out): %v", jsonError(err))
	}
	if head.Positions == nil || head.Colors == nil || head.Root == nil {
		return nil, fmt.Errorf("not a decision tree (JSON from mastermind optimal --out): it needs \"positions\", \"colors\" and \"root\"")
	}
	g := mastermind.Game{Positions: *head.Positions, Colors: *head.Colors, Distinct: head.Distinct}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("the tree's game: %v", err)
	}
	s, err := space(g)
	if err != nil {
		return nil, err
	}
	return ReadJSON(bytes.NewReader(data), s)
}
