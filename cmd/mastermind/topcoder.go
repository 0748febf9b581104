package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/protocol"
)

// topcoderGame is one game of the TopCoder benchmark.
type topcoderGame struct {
	Positions int     `json:"positions"`
	Colors    int     `json:"colors"`
	Guesses   int     `json:"guesses"`
	Score     float64 `json:"score"`
	Seconds   float64 `json:"seconds"`
}

// topcoderReport is the JSON form of the benchmark.
type topcoderReport struct {
	Games     []topcoderGame `json:"games"`
	MeanScore float64        `json:"mean_score"`
	MaxSecond float64        `json:"max_seconds"`
	PeakHeap  uint64         `json:"peak_heap_bytes"`
}

// runTopcoder plays games generated as in TopCoder Marathon Match 2 (seed
// 003): k colours uniform in 5..20, length l uniform in 5..100, a random
// weight per colour, pegs drawn by weight; each game through the break
// protocol, as "mastermind break -p l -c k" plays it.
func runTopcoder(games int, seed uint64, asJSON bool, stdout io.Writer) error {
	r := rand.New(rand.NewPCG(seed, 0x746f70636f646572))
	var rep topcoderReport
	total := 0.0
	for i := 1; i <= games; i++ {
		k, l := 5+r.IntN(16), 5+r.IntN(96)
		weights := make([]float64, k)
		sum := 0.0
		for c := range weights {
			weights[c] = r.Float64()
			sum += weights[c]
		}
		secret := make(mastermind.Code, l)
		for p := range secret {
			x := r.Float64() * sum
			c := 0
			for c < k-1 && x >= weights[c] {
				x -= weights[c]
				c++
			}
			secret[p] = uint8(c)
		}
		g := mastermind.Game{Positions: l, Colors: k}
		start := time.Now()
		guesses, err := playThroughProtocol(g, secret)
		if err != nil {
			return fmt.Errorf("game %d (%v, secret %v): %v", i, g, secret, err)
		}
		game := topcoderGame{Positions: l, Colors: k, Guesses: guesses,
			Score:   float64(l) * math.Log2(float64(k)) / float64(guesses),
			Seconds: math.Round(time.Since(start).Seconds()*10000) / 10000}
		total += game.Score
		rep.MaxSecond = max(rep.MaxSecond, game.Seconds)
		rep.Games = append(rep.Games, game)
		if !asJSON {
			fmt.Fprintf(stdout, "game %d: l=%d k=%d guesses %d score %.3f seconds %.4f\n", i, l, k, guesses, game.Score, game.Seconds)
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rep.PeakHeap = ms.HeapSys
	rep.MeanScore = math.Round(total/float64(games)*1000) / 1000
	if asJSON {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprintf(stdout, "games %d, mean score %.3f, slowest game %.4f s, heap %d MB\n", games, rep.MeanScore, rep.MaxSecond, rep.PeakHeap>>20)
	return nil
}

// playThroughProtocol runs the breaker of "mastermind break -p N -c K" on
// game g against secret, in process, and returns the guesses it took.
func playThroughProtocol(g mastermind.Game, secret mastermind.Code) (int, error) {
	fs := flag.NewFlagSet("break", flag.ContinueOnError)
	var pf playerFlags
	pf.register(fs)
	if err := parseFlags(fs, []string{"-p", strconv.Itoa(g.Positions), "-c", strconv.Itoa(g.Colors)}); err != nil {
		return 0, err
	}
	guessR, guessW := io.Pipe()
	answerR, answerW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- breakGame(g, &pf, fs, answerR, guessW)
		guessW.Close()
	}()
	lines := bufio.NewScanner(guessR)
	lines.Buffer(make([]byte, 4096), 1<<20)
	guesses := 0
	for lines.Scan() {
		guesses++
		guess, err := protocol.ParseGuess(g, lines.Text())
		if err != nil {
			return guesses, err
		}
		f := mastermind.Score(secret, guess)
		fmt.Fprintf(answerW, "%d %d\n", f.Black, f.White)
		if f.Black == g.Positions {
			break
		}
	}
	answerW.Close()
	for lines.Scan() { // drain
	}
	return guesses, <-done
}
