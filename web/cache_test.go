package web

import (
	"fmt"
	"strings"
	"testing"
)

func TestCache(t *testing.T) {
	c := newCache()
	for i := range cacheSize + 10 {
		c.put(fmt.Sprint(i), i)
	}
	if len(c.m) != cacheSize {
		t.Errorf("the cache holds %d answers, want %d", len(c.m), cacheSize)
	}
	if _, ok := c.get("0"); ok {
		t.Error("the oldest answer is still there")
	}
	if v, ok := c.get(fmt.Sprint(cacheSize + 9)); !ok || v != cacheSize+9 {
		t.Errorf("the newest answer: %v %v", v, ok)
	}
	long := strings.Repeat("x", maxKey+1)
	c.put(long, 1)
	if _, ok := c.get(long); ok {
		t.Error("an answer with a long key is kept")
	}
}
