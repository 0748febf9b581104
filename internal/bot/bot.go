// Package bot is a code-breaking program that misbehaves on purpose, in the
// way its first argument names, for the tests of package judge and of the
// command (its testdata scripts): a test binary runs [Main] when it is
// started as "bot". Besides breaking the break protocol, it can play
// (first), burn CPU, and check on processes and files for a script. [Run]
// is the TestMain of such tests, [Command] starts the bot.
//
// Kind: a test helper, imported by tests only (internal/README.md).
package bot

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// Main runs the behaviour os.Args[1] with the arguments after it and
// returns the exit status.
func Main() int {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: bot BEHAVIOUR")
		return 2
	}
	in := bufio.NewScanner(os.Stdin)
	say := func(line string) bool {
		fmt.Println(line)
		return in.Scan()
	}
	switch os.Args[1] {
	case "first": // plays -p os.Args[2] -c os.Args[3]: the first code consistent with the answers, in lexicographic order
		return first(os.Args[2:], in)
	case "once": // as first (-p os.Args[3] -c os.Args[4]) if file os.Args[2] is missing, making it; otherwise not a guess
		if f, err := os.OpenFile(os.Args[2], os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
			f.Close()
			return first(os.Args[3:], in)
		}
		say("hello")
	case "garbage": // not a guess
		say("hello")
	case "range": // a colour out of range
		say("0 1 2 9")
	case "spaces": // two spaces
		say("0  1 2")
	case "repeat": // a repeated colour in a distinct game
		say("0 0 1 2")
	case "slow": // no guess at all
		time.Sleep(5 * time.Second)
	case "quits": // one guess, then nothing
		say("0 0 0 0")
	case "forever": // the same guess for ever, reading the answers
		for say("0 0 0 0") {
		}
	case "chatty": // a line after the code is found
		say("0 0 0 0")
		fmt.Println("bye")
	case "crash": // a panic before any guess
		panic("bot crashed")
	case "fails": // status 3 after the code is found
		say("0 0 0 0")
		return 3
	case "noeol": // a guess without an end of line, then nothing for a minute (the judge's time limit ends it)
		fmt.Print("0 0 1 1")
		time.Sleep(time.Minute)
	case "deaf": // closes its input, writes 0 0 0 0 and exits without an answer
		os.Stdin.Close()
		fmt.Println("0 0 0 0")
	case "flood": // guesses for ever without reading the answers
		for {
			if _, err := fmt.Println("0 0 0 0"); err != nil {
				return 1
			}
		}
	case "longline": // two guesses, then a line of 2 MiB
		say("0 0 0 0")
		say("1 1 1 1")
		fmt.Println(strings.Repeat("0", 2<<20))
		in.Scan()
	case "noisy": // a million lines on stderr, then not a guess
		w := bufio.NewWriter(os.Stderr)
		for i := 1; i <= 1_000_000; i++ {
			fmt.Fprintf(w, "noise %d\n", i)
		}
		w.Flush()
		say("hello")
	case "escape", "escape-win", "escape-quit": // a child in a session of its own that would outlive the bot; then no guess, the code 0 0 0 0, or one guess and exit
		if err := escape(); err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			return 2
		}
		if os.Args[1] != "escape" {
			say("0 0 0 0")
			return 0
		}
		time.Sleep(60 * time.Second)
	case "devfull", "closedpipe": // run os.Args[2:] with its output to /dev/full or to a pipe nobody reads; its status
		return runWithBadOutput(os.Args[1], os.Args[2:])
	case "longinput": // a line of os.Args[2] bytes, then the lines os.Args[3:]
		n, _ := strconv.Atoi(os.Args[2])
		w := bufio.NewWriter(os.Stdout)
		w.WriteString(strings.Repeat("1", n) + "\n")
		for _, l := range os.Args[3:] {
			w.WriteString(l + "\n")
		}
		w.Flush()
	case "spin": // burn CPU for ever, without a guess
		for {
			SpinCPU(time.Hour)
		}
	case "spin-win", "spin-guess": // the guess 0 0 0 0, then, the answer read, burn os.Args[2] of CPU and exit 0; or burn first, then guess and exit
		d, err := time.ParseDuration(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			return 2
		}
		if os.Args[1] == "spin-guess" {
			SpinCPU(d)
		}
		say("0 0 0 0")
		if os.Args[1] == "spin-win" {
			SpinCPU(d)
		}
	case "linger": // the guess 0 0 0 0, then, once answered, sleep for the duration os.Args[2] and exit 0
		d, err := time.ParseDuration(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			return 2
		}
		say("0 0 0 0")
		time.Sleep(d)
	case "sleep": // sleep for a minute
		time.Sleep(60 * time.Second)
	case "pause": // sleep for the duration os.Args[2]
		d, err := time.ParseDuration(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			return 2
		}
		time.Sleep(d)
	case "hup": // send SIGHUP to the process whose id is in file os.Args[2]
		pid, err := readPid(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			return 2
		}
		if err := hangUp(pid); err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			return 2
		}
	case "waitfor": // wait up to 10 s for the files os.Args[2:]
		for _, name := range os.Args[2:] {
			for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
				if b, err := os.ReadFile(name); err == nil && len(b) > 0 {
					break
				}
				if time.Since(start) > 10*time.Second {
					fmt.Fprintf(os.Stderr, "bot: no file %s after 10 s\n", name)
					return 1
				}
			}
		}
	case "alive": // status 0 if a process of the pid files os.Args[2:] is alive after 3 s, 1 if none
		for start := time.Now(); time.Since(start) < 3*time.Second; time.Sleep(20 * time.Millisecond) {
			alive := ""
			for _, name := range os.Args[2:] {
				if pid, err := readPid(name); err == nil && running(pid) {
					alive = name
				}
			}
			if alive == "" {
				return 1
			}
			if time.Since(start) > 2*time.Second {
				fmt.Printf("the process of %s is alive\n", alive)
				return 0
			}
		}
		return 0
	default:
		fmt.Fprintf(os.Stderr, "bot: unknown behaviour %q\n", os.Args[1])
		return 2
	}
	return 0
}

