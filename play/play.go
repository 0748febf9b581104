// Package play holds games with a person: a [Session] is one game and its
// rules, in either [Role], drawn by a front end that reads the person's
// moves. Here the line dialogue, at a terminal or on piped input: [Guess]
// has the computer guess the person's code, [Referee] the person guess the
// computer's, both set up by a [Config]; package board draws the same
// sessions on a terminal. Mistyped lines are explained and asked again;
// they never end or corrupt a game.
package play

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/xo/terminfo"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play/stats"
)

// A Config is what a game with a person needs.
type Config struct {
	Breaker mastermind.Breaker // the computer's guesses, and hints
	Color   bool               // show codes as coloured pegs (ANSI)
	Echo    bool               // repeat each input line, for input that is not typed (cut, control characters escaped)
	In      io.Reader
	Out     io.Writer
	// Daily is the daily code the person guesses (Referee), played by the
	// daily's rules: ten guesses, no hint, the page's share text at the
	// end; nil for another game. It is counted, and kept while in
	// progress, in Stats, the statistics of StatsDir (nil: not kept).
	Daily    *Daily
	Stats    *stats.Stats
	StatsDir string
}

// session holds the input and output of a game.
type session struct {
	Config
	game  mastermind.Game
	lines *bufio.Reader
	out   *bufio.Writer
	err   error // why ask stopped: the input ended, or output failed
}

func newSession(cfg Config) *session {
	return &session{Config: cfg, game: cfg.Breaker.Game(), lines: bufio.NewReaderSize(cfg.In, 4096), out: bufio.NewWriter(cfg.Out)}
}

func (s *session) printf(format string, args ...any) {
	fmt.Fprintf(s.out, format, args...)
}

// maxLine bounds an input line; a longer one is refused, and the game
// goes on.
const maxLine = 1 << 20

// maxEcho bounds the echo of an input line (Config.Echo): the longest
// line a game needs, a code of 100 positions of colours 0-19, and more.
const maxEcho = 400

// ErrEnded reports input that ends before the game is over: for the
// line dialogue and the board alike, status 2 (an InputError).
var ErrEnded = &mastermind.InputError{Where: "input", Err: errors.New("it ended before the game was over")}

// ask prints the prompt and returns the next line, or false when the game
// cannot go on: the input ended (ErrEnded) or the output cannot be written
// (that error), as end says. A line longer than maxLine is refused and
// asked again.
func (s *session) ask(prompt string) (string, bool) {
	for {
		s.printf("%s", prompt)
		if err := s.out.Flush(); err != nil {
			s.err = err
			return "", false
		}
		line, unterminated, err := s.readLine()
		switch {
		case errors.Is(err, errTooLong):
			s.printf("\nThat line is longer than %d bytes; I read none of it. Type it again.\n", maxLine)
			continue
		case err != nil:
			s.printf("\n")
			s.err = ErrEnded
			if err != io.EOF {
				s.err = err
			}
			if ferr := s.out.Flush(); ferr != nil {
				s.err = ferr
			}
			return "", false
		}
		switch {
		case s.Echo:
			s.printf("%s\n", quote.Cut(line, maxEcho))
		case unterminated:
			// Typed and ended by Ctrl-D, not Enter: the reply goes on
			// a line of its own.
			s.printf("\n")
		}
		return strings.TrimSpace(line), true
	}
}

// end returns what ended the game: nil, or why ask stopped, or an error of
// the output.
func (s *session) end() error {
	if err := s.out.Flush(); err != nil && s.err == nil {
		s.err = err
	}
	return s.err
}

var errTooLong = errors.New("line too long")

// readLine reads a line without its ending, and says whether it had none
// (the input ended after it); a line longer than maxLine is read to its end
// and dropped (errTooLong); io.EOF when the input ends before a line.
func (s *session) readLine() (string, bool, error) {
	var line []byte
	long := false
	for {
		chunk, err := s.lines.ReadSlice('\n')
		if !long && len(line)+len(chunk) > maxLine+2 { // room for "\r\n"
			long, line = true, nil
		}
		if !long {
			line = append(line, chunk...)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == nil || err == io.EOF && (len(line) > 0 || long):
			if long {
				return "", false, errTooLong
			}
			return strings.TrimRight(string(line), "\r\n"), err != nil, nil
		}
		return "", false, err
	}
}

// Describe says what codes the game has, for example "4 positions, colours 0-5,
// repeats allowed".
func Describe(g mastermind.Game) string {
	last := mastermind.Code{uint8(g.Colors - 1)}.Compact(g.Colors)
	rep := "repeats allowed"
	if g.Distinct {
		rep = "no colour twice"
	}
	first := mastermind.Code{0}.Compact(g.Colors)
	return fmt.Sprintf("%s, colours %s-%s, %s", words.Count(g.Positions, "position"), first, last, rep)
}

// show formats a code for people: digits or letters, as coloured pegs when
// the session has colour (of the 256-colour palette, the nearest to the
// page's).
func (s *session) show(c mastermind.Code) string {
	text := c.Compact(s.game.Colors)
	if !s.Color || len(text) != len(c) {
		return text
	}
	var b strings.Builder
	for i, x := range c {
		p, ring := PegOf(int(x))
		st := ansi.NewStyle().Bold().
			ForegroundColor(colorprofile.ANSI256.Convert(p.TextColor())).
			BackgroundColor(colorprofile.ANSI256.Convert(p.BackColor()))
		if ring {
			st = st.Underline(true)
		}
		b.WriteString(st.Styled(" " + text[i:i+1] + " "))
	}
	return b.String() + " " + text
}

// WantColor decides whether to draw coloured pegs, as --color says: when
// is "always", "never" or "auto" (on a terminal, unless the environment
// asks for none: NO_COLOR set, TERM=dumb, or a TERM whose terminfo entry
// has no colours, as xterm-mono). It returns false for another word.
func WantColor(when string, terminal bool) (color, ok bool) {
	switch when {
	case "always":
		return true, true
	case "never":
		return false, true
	case "auto":
		term := os.Getenv("TERM")
		return terminal && os.Getenv("NO_COLOR") == "" && term != "dumb" && !monochrome(term), true
	}
	return false, false
}

// monochrome reports whether the terminal named term draws no colour, as
// its terminfo entry says (xterm-mono, vt100: fewer than 8 colours); a
// terminal without an entry here is taken to have colours.
func monochrome(term string) bool {
	ti, err := terminfo.Load(term)
	if err != nil {
		return false
	}
	n, ok := ti.Nums[terminfo.MaxColors]
	return !ok || n < 8
}
