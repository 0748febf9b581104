package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/large"
	"github.com/mastermind-go/mastermind/protocol"
)

// topcoderGame is one game of the TopCoder benchmark.
type topcoderGame struct {
	Positions int     `json:"positions"`
	Colors    int     `json:"colors"`
	Secret    string  `json:"secret"`
	Guesses   int     `json:"guesses"`
	Score     float64 `json:"score"`
	CPU       float64 `json:"cpu_seconds"`
	PeakRSS   int64   `json:"peak_rss_bytes"`
}

// topcoderBand is the mean score of the games of lengths Min..Max.
type topcoderBand struct {
	Min       int     `json:"min"`
	Max       int     `json:"max"`
	Games     int     `json:"games"`
	MeanScore float64 `json:"mean_score"`
}

// topcoderReport is the JSON form of the benchmark.
type topcoderReport struct {
	Games     []topcoderGame `json:"games"`
	MeanScore float64        `json:"mean_score"`
	Bands     []topcoderBand `json:"bands"`
	MaxCPU    float64        `json:"max_cpu_seconds"`
	MaxRSS    int64          `json:"max_peak_rss_bytes"`
}

// topcoderGames generates games as TopCoder Marathon Match 2 did:
// k colours uniform in 5..20, length l uniform in 5..100, then the secret
// (large.TopCoderSecret).
func topcoderGames(n int, seed uint64) []topcoderGame {
	r := rand.New(rand.NewPCG(seed, 0x746f70636f646572))
	games := make([]topcoderGame, n)
	for i := range games {
		k, l := 5+r.IntN(16), 5+r.IntN(96)
		secret := large.TopCoderSecret(r, mastermind.Game{Positions: l, Colors: k})
		games[i] = topcoderGame{Positions: l, Colors: k, Secret: secret.String()}
	}
	return games
}

// topcoderExamples are the 20 example codes of TopCoder Marathon Match 2's
// problem statement, as
// "k l code".
var topcoderExamples = []string{
	"5 5 4 3 3 3 0",
	"6 6 1 2 4 4 4 1",
	"7 7 1 2 5 3 4 5 2",
	"8 8 3 7 2 3 6 1 7 3",
	"9 9 4 3 5 8 3 1 3 6 1",
	"10 10 8 1 2 4 8 7 9 0 8 4",
	"11 11 1 8 9 6 3 0 2 2 8 8 2",
	"12 12 8 0 8 6 10 0 4 11 5 4 4 3",
	"13 13 8 10 8 1 11 3 0 5 6 1 4 3 1",
	"14 14 2 8 6 2 5 11 5 6 1 2 7 11 9 8",
	"14 16 4 6 10 4 6 10 4 2 13 9 6 2 9 6 13 9",
	"16 13 3 9 12 8 12 8 9 0 12 2 11 11 9",
	"9 70 5 0 6 7 0 3 5 2 7 0 2 5 5 2 4 7 2 2 1 5 1 4 3 3 0 0 4 5 7 0 7 5 7 7 8 7 0 5 5 3 7 3 1 5 0 6 7 8 5 5 2 5 7 7 3 5 2 2 2 8 5 7 1 7 5 0 5 5 3 5",
	"12 54 10 10 11 7 2 6 4 4 5 1 9 5 11 8 1 0 0 6 8 9 0 11 10 6 1 0 4 0 5 5 3 6 9 6 6 3 7 11 5 0 0 4 5 9 3 2 3 11 2 8 10 11 8 0",
	"19 19 14 4 17 4 3 4 17 10 14 10 9 0 8 12 6 1 9 12 15",
	"18 51 10 10 4 9 2 9 2 4 9 16 14 9 16 17 12 6 5 11 13 4 2 13 13 16 13 16 4 2 6 11 14 13 12 2 17 2 12 2 14 6 15 2 9 2 16 9 16 10 4 17 15",
	"9 32 4 0 6 7 0 5 4 5 1 2 5 3 7 3 6 0 4 6 7 2 1 4 5 1 0 5 1 6 0 0 5 5",
	"5 80 0 0 0 4 4 2 3 0 3 0 2 2 2 0 2 2 4 2 0 1 2 3 2 2 1 2 0 0 0 2 2 0 4 2 1 2 1 0 0 0 2 2 2 4 0 4 3 0 2 0 2 0 2 4 0 0 4 3 2 3 3 2 2 0 3 0 3 2 4 4 2 4 2 1 0 2 1 0 3 0",
	"13 91 11 9 3 11 5 2 1 5 5 11 11 8 7 9 11 7 7 7 7 7 11 6 5 11 7 2 9 9 12 3 9 1 5 9 2 3 3 3 5 9 0 12 6 7 9 6 9 5 11 7 6 11 3 9 7 9 3 3 7 4 5 3 6 2 7 11 6 12 4 3 4 12 9 5 3 3 5 7 8 8 2 7 11 7 4 12 5 0 1 2 6",
	"13 17 7 11 0 5 11 2 4 11 1 7 11 8 8 0 12 9 2",
}

