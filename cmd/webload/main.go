// Command webload measures "mastermind serve" under load: concurrent games
// of classic and super played through /api/next against one server on
// loopback, each answered by the engine's scoring function. It reports
// games per second and the latency of /api/next (50th and 99th
// percentiles, maximum) per game, and the server's peak heap.
//
//	go run ./cmd/webload [-classic 40] [-super 10] [-duration 20s]
//
// With -hostile N, N clients send expensive requests meanwhile, each the
// next as soon as the last is answered: classic histories of 23,000
// answers whose last contradicts the others (920 KB), entropy and minimax
// on super and 6x6, and games of a million codes. It reports how long they
// took against the server's deadline, and how soon after the last answer
// the server's process stopped computing.
//
//	go run ./cmd/webload -classic 20 -super 0 -hostile 12 -duration 30s
//
// With -url it loads a server that runs already (its heap and CPU are then
// not known).
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
	"github.com/mastermind-go/mastermind/cmd/internal/server"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/web"
)

func main() {
	classic := flag.Int("classic", 40, "concurrent classic games")
	super := flag.Int("super", 10, "concurrent super games")
	hostile := flag.Int("hostile", 0, "concurrent clients sending expensive requests")
	duration := flag.Duration("duration", 20*time.Second, "how long to load")
	url := flag.String("url", "", "load the server at this `URL` instead of one in this process")
	flag.Parse()

	base := *url
	if base == "" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			log.Fatal(err)
		}
		srv := server.New("", web.New(web.Options{Log: log.New(os.Stderr, "server: ", 0)}))
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
		{name: "classic", game: mastermind.Classic(), players: *classic},
		{name: "super", game: mastermind.Super(), players: *super},
	}
	attacks := expensive()
	start := time.Now()
	var wg sync.WaitGroup
	for _, l := range loads {
		for i := range l.players {
			wg.Go(func() { l.play(ctx, client, base, uint64(i)) })
		}
	}
	for i := range *hostile {
		wg.Go(func() { attack(ctx, client, base, attacks, i, *hostile) })
	}
	wg.Wait()
	elapsed := time.Since(start)
	idle := time.Duration(-1)
	if *url == "" && *hostile > 0 {
		idle = idleAfter()
	}
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
	if *hostile > 0 {
		fmt.Printf("%d clients sending expensive requests (deadline %v):\n", *hostile, deadline)
		fmt.Printf("%-28s %9s %6s %6s %6s %8s %8s\n", "request", "requests", "200", "400", "503", "p50", "max")
		for _, a := range attacks {
			slices.Sort(a.took)
			fmt.Printf("%-28s %9d %6d %6d %6d %8s %8s\n", a.name, len(a.took), a.status[200], a.status[400], a.status[503], pct(a.took, 0.5), pct(a.took, 1))
		}
	}
	if *url == "" {
		fmt.Printf("peak heap in use: %d MB\n", peak.Load()>>20)
	}
	if idle >= 0 {
		fmt.Printf("the server's CPU idle within %v of the last answer\n", idle.Round(10*time.Millisecond))
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

// deadline is the server's deadline of a request (web.Options.Timeout's
// default).
const deadline = 10 * time.Second

// An expensiveRequest is a kind of expensive request, and how its requests
// went.
type expensiveRequest struct {
	name string
	path string
	body func(rng *rand.Rand) []byte

	mu     sync.Mutex
	took   []time.Duration
	status map[int]int
}

// expensive returns the kinds of expensive requests.
func expensive() []*expensiveRequest {
	// A classic history of 23,000 answers whose last contradicts the
	// others: none of colours 1-5, then none of colour 0.
	var b bytes.Buffer
	b.WriteString(`{"game":"classic","history":[`)
	for i := range 22999 {
		fmt.Fprintf(&b, `{"guess":[%d,%d,%d,%d],"black":0,"white":0},`, i%5+1, (i+1)%5+1, (i+2)%5+1, (i+3)%5+1)
	}
	b.WriteString(`{"guess":[0,0,0,0],"black":0,"white":0}]}`)
	contradiction := b.Bytes()
	// oneAnswer returns a body of game g with one answer to a random
	// guess from a random secret, so that no two are alike.
	oneAnswer := func(g mastermind.Game, game, strategy string) func(*rand.Rand) []byte {
		return func(rng *rand.Rand) []byte {
			guess, secret := g.Random(rng), g.Random(rng)
			f := mastermind.Score(secret, guess)
			body, _ := json.Marshal(map[string]any{"game": json.RawMessage(game), "strategy": strategy,
				"history": []turn{{ints(guess), f.Black, f.White}}})
			return body
		}
	}
	sixBySix := mastermind.Game{Positions: 6, Colors: 6}
	million := mastermind.Game{Positions: 6, Colors: 10}
	return []*expensiveRequest{
		{name: "classic 23,000 answers next", path: "/api/next", body: func(*rand.Rand) []byte { return contradiction }},
		{name: "classic 23,000 answers cands", path: "/api/candidates", body: func(*rand.Rand) []byte { return contradiction }},
		{name: "super entropy", path: "/api/next", body: oneAnswer(mastermind.Super(), `"super"`, strategy.Entropy.String())},
		{name: "super minimax", path: "/api/next", body: oneAnswer(mastermind.Super(), `"super"`, strategy.Minimax.String())},
		{name: "6x6 entropy", path: "/api/next", body: oneAnswer(sixBySix, `{"positions":6,"colors":6}`, strategy.Entropy.String())},
		{name: "6x10 (10^6 codes) auto", path: "/api/next", body: oneAnswer(million, `{"positions":6,"colors":10}`, strategy.AutoName)},
	}
}

// attack sends expensive requests of the kinds in turn (client i of n
// starts at kind i) until ctx ends, recording how long each took.
func attack(ctx context.Context, client *http.Client, base string, kinds []*expensiveRequest, i, n int) {
	rng := rand.New(rand.NewPCG(uint64(i), uint64(n)))
	for k := i; ctx.Err() == nil; k += n {
		a := kinds[k%len(kinds)]
		body := a.body(rng)
		t := time.Now()
		resp, err := client.Post(base+a.path, "application/json", bytes.NewReader(body))
		status := 0
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			status = resp.StatusCode
		}
		d := time.Since(t)
		a.mu.Lock()
		a.took = append(a.took, d)
		if a.status == nil {
			a.status = map[int]int{}
		}
		a.status[status]++
		a.mu.Unlock()
		if err != nil {
			log.Printf("%s: %v", a.name, err)
		}
	}
}

// idleAfter returns how soon the process stops computing: the time until
// the end of the first tenth of a second in which it used less than a
// hundredth of a second of CPU, or -1 when there is none within 20 s.
func idleAfter() time.Duration {
	start := time.Now()
	last := cpuTime()
	for time.Since(start) < 20*time.Second {
		time.Sleep(100 * time.Millisecond)
		now := cpuTime()
		if now-last < 10*time.Millisecond {
			return time.Since(start)
		}
		last = now
	}
	return -1
}

// ints converts a code to the API's colour numbers.
func ints(c mastermind.Code) []int {
	out := make([]int, len(c))
	for i, x := range c {
		out[i] = int(x)
	}
	return out
}
