package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/progress"
	"github.com/mastermind-go/mastermind/internal/words"
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
	// Error says why the game failed (its breaker broke the protocol,
	// exceeded the limits or crashed): it scores 0, and Guesses is how
	// many it made.
	Error string `json:"error,omitempty"`
}

// failed reports whether the game failed.
func (g topcoderGame) failed() bool { return g.Error != "" }

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
	Failed    int            `json:"failed"` // games that failed, scored 0
}

// maxTopcoderGames bounds --games: at a few seconds a game, more would
// take years.
const maxTopcoderGames = 100_000

// checkTopcoder checks the flags of eval --topcoder (or --examples) as
// parsed into fs: the games are TopCoder's, so the flags of a game or a
// strategy do not apply; --games is at most maxTopcoderGames. It returns
// the number of jobs to run, at most one a game (saying so on stderr when
// --jobs asked for more).
func checkTopcoder(fs *flag.FlagSet, games, jobs int, examples bool, stderr io.Writer) (int, error) {
	var stray string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "game", "p", "positions", "c", "colors", "distinct", "strategy", "first", "tree":
			if stray == "" {
				stray = f.Name
			}
		}
	})
	switch {
	case stray != "":
		return 0, usageError("%s does not apply to --topcoder: its games are TopCoder's, played by \"mastermind break -p l -c k\"", dashed(stray))
	case jobs < 1:
		return 0, usageError("--jobs must be at least 1, not %d", jobs)
	case examples:
		games = len(large.TopCoderExamples())
	case games < 1:
		return 0, usageError("--games must be at least 1, not %d", games)
	case games > maxTopcoderGames:
		return 0, usageError("--games: at most %d games, not %d", maxTopcoderGames, games)
	}
	if jobs > games {
		fmt.Fprintf(stderr, "mastermind eval: --jobs %d: %s, so %s\n", jobs, words.Count(games, "game"), words.Count(games, "job"))
		jobs = games
	}
	return jobs, nil
}

// topcoderGames returns the first n games of large.TopCoderGames.
func topcoderGames(n int, seed uint64) []topcoderGame {
	var games []topcoderGame
	for tg := range large.TopCoderGames(seed) {
		if len(games) == n {
			break
		}
		games = append(games, newTopcoderGame(tg))
	}
	return games
}

// examplesGames returns the examples of the problem statement as games.
func examplesGames() []topcoderGame {
	var games []topcoderGame
	for _, tg := range large.TopCoderExamples() {
		games = append(games, newTopcoderGame(tg))
	}
	return games
}

func newTopcoderGame(tg large.TopCoderGame) topcoderGame {
	return topcoderGame{Positions: tg.Game.Positions, Colors: tg.Game.Colors, Secret: tg.Secret.String()}
}

// A breakerCommand returns the command that breaks the codes of game g,
// speaking the break protocol.
type breakerCommand func(g mastermind.Game) (*exec.Cmd, error)

// selfBreaker is "mastermind break -p l -c k", run from this executable.
func selfBreaker(g mastermind.Game) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, "break", "-p", strconv.Itoa(g.Positions), "-c", strconv.Itoa(g.Colors))
	cmd.Args[0] = "mastermind"
	return cmd, nil
}