func readPid(name string) (int, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(b)))
}

// first plays the game of positions args[0] and colours args[1] by
// guessing the first code, in lexicographic order, consistent with every
// answer so far, reading the answers from in.
func first(args []string, in *bufio.Scanner) int {
	if len(args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: bot first POSITIONS COLORS")
		return 2
	}
	n, err1 := strconv.Atoi(args[0])
	k, err2 := strconv.Atoi(args[1])
	if err1 != nil || err2 != nil || n < 1 || k < 1 || k > 256 {
		fmt.Fprintf(os.Stderr, "bot first: bad game %v\n", args)
		return 2
	}
	type answer struct {
		guess []uint8
		black int
		white int
	}
	var answers []answer
	code := make([]uint8, n)
	for {
		fmt.Println(spaced(code))
		if !in.Scan() {
			return 1
		}
		var a answer
		if _, err := fmt.Sscan(in.Text(), &a.black, &a.white); err != nil {
			fmt.Fprintf(os.Stderr, "bot first: answer %q: %v\n", in.Text(), err)
			return 2
		}
		if a.black == n {
			return 0
		}
		a.guess = append([]uint8(nil), code...)
		answers = append(answers, a)
		for {
			if !next(code, k) {
				fmt.Fprintln(os.Stderr, "bot first: no code fits the answers")
				return 3
			}
			fits := true
			for _, a := range answers {
				if b, w := testkit.Score(code, a.guess); b != a.black || w != a.white {
					fits = false
					break
				}
			}
			if fits {
				break
			}
		}
	}
}

// next turns code into the next code in lexicographic order, false after
// the last.
func next(code []uint8, colors int) bool {
	for i := len(code) - 1; i >= 0; i-- {
		if int(code[i]) < colors-1 {
			code[i]++
			return true
		}
		code[i] = 0
	}
	return false
}

// spaced writes code as the break protocol does: colour numbers separated
// by spaces.
func spaced(code []uint8) string {
	s := make([]string, len(code))
	for i, c := range code {
		s[i] = strconv.Itoa(int(c))
	}
	return strings.Join(s, " ")
}
