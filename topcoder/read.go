package topcoder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
)

// Bounds of the figures of a report read: beyond them a report is not one
// of eval --topcoder (or has been tampered with), and its figures would
// print as nonsense.
const (
	MaxGames   = 100_000 // games in a report (at a few seconds a game, more would take years)
	maxGuesses = 1_000_000
	maxCPU     = 1e6     // seconds
	maxRSS     = 1 << 50 // bytes
)

// ReadReportFile reads the report of eval --topcoder --json in the file
// name (see [ReadReport]); an error in the report is prefixed by the name.
func ReadReportFile(name string) (*Report, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rep, err := ReadReport(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rep, nil
}

// ReadReport reads a report of eval --topcoder --json and checks it: every
// game a game of Mastermind with its secret, its figures within reason (a
// score at most l·log2(k)). An error says what is wrong, and where, in the
// words of the report.
func ReadReport(r io.Reader) (*Report, error) {
	var rep struct {
		Report
		Games []json.RawMessage `json:"games"`
	}
	if err := decode(r, &rep); err != nil {
		return nil, err
	}
	switch {
	case len(rep.Games) == 0:
		return nil, errors.New("no games")
	case len(rep.Games) > MaxGames:
		return nil, fmt.Errorf("%d games, more than the %d a report may hold", len(rep.Games), MaxGames)
	}
	rep.Report.Games = make([]Game, len(rep.Games))
	for i, raw := range rep.Games {
		g := &rep.Report.Games[i]
		if err := decode(bytes.NewReader(raw), g); err != nil {
			return nil, fmt.Errorf("game %d: %w", i+1, err)
		}
		if err := g.check(); err != nil {
			return nil, fmt.Errorf("game %d: %w", i+1, err)
		}
	}
	return &rep.Report, nil
}

// decode decodes one JSON value of r into v, its unknown keys refused, and
// says what is wrong in the words of the report, not Go's.
func decode(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &syntax):
		return fmt.Errorf("not a report of eval --topcoder --json: not JSON at byte %d: %v", syntax.Offset, syntax)
	case errors.As(err, &typ) && typ.Field == "":
		return fmt.Errorf("not a report of eval --topcoder --json: want a JSON object, not %s", kind(typ.Value))
	case errors.As(err, &typ):
		// Field is the key's path, from the embedded Report at the top.
		return fmt.Errorf("%q is %s, want %s", strings.TrimPrefix(typ.Field, "Report."), kind(typ.Value), want(typ.Type))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("not a report of eval --topcoder --json: the JSON ends too soon")
	}
	if key, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		key, _ = strconv.Unquote(key)
		return fmt.Errorf("not a report of eval --topcoder --json: unknown key %s", quoted(key))
	}
	if msg, ok := strings.CutPrefix(err.Error(), "json: "); ok {
		return fmt.Errorf("not a report of eval --topcoder --json: %s", quoted(msg))
	}
	return err // reading failed
}

// kind says what a JSON value is, from a json.UnmarshalTypeError's Value
// ("array", "string", "number 1e400").
func kind(value string) string {
	if n, ok := strings.CutPrefix(value, "number "); ok {
		return "the number " + quoted(n)
	}
	switch value {
	case "array", "object":
		return "an " + value
	}
	return "a " + value
}

// want says what a JSON value decoded into t must be.
func want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return fmt.Sprintf("a whole number (at most %d)", int64(math.MaxInt64))
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		return "an array"
	case reflect.Bool:
		return "true or false"
	}
	return "an object"
}

// check checks a game read from a report.
func (g *Game) check() error {
	game := mastermind.Game{Positions: g.Positions, Colors: g.Colors}
	if g.Positions < 1 || g.Colors < 1 || g.Guesses < 1 && !g.Failed() {
		return errors.New("positions, colors and guesses must be at least 1")
	}
	if err := game.Validate(); err != nil {
		return err
	}
	if code, err := game.ParseCode(g.Secret); err != nil || len(code) != g.Positions {
		return fmt.Errorf("secret %s is not a code of %d positions and %d colours", quoted(g.Secret), g.Positions, g.Colors)
	}
	best := Score(game, 1) + 0.0005 // the score of one guess, rounded
	switch {
	case g.Guesses < 0 || g.Guesses > maxGuesses:
		return fmt.Errorf("guesses %d, want 0 to %d", g.Guesses, maxGuesses)
	case g.Score < 0 || g.Score > best:
		return fmt.Errorf("score %.4g, want 0 to %.3f (l·log2 k, one guess)", g.Score, best)
	case g.CPU < 0 || g.CPU > maxCPU:
		return fmt.Errorf("cpu_seconds %.4g, want 0 to %g", g.CPU, maxCPU)
	case g.PeakRSS < 0 || g.PeakRSS > maxRSS:
		return fmt.Errorf("peak_rss_bytes %d, want 0 to %d", g.PeakRSS, int64(maxRSS))
	}
	return nil
}

// quoted returns s quoted for a message: a report is input, and may hold
// terminal escapes or values of any length.
func quoted(s string) string { return `"` + quote.Cut(s, quote.Max) + `"` }