// runTopcoder plays the games, each by the command of breaker in a process
// of its own within the limits lim (topcoderLimits but in tests), jobs at
// a time, and reports them. A game that fails is
// recorded (it scores 0, as at TopCoder) and the others are played; the
// error then names the failed games, after the whole report.
func runTopcoder(games []topcoderGame, jobs int, asJSON bool, stdout io.Writer, breaker breakerCommand, lim protocol.Limits) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	var (
		mu      sync.Mutex
		printed int
		done    = make([]bool, len(games))
		halt    error // what stops the run: an interruption, or output that cannot be written
		wg      sync.WaitGroup
		next    = make(chan int)
		bar     = progress.New(os.Stderr, len(games), "topcoder", "games")
	)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				err := playTopcoder(ctx, &games[i], breaker, lim)
				mu.Lock()
				switch {
				case ctx.Err() != nil:
					if halt == nil {
						halt = errInterrupted
					}
				case err != nil:
					games[i].Error = err.Error()
					games[i].Score = 0
				}
				done[i] = true
				bar.Clear() // lines of the report may follow
				for ; halt == nil && printed < len(games) && done[printed]; printed++ {
					if asJSON {
						continue
					}
					if _, err := fmt.Fprintln(stdout, topcoderLine(printed+1, games[printed])); err != nil {
						halt = err // no more games: nothing can be reported
					}
				}
				bar.Add(1)
				mu.Unlock()
			}
		}()
	}
	for i := range games {
		mu.Lock()
		stop := halt != nil
		mu.Unlock()
		if stop {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	bar.Done()
	if halt != nil {
		return halt
	}
	rep := summarize(games)
	if asJSON {
		if err := json.NewEncoder(stdout).Encode(rep); err != nil {
			return err
		}
		return failedGames(games)
	}
	fmt.Fprintf(stdout, "games %d", len(games))
	if rep.Failed > 0 {
		fmt.Fprintf(stdout, " (%d failed, scored 0)", rep.Failed)
	}
	fmt.Fprintf(stdout, ", mean score %.3f", rep.MeanScore)
	for _, b := range rep.Bands {
		if b.Games > 0 {
			fmt.Fprintf(stdout, "; l %d-%d: %.3f (%d games)", b.Min, b.Max, b.MeanScore, b.Games)
		}
	}
	fmt.Fprintf(stdout, "\nmost cpu %.3f s, largest peak %.1f MB\n", rep.MaxCPU, float64(rep.MaxRSS)/(1<<20))
	return failedGames(games)
}

// topcoderLine is the line of the text report for game number n: its
// figures, or why it failed (the lines of the reason indented).
func topcoderLine(n int, g topcoderGame) string {
	if g.failed() {
		return fmt.Sprintf("game %d: l=%d k=%d secret %s failed, score 0: %s", n, g.Positions, g.Colors, g.Secret, g.Error)
	}
	return fmt.Sprintf("game %d: l=%d k=%d guesses %d score %.3f cpu %.3f s peak %.1f MB",
		n, g.Positions, g.Colors, g.Guesses, g.Score, g.CPU, float64(g.PeakRSS)/(1<<20))
}

// failedGames returns an error naming the games that failed, if any: the
// run's exit status is then 1.
func failedGames(games []topcoderGame) error {
	var numbers []string
	for i, g := range games {
		if g.failed() {
			numbers = append(numbers, strconv.Itoa(i+1))
		}
	}
	failed := len(numbers)
	if failed == 0 {
		return nil
	}
	if failed > 10 {
		numbers = append(numbers[:10], "...")
	}
	noun := "game"
	if failed > 1 {
		noun = "games"
	}
	return fmt.Errorf("%d of %s failed, scored 0 (%s %s): see the report", failed, words.Count(len(games), "game"), noun, strings.Join(numbers, ", "))
}

// summarize makes the report of played games: the mean score, by band of
// length too, and the most CPU time and memory a game took.
func summarize(games []topcoderGame) topcoderReport {
	rep := topcoderReport{Games: games, Bands: []topcoderBand{{Min: 1, Max: 20}, {Min: 21, Max: 50}, {Min: 51, Max: 100}}}
	total := 0.0
	for _, g := range games {
		total += g.Score
		if g.failed() {
			rep.Failed++
		}
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

// playTopcoder judges the command of breaker on the game's secret in
// a child process, as "mastermind judge" does, within the limits lim, and
// fills in the guesses, score, CPU time and peak resident
// memory of the child (all but the score when it fails: the verdict).
func playTopcoder(ctx context.Context, game *topcoderGame, breaker breakerCommand, lim protocol.Limits) error {
	g := mastermind.Game{Positions: game.Positions, Colors: game.Colors}
	secret, err := g.ParseCode(game.Secret)
	if err != nil {
		return err
	}
	cmd, err := breaker(g)
	if err != nil {
		return fmt.Errorf("cannot run the breaker: %v", err)
	}
	res, err := judgeOne(ctx, g, secret, cmd, lim)
	game.Guesses = res.Guesses
	game.CPU, game.PeakRSS = round3(res.CPU), res.PeakRSS
	if err != nil {
		return err
	}
	game.Score = round3(float64(g.Positions) * math.Log2(float64(g.Colors)) / float64(res.Guesses))
	return nil
}

// topcoderLimits are TopCoder's limits: 3000 guesses and 20 s of CPU a
// game; a game beyond either fails. The wall-clock limit is far looser, as
// games played at once share the processors and a run under nice on a
// loaded machine gets a small share of them (a game of 12 s of CPU once
// took over 2 minutes); the CPU time is reported for each game.
var topcoderLimits = protocol.Limits{Guesses: 3000, CPU: 20 * time.Second, Time: 15 * time.Minute}

// topcoderDiff is one game's difference between two reports.
type topcoderDiff struct {
	Game      int     `json:"game"` // 1-based
	Positions int     `json:"positions"`
	Colors    int     `json:"colors"`
	Old       int     `json:"old_guesses"`
	New       int     `json:"new_guesses"`
	OldScore  float64 `json:"old_score"`
	NewScore  float64 `json:"new_score"`
	OldError  string  `json:"old_error,omitempty"` // why the game failed in the old report
	NewError  string  `json:"new_error,omitempty"`
}

// topcoderComparison is the JSON form of eval --compare.
type topcoderComparison struct {
	Games     int            `json:"games"`
	Differ    []topcoderDiff `json:"differ"` // the games whose guesses differ
	OldMean   float64        `json:"old_mean_score"`
	NewMean   float64        `json:"new_mean_score"`
	MeanDiff  float64        `json:"mean_difference"`
	StdErr    float64        `json:"standard_error"`
	Better    int            `json:"better"` // games the new report needs fewer guesses in
	Worse     int            `json:"worse"`
	SignTestP float64        `json:"sign_test_p"`
	OldMaxCPU float64        `json:"old_max_cpu_seconds"`
	NewMaxCPU float64        `json:"new_max_cpu_seconds"`
	OldMaxRSS int64          `json:"old_max_peak_rss_bytes"`
	NewMaxRSS int64          `json:"new_max_peak_rss_bytes"`
	OldFailed int            `json:"old_failed"` // games that failed, scored 0
	NewFailed int            `json:"new_failed"`
}

// onlyFlags returns a usage error naming the first flag set in fs that is
// not among names, the first of which is the option they go with.
func onlyFlags(fs *flag.FlagSet, names ...string) error {
	var stray string
	fs.Visit(func(f *flag.Flag) {
		if stray == "" && !slices.Contains(names, f.Name) {
			stray = f.Name
		}
	})
	if stray == "" {
		return nil
	}
	return usageError("%s does not apply to --%s, which compares two reports", dashed(stray), names[0])
}

// readTopcoderReport reads the games of a report of eval --topcoder --json.
func readTopcoderReport(name string) ([]topcoderGame, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, usageError("--compare: %v", err)
	}
	var rep topcoderReport
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		return nil, usageError("--compare: %s: not a report of eval --topcoder --json: %v", name, err)
	}
	if len(rep.Games) == 0 {
		return nil, usageError("--compare: %s: no games", name)
	}
	for i, g := range rep.Games {
		if g.Positions < 1 || g.Colors < 1 || g.Guesses < 1 && !g.failed() {
			return nil, usageError("--compare: %s: game %d: positions, colors and guesses must be at least 1", name, i+1)
		}
	}
	return rep.Games, nil
}

// compareTopcoder compares two reports of eval --topcoder --json, OLD and
// NEW, game by game: they must hold the same games, in order.
func compareTopcoder(files string, asJSON bool, stdout io.Writer) error {
	oldName, newName, ok := strings.Cut(files, ",")
	if !ok || oldName == "" || newName == "" || strings.Contains(newName, ",") {
		return usageError("--compare takes two reports of eval --topcoder --json, OLD.json,NEW.json, not %q", files)
	}
	old, err := readTopcoderReport(oldName)
	if err != nil {
		return err
	}
	new, err := readTopcoderReport(newName)
	if err != nil {
		return err
	}
	if len(old) != len(new) {
		return usageError("--compare: %s has %s, %s %d: compare reports of the same games", oldName, words.Count(len(old), "game"), newName, len(new))
	}
	c := topcoderComparison{Games: len(old), Differ: []topcoderDiff{}}
	var sum, sumSq float64
	for i := range old {
		o, n := old[i], new[i]
		if o.Positions != n.Positions || o.Colors != n.Colors || o.Secret != n.Secret {
			return usageError("--compare: game %d differs: l=%d k=%d secret %s in %s, l=%d k=%d secret %s in %s: compare reports of the same games (--games, --seed)",
				i+1, o.Positions, o.Colors, o.Secret, oldName, n.Positions, n.Colors, n.Secret, newName)
		}
		d := n.Score - o.Score
		sum += d
		sumSq += d * d
		c.OldMean += o.Score
		c.NewMean += n.Score
		switch og, ng := o.solvedIn(), n.solvedIn(); {
		case ng < og:
			c.Better++
		case ng > og:
			c.Worse++
		}
		if o.solvedIn() != n.solvedIn() {
			c.Differ = append(c.Differ, topcoderDiff{i + 1, o.Positions, o.Colors, o.Guesses, n.Guesses, o.Score, n.Score, o.Error, n.Error})
		}
		if o.failed() {
			c.OldFailed++
		}
		if n.failed() {
			c.NewFailed++
		}
		c.OldMaxCPU, c.NewMaxCPU = max(c.OldMaxCPU, o.CPU), max(c.NewMaxCPU, n.CPU)
		c.OldMaxRSS, c.NewMaxRSS = max(c.OldMaxRSS, o.PeakRSS), max(c.NewMaxRSS, n.PeakRSS)
	}
	k := float64(len(old))
	mean := sum / k
	if len(old) > 1 {
		c.StdErr = round3(math.Sqrt(max(0, sumSq-k*mean*mean) / (k - 1) / k))
	}
	c.OldMean, c.NewMean, c.MeanDiff = round3(c.OldMean/k), round3(c.NewMean/k), round3(mean)
	c.SignTestP = math.Round(signTest(c.Better, c.Worse)*1e4) / 1e4
	if asJSON {
		return json.NewEncoder(stdout).Encode(c)
	}
	for _, d := range c.Differ {
		guesses := fmt.Sprintf("%d -> %d (%+d)", d.Old, d.New, d.New-d.Old)
		if d.OldError != "" || d.NewError != "" {
			guesses = guessesOrFailed(d.Old, d.OldError) + " -> " + guessesOrFailed(d.New, d.NewError)
		}
		fmt.Fprintf(stdout, "game %d: l=%d k=%d guesses %s score %.3f -> %.3f (%+.3f)\n",
			d.Game, d.Positions, d.Colors, guesses, d.OldScore, d.NewScore, d.NewScore-d.OldScore)
	}
	if c.OldFailed > 0 || c.NewFailed > 0 {
		fmt.Fprintf(stdout, "failed games (scored 0) %d -> %d\n", c.OldFailed, c.NewFailed)
	}
	fmt.Fprintf(stdout, "games %d, mean score %.3f -> %.3f (%+.3f, standard error %.3f)\n", c.Games, c.OldMean, c.NewMean, c.MeanDiff, c.StdErr)
	fmt.Fprintf(stdout, "fewer guesses in %d, more in %d, as many in %d; sign test p = %.4f (two-sided)\n",
		c.Better, c.Worse, c.Games-c.Better-c.Worse, c.SignTestP)
	_, err = fmt.Fprintf(stdout, "most cpu %.3f -> %.3f s, largest peak %.1f -> %.1f MB\n",
		c.OldMaxCPU, c.NewMaxCPU, float64(c.OldMaxRSS)/(1<<20), float64(c.NewMaxRSS)/(1<<20))
	return err
}

// solvedIn returns the guesses the game took, or math.MaxInt when it
// failed: a failed game counts as more guesses than any game solved.
func (g topcoderGame) solvedIn() int {
	if g.failed() {
		return math.MaxInt
	}
	return g.Guesses
}

// guessesOrFailed returns the guesses of a game, or "failed".
func guessesOrFailed(guesses int, reason string) string {
	if reason != "" {
		return "failed"
	}
	return strconv.Itoa(guesses)
}

// signTest returns the two-sided p-value of the sign test: the chance that
// a fair coin tossed better+worse times shows a split at least as uneven.
func signTest(better, worse int) float64 {
	n := better + worse
	if n == 0 {
		return 1
	}
	k := min(better, worse)
	// P(X <= k) for X ~ Binomial(n, 1/2), summed in logs.
	lgN, _ := math.Lgamma(float64(n + 1))
	p := 0.0
	for i := 0; i <= k; i++ {
		a, _ := math.Lgamma(float64(i + 1))
		b, _ := math.Lgamma(float64(n - i + 1))
		p += math.Exp(lgN - a - b - float64(n)*math.Ln2)
	}
	return min(1, 2*p)
}