// examplesGames returns the examples of the problem statement as games.
func examplesGames() []topcoderGame {
	games := make([]topcoderGame, len(topcoderExamples))
	for i, e := range topcoderExamples {
		f := strings.Fields(e)
		k, _ := strconv.Atoi(f[0])
		l, _ := strconv.Atoi(f[1])
		games[i] = topcoderGame{Positions: l, Colors: k, Secret: strings.Join(f[2:], " ")}
	}
	return games
}

// runTopcoder plays the games, each by "mastermind break -p l -c k" in a
// process of its own, jobs at a time, and reports them.
func runTopcoder(games []topcoderGame, jobs int, asJSON bool, stdout io.Writer) error {
	var (
		mu      sync.Mutex
		printed int
		done    = make([]bool, len(games))
		first   error
		wg      sync.WaitGroup
		next    = make(chan int)
	)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				err := playTopcoder(&games[i])
				mu.Lock()
				if err != nil && first == nil {
					first = fmt.Errorf("game %d (l=%d k=%d, secret %s): %v", i+1, games[i].Positions, games[i].Colors, games[i].Secret, err)
				}
				done[i] = true
				for ; printed < len(games) && done[printed]; printed++ {
					if g := games[printed]; !asJSON && first == nil {
						fmt.Fprintf(stdout, "game %d: l=%d k=%d guesses %d score %.3f cpu %.3f s peak %.1f MB\n",
							printed+1, g.Positions, g.Colors, g.Guesses, g.Score, g.CPU, float64(g.PeakRSS)/(1<<20))
					}
				}
				mu.Unlock()
			}
		}()
	}
	for i := range games {
		mu.Lock()
		stop := first != nil
		mu.Unlock()
		if stop {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if first != nil {
		return first
	}
	rep := summarize(games)
	if asJSON {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprintf(stdout, "games %d, mean score %.3f", len(games), rep.MeanScore)
	for _, b := range rep.Bands {
		if b.Games > 0 {
			fmt.Fprintf(stdout, "; l %d-%d: %.3f (%d games)", b.Min, b.Max, b.MeanScore, b.Games)
		}
	}
	fmt.Fprintf(stdout, "\nmost cpu %.3f s, largest peak %.1f MB\n", rep.MaxCPU, float64(rep.MaxRSS)/(1<<20))
	return nil
}

// summarize makes the report of played games: the mean score, by band of
// length too, and the most CPU time and memory a game took.
func summarize(games []topcoderGame) topcoderReport {
	rep := topcoderReport{Games: games, Bands: []topcoderBand{{Min: 1, Max: 20}, {Min: 21, Max: 50}, {Min: 51, Max: 100}}}
	total := 0.0
	for _, g := range games {
		total += g.Score
		rep.MaxCPU = max(rep.MaxCPU, g.CPU)
		rep.MaxRSS = max(rep.MaxRSS, g.PeakRSS)
		for b := range rep.Bands {
			if band := &rep.Bands[b]; band.Min <= g.Positions && g.Positions <= band.Max {
				band.Games++
				band.MeanScore += g.Score
			}
		}
	}
	rep.MeanScore = round3(total / float64(len(games)))
	for b := range rep.Bands {
		if band := &rep.Bands[b]; band.Games > 0 {
			band.MeanScore = round3(band.MeanScore / float64(band.Games))
		}
	}
	return rep
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// playTopcoder judges "mastermind break -p l -c k" on the game's secret in
// a child process, as "mastermind judge" does, with TopCoder's limit of
// guesses, and fills in the guesses, score, CPU time and peak resident
// memory of the child.
func playTopcoder(game *topcoderGame) error {
	g := mastermind.Game{Positions: game.Positions, Colors: game.Colors}
	secret, err := g.ParseCode(game.Secret)
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, "break", "-p", strconv.Itoa(g.Positions), "-c", strconv.Itoa(g.Colors))
	cmd.Args[0] = "mastermind"
	lim := protocol.Limits{Guesses: topcoderGuesses, Time: topcoderWall}
	guesses, state, err := judgeOne(context.Background(), g, secret, cmd, lim, os.Stderr)
	if err != nil {
		return err
	}
	game.Guesses = guesses
	game.Score = round3(float64(g.Positions) * math.Log2(float64(g.Colors)) / float64(guesses))
	game.CPU, game.PeakRSS = resourceUsage(state)
	game.CPU = round3(game.CPU)
	return nil
}

// TopCoder's limits: 3000 guesses and 20 s of CPU a game. The wall-clock
// limit is looser, as games played at once share the processors; the CPU
// time is reported for each game.
const (
	topcoderGuesses = 3000
	topcoderWall    = 120 * time.Second
)
