// Package tree plays a strategy against every secret at once: [Build] makes
// its decision tree and [Evaluate] counts its guesses ([Stats]); a [Tree]
// is written as JSON, DOT or text ([Tree.WriteJSON], [Tree.WriteDOT],
// [Tree.WriteText]), read back ([ReadJSON], [ReadAnyJSON]) and played
// ([Tree.Strategy]). Each node is a history, its guess computed once, its
// children the answers that guess can get.
package tree

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// MaxDepth bounds the number of guesses in one game; a strategy that needs
// more is making no progress.
const MaxDepth = 100

// ErrTooDeep is wrapped by the error of a strategy that needs more than
// MaxDepth guesses for some secret.
var ErrTooDeep = fmt.Errorf("needs more than %d guesses", MaxDepth)

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
func Build(ctx context.Context, s *mastermind.Space, strat mastermind.Strategy) (*Tree, error) {
	return build(ctx, s, strat, true, nil)
}

// Evaluate returns the figures of the tree Build would make, without keeping
// the tree: it needs memory for the nodes being built only, not for one per
// secret.
func Evaluate(ctx context.Context, s *mastermind.Space, strat mastermind.Strategy) (Stats, error) {
	return EvaluateProgress(ctx, s, strat, nil)
}

func build(ctx context.Context, s *mastermind.Space, strat mastermind.Strategy, keep bool, found func()) (*Tree, error) {
	b := &builder{ctx: ctx, space: s, strat: strat, keep: keep, found: found, sem: make(chan struct{}, runtime.GOMAXPROCS(0))}
	b.sem <- struct{}{} // this goroutine's
	root := b.node(nil, consistent.All(s), 1)
	if b.err != nil {
		return nil, b.err
	}
	if !keep {
		root.found = make([]int, MaxDepth)
		for d := range root.found {
			root.found[d] = int(b.depths[d+1].Load())
		}
		for len(root.found) > 1 && root.found[len(root.found)-1] == 0 {
			root.found = root.found[:len(root.found)-1]
		}
	}
	return &Tree{Space: s, Root: root}, nil
}

type builder struct {
	ctx   context.Context
	space *mastermind.Space
	strat mastermind.Strategy
	keep  bool          // keep the nodes below the root, or only their figures
	sem   chan struct{} // a token per goroutine at work, one per processor

	// Without keep: depths[d] secrets are found with d guesses.
	depths [MaxDepth + 1]atomic.Int64
	found  func() // if not nil, called for each secret found

	mu  sync.Mutex
	err error
}

// parallelMin is the smallest candidate set worth a goroutine of its own.
const parallelMin = 3

func (b *builder) fail(err error) {
	b.mu.Lock()
	if b.err == nil {
		b.err = err
	}
	b.mu.Unlock()
}

// foundAt notes k secrets found with depth guesses.
func (b *builder) foundAt(depth, k int) {
	if !b.keep {
		b.depths[depth].Add(int64(k))
	}
	if b.found != nil {
		for range k {
			b.found()
		}
	}
}

// node builds the node at a history, whose candidates are cands. Without
// keep it counts the secrets the subtree finds at each depth in b.depths
// and returns only the root.
func (b *builder) node(history []mastermind.Turn, cands []int32, depth int) *Node {
	if err := b.ctx.Err(); err != nil {
		b.fail(err)
		return nil
	}
	if depth > MaxDepth {
		b.fail(fmt.Errorf("strategy %s %w", b.strat.Name(), ErrTooDeep))
		return nil
	}
	s, g := b.space, b.space.Game()
	sp, _ := scratches.Get().(*scratch)
	if sp == nil {
		sp = &scratch{}
	}
	defer scratches.Put(sp)
	sp.state = mastermind.State{Space: s, History: history, Candidates: cands, Done: b.ctx.Done()}
	guess := b.strat.Next(&sp.state)
	sp.state = mastermind.State{}
	var n *Node
	if b.keep || depth == 1 {
		n = &Node{Guess: guess, Candidates: len(cands)}
	}

	// Partition the candidates by their answer, keeping each part in order.
	outcomes := grow(&sp.outcomes, len(cands))
	s.Outcomes(guess, cands, outcomes)
	parts := grow(&sp.parts, len(cands))
	starts := grow(&sp.starts, g.Outcomes()+1)
	g.Split(cands, outcomes, parts, starts)
	counts := grow(&sp.counts, g.Outcomes())
	for o := range counts {
		counts[o] = starts[o+1] - starts[o]
	}
	solved := counts[g.Solved()] == 1
	if counts[g.Solved()] == 0 && countParts(counts) == 1 {
		b.fail(fmt.Errorf("strategy %s guessed %v, which does not split the %d codes still possible", b.strat.Name(), s.Code(guess), len(cands)))
		return nil
	}
	if n != nil {
		n.Solved = solved
	}
	if solved {
		b.foundAt(depth, 1)
	}

	// Children is allocated once: goroutines below write into its elements.
	var children []Child
	if b.keep {
		children = make([]Child, 0, countParts(counts))
	}
	var wg *sync.WaitGroup
	singles := 0 // children of one candidate, found by the next guess
	// The children's history: a child built here uses it until it returns,
	// a child built by another goroutine gets a copy.
	h := grow(&sp.history, len(history)+1)
	copy(h, history)
	for o, c := range counts {
		if c == 0 || mastermind.Outcome(o) == g.Solved() {
			continue
		}
		f := g.FeedbackOf(mastermind.Outcome(o))
		part := parts[starts[o]:starts[o+1]]
		if c == 1 && depth < MaxDepth {
			// Any strategy guesses the only candidate: no other guess splits it.
			singles++
			if b.keep {
				children = append(children, Child{f, &Node{Guess: int(part[0]), Candidates: 1, Solved: true}})
			}
			continue
		}
		h[len(history)] = mastermind.Turn{Guess: s.Code(guess), Feedback: f}
		var child **Node
		if b.keep {
			children = append(children, Child{Feedback: f})
			child = &children[len(children)-1].Node
		}
		if c >= parallelMin {
			select {
			case b.sem <- struct{}{}:
				if wg == nil {
					wg = new(sync.WaitGroup)
				}
				h := slices.Clone(h)
				wg.Go(func() {
					defer func() { <-b.sem }()
					x := b.node(h, part, depth+1)
					if child != nil {
						*child = x
					}
				})
				continue
			default:
			}
		}
		x := b.node(h, part, depth+1)
		if child != nil {
			*child = x
		}
	}
	if singles > 0 {
		b.foundAt(depth+1, singles)
	}
	if wg != nil {
		<-b.sem // the processor is free while the children are built
		wg.Wait()
		b.sem <- struct{}{}
	}
	if n != nil && b.keep {
		n.Children = children
	}
	return n
}

// A scratch holds a node's working slices while its children are built.
type scratch struct {
	state    mastermind.State
	outcomes []mastermind.Outcome
	parts    []int32
	starts   []int
	counts   []int
	history  []mastermind.Turn
}

// scratches holds scratch for reuse.
var scratches sync.Pool

// grow sets *s to a zeroed slice of length n, reusing its array when it is
// long enough, and returns it.
func grow[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
	} else {
		*s = (*s)[:n]
		clear(*s)
	}
	return *s
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
func (t *Tree) Strategy(name string, fallback mastermind.Strategy) mastermind.Strategy {
	return treeStrategy{t, name, fallback}
}

type treeStrategy struct {
	tree     *Tree
	name     string
	fallback mastermind.Strategy
}

func (ts treeStrategy) Name() string { return ts.name }

func (ts treeStrategy) Next(st *mastermind.State) int {
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
