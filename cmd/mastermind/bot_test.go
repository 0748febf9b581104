package main

import (
	"bufio"
	"fmt"
	"os"
	"time"
)

// bot is a code-breaking program that breaks the break protocol in a way
// its first argument names, for the judge's tests (testdata/judge.txtar):
// testscript runs this test binary as the command "bot".
func bot() int {
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
	case "fails": // status 3 after the code is found
		say("0 0 0 0")
		return 3
	default:
		fmt.Fprintf(os.Stderr, "bot: unknown behaviour %q\n", os.Args[1])
		return 2
	}
	return 0
}
