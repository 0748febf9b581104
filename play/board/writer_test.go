package board

import (
	"slices"
	"sync"
	"testing"
)

// The writer of the statistics runs its jobs in the order given, one at
// a time, and close returns once every job queued has run: a daily's
// progress is never written over by an older one, and no write is lost
// when the board ends.
func TestWriter(t *testing.T) {
	w := newWriter()
	var mu sync.Mutex
	var ran []int
	running := 0
	for i := range 200 {
		w.do(func() {
			mu.Lock()
			running++
			if running > 1 {
				t.Errorf("job %d runs beside another", i)
			}
			ran = append(ran, i)
			mu.Unlock()
			for range 100 {
				_ = slices.Index(ran, -1) // some work
			}
			mu.Lock()
			running--
			mu.Unlock()
		})
	}
	w.close()
	mu.Lock()
	defer mu.Unlock()
	if len(ran) != 200 || !slices.IsSorted(ran) {
		t.Errorf("close returned after %d jobs of 200, in order %v", len(ran), slices.IsSorted(ran))
	}
}
