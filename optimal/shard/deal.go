package shard

import (
	"cmp"
	"container/heap"
	"slices"
)

// deal deals units of the given work to shards by longest processing
// time first (Graham 1969): the units by work, largest first (ties by
// place), each to the shard least loaded so far (ties by the lower
// number). It returns each unit's shard. Every shard and every merge
// computes it alike from the same units: it is in integers, so that
// machines of any kind agree. With at least as many units as shards,
// each of positive work, every shard gets a unit; the most loaded holds
// at most 4/3 of the least most-load any deal reaches.
func deal(work []int64, shards int) []int {
	order := make([]int, len(work))
	for u := range order {
		order[u] = u
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(work[b], work[a]) })
	h := make(loads, shards)
	for i := range h {
		h[i].shard = i
	}
	owner := make([]int, len(work))
	for _, u := range order {
		owner[u] = h[0].shard
		h[0].load += work[u]
		heap.Fix(&h, 0)
	}
	return owner
}

// mine returns the units the deal gives shard, in order.
func mine(owner []int, shard int) []int {
	var us []int
	for u, s := range owner {
		if s == shard {
			us = append(us, u)
		}
	}
	return us
}

// loads is a heap of shards by their load, then their number.
type loads []struct {
	load  int64
	shard int
}

func (h loads) Len() int { return len(h) }
func (h loads) Less(i, j int) bool {
	return h[i].load < h[j].load || h[i].load == h[j].load && h[i].shard < h[j].shard
}
func (h loads) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h loads) Push(any)      { panic("loads: fixed size") }
func (h loads) Pop() any      { panic("loads: fixed size") }
