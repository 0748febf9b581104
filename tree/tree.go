// Package tree plays a strategy against every secret at once by building its
// decision tree: each node is a history, its guess is computed once, and its
// children are the answers that guess can get.
package tree

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/strategy"
)

// MaxDepth bounds the number of guesses in one game; a strategy that needs
// more is making no progress.
const MaxDepth = 100

// A Node is a point of a game: the guess to play there and, for each answer
// other than "solved", the node that follows.
type Node struct {
	Guess      int  // index of the guess in the space
	Candidates int  // how many secrets reach this node
	Solved     bool // whether the guess is one of those secrets
	Children   []Child

	found []int // without children: found[d] secrets are found d guesses below
}

// A Child is the node that follows an answer.
type Child struct {
	Feedback mastermind.Feedback
	Node     *Node
}

// A Tree is a strategy's complete decision tree over a space.
type Tree struct {
	Space *mastermind.Space
	Root  *Node
}

// Build plays strat against every secret of the space. Nodes with many
// candidates are built in parallel on all processors; the tree is the same
// whatever the schedule.
func Build(ctx context.Context, s *mastermind.Space, strat strategy.Strategy) (*Tree, error) {
	return build(ctx, s, strat, true)
}

// Evaluate returns the figures of the tree Build would make, without keeping
// the tree: it needs memory for the nodes being built only, not for one per
// secret.
func Evaluate(ctx context.Context, s *mastermind.Space, strat strategy.Strategy) (Stats, error) {
	t, err := build(ctx, s, strat, false)
	if err != nil {
		return Stats{}, err
	}
	return t.Stats(), nil
}

func build(ctx context.Context, s *mastermind.Space, strat strategy.Strategy, keep bool) (*Tree, error) {
	b := &builder{ctx: ctx, space: s, strat: strat, keep: keep, sem: make(chan struct{}, runtime.GOMAXPROCS(0)-1)}
	root := b.node(nil, consistent.All(s), 1)
	if b.err != nil {
		return nil, b.err
	}
	return &Tree{Space: s, Root: root}, nil
}

type builder struct {
	ctx   context.Context
	space *mastermind.Space
	strat strategy.Strategy
	keep  bool          // keep the nodes below the root, or only their figures
	sem   chan struct{} // tokens for extra goroutines

	mu  sync.Mutex
	err error
}

// parallelMin is the smallest candidate set worth a goroutine of its own.
const parallelMin = 64

func (b *builder) fail(err error) {
	b.mu.Lock()
	if b.err == nil {
		b.err = err
	}
	b.mu.Unlock()
}

func (b *builder) node(history []mastermind.Turn, cands []int32, depth int) *Node {
	if err := b.ctx.Err(); err != nil {
		b.fail(err)
		return nil
	}
	if depth > MaxDepth {
		b.fail(fmt.Errorf("strategy %s needs more than %d guesses", b.strat.Name(), MaxDepth))
		return nil
	}
	s, g := b.space, b.space.Game()
	guess := b.strat.Next(&strategy.State{Space: s, History: history, Candidates: cands})
	n := &Node{Guess: guess, Candidates: len(cands)}

	// Partition the candidates by their answer, keeping each part in order.
	outcomes := make([]mastermind.Outcome, len(cands))
	s.Outcomes(guess, cands, outcomes)
	parts := make([]int32, len(cands))
	starts := g.Split(cands, outcomes, parts)
	counts := make([]int, g.Outcomes())
	for o := range counts {
		counts[o] = starts[o+1] - starts[o]
	}
	n.Solved = counts[g.Solved()] == 1
	if counts[g.Solved()] == 0 && countParts(counts) == 1 {
		b.fail(fmt.Errorf("strategy %s guessed %v, which does not split the %d codes still possible", b.strat.Name(), s.Code(guess), len(cands)))
		return nil
	}

	// Children is allocated once: goroutines below write into its elements.
	n.Children = make([]Child, 0, countParts(counts))
	var wg sync.WaitGroup
	for o, c := range counts {
		if c == 0 || mastermind.Outcome(o) == g.Solved() {
			continue
		}
		f := g.FeedbackOf(mastermind.Outcome(o))
		turn := mastermind.Turn{Guess: s.Code(guess), Feedback: f}
		h := append(history[:len(history):len(history)], turn)
		part := parts[starts[o]:starts[o+1]]
		n.Children = append(n.Children, Child{Feedback: f})
		child := &n.Children[len(n.Children)-1].Node
		if c >= parallelMin {
			select {
			case b.sem <- struct{}{}:
				wg.Add(1)
				go func() {
					defer func() { <-b.sem; wg.Done() }()
					*child = b.node(h, part, depth+1)
				}()
				continue
			default:
			}
		}
		*child = b.node(h, part, depth+1)
	}
	wg.Wait()
	if !b.keep {
		// Only the figures of the subtree: how many secrets it finds at
		// each depth below this node.
		n.found = []int{0}
		if n.Solved {
			n.found[0] = 1
		}
		for _, c := range n.Children {
			if c.Node == nil {
				continue
			}
			for len(n.found) <= len(c.Node.found) {
				n.found = append(n.found, 0)
			}
			for d, k := range c.Node.found {
				n.found[d+1] += k
			}
		}
		n.Children = nil
	}
	return n
}

func countParts(counts []int) int {
	parts := 0
	for _, c := range counts {
		if c > 0 {
			parts++
		}
	}
	return parts
}

// Stats are the figures of a tree: how many guesses each secret takes.
type Stats struct {
	Secrets   int   // number of secrets
	Total     int   // guesses summed over all secrets
	Max       int   // most guesses any secret takes
	Histogram []int // Histogram[i] secrets take exactly i guesses; Histogram[0] is 0
}

// Average returns the mean number of guesses per secret.
func (st Stats) Average() float64 { return float64(st.Total) / float64(st.Secrets) }

// Stats walks the tree.
func (t *Tree) Stats() Stats {
	st := Stats{Histogram: []int{0}}
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		if n.found != nil {
			for d, k := range n.found {
				for len(st.Histogram) <= depth+d {
					st.Histogram = append(st.Histogram, 0)
				}
				st.Histogram[depth+d] += k
				st.Secrets += k
				st.Total += (depth + d) * k
				if k > 0 {
					st.Max = max(st.Max, depth+d)
				}
			}
			return
		}
		if n.Solved {
			for len(st.Histogram) <= depth {
				st.Histogram = append(st.Histogram, 0)
			}
			st.Histogram[depth]++
			st.Secrets++
			st.Total += depth
			st.Max = max(st.Max, depth)
		}
		for _, c := range n.Children {
			walk(c.Node, depth+1)
		}
	}
	walk(t.Root, 1)
	return st
}

// Strategy returns a strategy that plays the tree's guesses, named name. On
// a history the tree does not hold it asks fallback.
func (t *Tree) Strategy(name string, fallback strategy.Strategy) strategy.Strategy {
	return treeStrategy{t, name, fallback}
}

type treeStrategy struct {
	tree     *Tree
	name     string
	fallback strategy.Strategy
}

func (ts treeStrategy) Name() string { return ts.name }

func (ts treeStrategy) Next(st *strategy.State) int {
	n := ts.tree.Root
	for _, turn := range st.History {
		if i, ok := st.Space.Index(turn.Guess); !ok || i != n.Guess {
			return ts.fallback.Next(st)
		}
		var next *Node
		for _, c := range n.Children {
			if c.Feedback == turn.Feedback {
				next = c.Node
			}
		}
		if next == nil {
			return ts.fallback.Next(st)
		}
		n = next
	}
	return n.Guess
}
