package topcoder

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
)

// A Diff is one game's difference between two reports.
type Diff struct {
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

// A Comparison compares two reports of the same games, game by game.
type Comparison struct {
	Games     int     `json:"games"`
	Differ    []Diff  `json:"differ"` // the games whose guesses differ
	OldMean   float64 `json:"old_mean_score"`
	NewMean   float64 `json:"new_mean_score"`
	MeanDiff  float64 `json:"mean_difference"`
	StdErr    float64 `json:"standard_error"`
	Better    int     `json:"better"` // games the new report needs fewer guesses in
	Worse     int     `json:"worse"`
	SignTestP float64 `json:"sign_test_p"` // two-sided
	OldMaxCPU float64 `json:"old_max_cpu_seconds"`
	NewMaxCPU float64 `json:"new_max_cpu_seconds"`
	OldMaxRSS int64   `json:"old_max_peak_rss_bytes"`
	NewMaxRSS int64   `json:"new_max_peak_rss_bytes"`
	OldFailed int     `json:"old_failed"` // games that failed, scored 0
	NewFailed int     `json:"new_failed"`
}

// Compare compares the reports old and new (named oldName and newName in
// messages), which must hold the same games in the same order: the games
// whose guesses differ, the mean scores and their difference with its
// standard error, and the sign test of the games that take fewer and more
// guesses (a failed game counts as more guesses than any solved).
func Compare(old, new *Report, oldName, newName string) (*Comparison, error) {
	if len(old.Games) != len(new.Games) {
		return nil, mastermind.Invalid("", "%s has %s, %s %d: compare reports of the same games", oldName, words.Count(len(old.Games), "game"), newName, len(new.Games))
	}
	c := &Comparison{Games: len(old.Games), Differ: []Diff{}}
	var sum, sumSq float64
	for i := range old.Games {
		o, n := old.Games[i], new.Games[i]
		if o.Positions != n.Positions || o.Colors != n.Colors || o.Secret != n.Secret {
			return nil, mastermind.Invalid("", "game %d differs: l=%d k=%d secret %s in %s, l=%d k=%d secret %s in %s: compare reports of the same games (--games, --seed)",
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
			c.Differ = append(c.Differ, Diff{i + 1, o.Positions, o.Colors, o.Guesses, n.Guesses, o.Score, n.Score, o.Error, n.Error})
		}
		if o.Failed() {
			c.OldFailed++
		}
		if n.Failed() {
			c.NewFailed++
		}
		c.OldMaxCPU, c.NewMaxCPU = max(c.OldMaxCPU, o.CPU), max(c.NewMaxCPU, n.CPU)
		c.OldMaxRSS, c.NewMaxRSS = max(c.OldMaxRSS, o.PeakRSS), max(c.NewMaxRSS, n.PeakRSS)
	}
	k := float64(c.Games)
	mean := sum / k
	if c.Games > 1 {
		c.StdErr = round3(math.Sqrt(max(0, sumSq-k*mean*mean) / (k - 1) / k))
	}
	c.OldMean, c.NewMean, c.MeanDiff = round3(c.OldMean/k), round3(c.NewMean/k), round3(mean)
	c.SignTestP = math.Round(signTest(c.Better, c.Worse)*1e4) / 1e4
	return c, nil
}

// solvedIn returns the guesses the game took, or math.MaxInt when it
// failed: a failed game counts as more guesses than any game solved.
func (g Game) solvedIn() int {
	if g.Failed() {
		return math.MaxInt
	}
	return g.Guesses
}

// WriteText writes the comparison as text: a line per game that differs,
// then the figures.
func (c *Comparison) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, d := range c.Differ {
		guesses := fmt.Sprintf("%d -> %d (%+d)", d.Old, d.New, d.New-d.Old)
		if d.OldError != "" || d.NewError != "" {
			guesses = guessesOrFailed(d.Old, d.OldError) + " -> " + guessesOrFailed(d.New, d.NewError)
		}
		fmt.Fprintf(&b, "game %d: l=%d k=%d guesses %s score %.3f -> %.3f (%+.3f)\n",
			d.Game, d.Positions, d.Colors, guesses, d.OldScore, d.NewScore, d.NewScore-d.OldScore)
	}
	if c.OldFailed > 0 || c.NewFailed > 0 {
		fmt.Fprintf(&b, "failed games (scored 0) %d -> %d\n", c.OldFailed, c.NewFailed)
	}
	fmt.Fprintf(&b, "games %d, mean score %.3f -> %.3f (%+.3f, standard error %.3f)\n", c.Games, c.OldMean, c.NewMean, c.MeanDiff, c.StdErr)
	fmt.Fprintf(&b, "fewer guesses in %d, more in %d, as many in %d; sign test p = %.4f (two-sided)\n",
		c.Better, c.Worse, c.Games-c.Better-c.Worse, c.SignTestP)
	fmt.Fprintf(&b, "most cpu %.3f -> %.3f s, largest peak %.1f -> %.1f MB\n",
		c.OldMaxCPU, c.NewMaxCPU, float64(c.OldMaxRSS)/(1<<20), float64(c.NewMaxRSS)/(1<<20))
	_, err := io.WriteString(w, b.String())
	return err
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

// CompareFiles reads the reports of eval --topcoder --json in the files
// oldName and newName and compares them (see [Compare]). An error names
// the file it is about.
func CompareFiles(oldName, newName string) (*Comparison, error) {
	old, err := ReadReportFile(oldName)
	if err != nil {
		return nil, err
	}
	new, err := ReadReportFile(newName)
	if err != nil {
		return nil, err
	}
	return Compare(old, new, oldName, newName)
}
