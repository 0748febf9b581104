package optimal

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestMemoForgets fills a memo far beyond its budget: it holds at most the
// budget, keeps what was used last, and never loses a better result for a
// worse one.
func TestMemoForgets(t *testing.T) {
	m := newMemo(64 << 10)
	key := func(i int) []byte { return memoKey{set: fmt.Sprintf("%08d", i)}.join() }
	hot := key(-1)
	m.put(hot, memoEntry{total: 7, exact: true, guess: 3})
	for i := range 100000 {
		m.put(key(i), memoEntry{total: i})
		if _, ok := m.get(hot); !ok {
			t.Fatalf("after %d entries the memo forgot the set used at every step", i)
		}
		m.put(hot, memoEntry{total: 9}) // a bound below an exact total changes nothing
	}
	var held int64
	m.each(func(k memoKey, _ memoEntry) { held += entryBytes(len(k.join())) })
	if held > m.budget {
		t.Errorf("the memo holds %d bytes, over its budget of %d", held, m.budget)
	}
	if m.dropped() == 0 || m.len() == 0 {
		t.Errorf("dropped %d, holds %d: want some of each", m.dropped(), m.len())
	}
	if e, _ := m.get(hot); e != (memoEntry{total: 7, exact: true, guess: 3}) {
		t.Errorf("the hot set's entry is %+v, want its exact total 7 by guess 3", e)
	}
	if _, ok := m.get(key(0)); ok {
		t.Errorf("the first set, never used again, is still held")
	}
}

// TestMemoKeepsLargeSets fills a memo far beyond its budget with small
// sets: the large ones (those a checkpoint keeps), met once at the start,
// are all still held; and with large sets alone, far more than its share
// for them, it still holds at most its budget.
func TestMemoKeepsLargeSets(t *testing.T) {
	m := newMemo(2 << 20)
	large := func(i int) []byte {
		return memoKey{set: fmt.Sprintf("%0*d", 2*checkpointMin, i)}.join()
	}
	for i := range 50 {
		m.put(large(i), memoEntry{total: 1000 + i})
	}
	for i := range 200000 {
		m.put(memoKey{set: fmt.Sprintf("%08d", i)}.join(), memoEntry{total: i})
	}
	if m.dropped() == 0 {
		t.Fatal("the small sets were all held: the test proves nothing")
	}
	for i := range 50 {
		if e, ok := m.get(large(i)); !ok || e.total != 1000+i {
			t.Errorf("large set %d: %+v, %v; want its bound %d", i, e, ok, 1000+i)
		}
	}
	m = newMemo(2 << 20)
	for i := range 100000 {
		m.put(large(i), memoEntry{total: i})
	}
	var held int64
	m.each(func(k memoKey, _ memoEntry) { held += entryBytes(len(k.join())) })
	if held > m.budget {
		t.Errorf("the memo holds %d bytes, over its budget of %d", held, m.budget)
	}
}

// TestSmallMemoSameTree solves classic with a memo of 256 KB, which
// forgets thousands of sets as it goes: the tree is still the shipped
// one, Koyama and Lai's 5625, byte for byte.
func TestSmallMemoSameTree(t *testing.T) {
	defer func(m int64) { memoMin = m }(memoMin)
	memoMin = 256 << 10
	s, _ := mastermind.NewSpace(mastermind.Classic())
	sv, err := start(context.Background(), s, Options{Memory: 1})
	if err != nil {
		t.Fatal(err)
	}
	if sv.memo.budget != memoMin {
		t.Fatalf("memo budget %d, want %d", sv.memo.budget, memoMin)
	}
	tr, err := treeSearch{sv}.run(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sv.memo.dropped() < 1000 {
		t.Errorf("the memo forgot %d sets; want a budget small enough to forget thousands", sv.memo.dropped())
	}
	var fresh bytes.Buffer
	tr.WriteJSON(&fresh)
	if !bytes.Equal(fresh.Bytes(), shippedJSON(t, mastermind.Classic())) {
		t.Errorf("the tree of a search that forgets differs from the shipped one (total %d)", tr.Stats().Total)
	}
}
