// Command webload measures "mastermind serve" under load: concurrent games
// of classic and super played through /api/next against one server on
// loopback, each answered by the engine's scoring function. It reports
// games per second and the latency of /api/next (50th and 99th
// percentiles, maximum) per game, and the server's peak heap.
//
//	go run ./internal/webload [-classic 40] [-super 10] [-duration 20s]
//
// With -url it loads a server that runs already (its heap is then not
// known).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/web"
)

func main() {
	classic := flag.Int("classic", 40, "concurrent classic games")
	super := flag.Int("super", 10, "concurrent super games")
	duration := flag.Duration("duration", 20*time.Second, "how long to load")
	url := flag.String("url", "", "load the server at this `URL` instead of one in this process")
	flag.Parse()

	base := *url
	if base == "" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			log.Fatal(err)
		}
		srv := web.NewServer("", web.New(web.Options{Log: log.New(os.Stderr, "server: ", 0)}))
		go srv.Serve(ln)
		defer srv.Close()
		base = "http://" + ln.Addr().String()
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: 30 * time.Second}

	var peak atomic.Uint64
	stopHeap := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-stopHeap:
				return
			case <-time.After(100 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
		}
	}()

	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	defer cancel()
	loads := []*load{
		{name: "classic", game: mastermind.Presets()["classic"], players: *classic},
		{name: "super", game: mastermind.Presets()["super"], players: *super},
	}
	start := time.Now()
	var wg sync.WaitGroup
	for _, l := range loads {
		for i := range l.players {
			wg.Go(func() { l.play(ctx, client, base, uint64(i)) })
		}
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(stopHeap)

	fmt.Printf("%d classic and %d super games at once for %v on %d processors (GOMAXPROCS)\n",
		*classic, *super, elapsed.Round(time.Second), runtime.GOMAXPROCS(0))
	fmt.Printf("%-8s %7s %8s %9s %8s %8s %8s %7s\n", "game", "games", "games/s", "requests", "p50", "p99", "max", "errors")
	for _, l := range loads {
		if l.players == 0 {
			continue
		}
		slices.Sort(l.latency)
		fmt.Printf("%-8s %7d %8.1f %9d %8s %8s %8s %7d\n", l.name, l.games, float64(l.games)/elapsed.Seconds(), len(l.latency),
			pct(l.latency, 0.50), pct(l.latency, 0.99), pct(l.latency, 1), l.errors)
	}
	if *url == "" {
		fmt.Printf("peak heap in use: %d MB\n", peak.Load()>>20)
	}
}

// A load is the players of one game and what they measured.
type load struct {
	name    string
	game    mastermind.Game
	players int

	mu      sync.Mutex
	games   int
	errors  int
	latency []time.Duration // of every /api/next
}

type turn struct {
	Guess []int `json:"guess"`
	Black int   `json:"black"`
	White int   `json:"white"`
}

// play plays games against random secrets until ctx ends.
func (l *load) play(ctx context.Context, client *http.Client, base string, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, uint64(l.game.Colors)))
	for ctx.Err() == nil {
		secret := l.game.Random(rng)
		var history []turn
		for ctx.Err() == nil {
			body, _ := json.Marshal(map[string]any{"game": l.name, "history": history})
			t := time.Now()
			resp, err := client.Post(base+"/api/next", "application/json", bytes.NewReader(body))
			d := time.Since(t)
			var v struct {
				Guess  []int
				Solved bool
			}
			if err == nil {
				data, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					err = fmt.Errorf("status %d: %s", resp.StatusCode, data)
				} else {
					err = json.Unmarshal(data, &v)
				}
			}
			if ctx.Err() != nil {
				return // cut short: not counted
			}
			l.mu.Lock()
			l.latency = append(l.latency, d)
			if err != nil {
				l.errors++
				log.Printf("%s: %v", l.name, err)
			}
			if v.Solved {
				l.games++
			}
			l.mu.Unlock()
			if err != nil || v.Solved {
				break
			}
			guess := make(mastermind.Code, len(v.Guess))
			for i, x := range v.Guess {
				guess[i] = uint8(x)
			}
			f := mastermind.Score(secret, guess)
			history = append(history, turn{v.Guess, f.Black, f.White})
		}
	}
}

// pct returns the q-quantile of sorted durations.
func pct(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := min(len(d)-1, int(q*float64(len(d))))
	return d[i].Round(100 * time.Microsecond)
}
