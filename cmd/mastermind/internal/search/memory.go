package search

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode"
)

// LargestFinished is the most codes of a game whose exact search has been
// seen to finish on the project's 2-core machine: 4 positions of 10
// colours, 10,000 codes, in 18 minutes and 8.5 GB (5x6, 7776 codes, in 6
// minutes); see docs/optima.md. Beyond it a search is for hours or more,
// within Options.Memory, with --checkpoint and --shard.
const LargestFinished = 10000

// Memory is an amount of memory in bytes, as a flag: a number with an
// optional unit, "B", "KB", "MB", "GB", "TB" (powers of 1000) or "KiB",
// "MiB", "GiB", "TiB" (powers of 1024), as in 1GB or 1.5GiB.
type Memory int64

// Set parses s into m.
func (m *Memory) Set(s string) error {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return unicode.IsLetter(r) })
	num, unit := t, ""
	if i >= 0 {
		num, unit = strings.TrimSpace(t[:i]), t[i:]
	}
	units := map[string]float64{"": 1, "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
		"KIB": 1 << 10, "MIB": 1 << 20, "GIB": 1 << 30, "TIB": 1 << 40}
	mult, ok := units[strings.ToUpper(unit)]
	v, err := strconv.ParseFloat(num, 64)
	switch {
	case !ok || err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		return errors.New("want a size such as 1GB or 512MiB")
	case v*mult < 64<<20 || v*mult > 1<<50:
		return errors.New("want a size between 64MiB and 1PiB")
	}
	*m = Memory(v * mult)
	return nil
}

// String formats m in MB, or GB from 10 GB.
func (m *Memory) String() string {
	if *m >= 10e9 {
		return strconv.FormatFloat(float64(*m)/1e9, 'f', -1, 64) + "GB"
	}
	return strconv.FormatFloat(math.Round(float64(*m)/1e6), 'f', -1, 64) + "MB"
}

// DefaultMemory is a search's memory budget when none is given: half the
// machine's memory (from /proc/meminfo), or 4 GB where that is unknown.
func DefaultMemory() Memory {
	total, err := machineMemory()
	if err != nil {
		return 4e9
	}
	return Memory(total / 2)
}

// machineMemory reads the machine's memory from /proc/meminfo.
func machineMemory() (int64, error) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var kb int64
		if _, err := fmt.Sscanf(sc.Text(), "MemTotal: %d kB", &kb); err == nil && kb > 0 {
			return kb << 10, nil
		}
	}
	return 0, errors.New("no MemTotal in /proc/meminfo")
}
