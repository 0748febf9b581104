package optima_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal/optima"
	"github.com/mastermind-go/mastermind/tree"
)

// Every file of the folder is embedded, and each is a complete tree of the
// game its name says (and its rule, NAME-RULE, other than black-white),
// within D guesses for NAME-dD.
func TestTrees(t *testing.T) {
	onDisk, err := filepath.Glob("*.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range onDisk {
		onDisk[i] = strings.TrimSuffix(f, ".json.gz")
	}
	slices.Sort(onDisk)
	names := optima.Names()
	if !slices.Equal(names, onDisk) || len(names) < 28 {
		t.Fatalf("Names() = %v, the folder holds %v", names, onDisk)
	}
	super, _ := mastermind.Preset("super")
	for _, name := range names {
		data, err := optima.File(name)
		if disk, _ := os.ReadFile(name + ".json.gz"); err != nil || !bytes.Equal(data, disk) {
			t.Errorf("File(%q): %v, or not the folder's file", name, err)
			continue
		}
		tr, err := tree.ReadAnyJSON(bytes.NewReader(data), mastermind.NewSpace)
		if err != nil {
			t.Errorf("%s.json.gz: %v", name, err)
			continue
		}
		g := tr.Space.Game()
		want := fmt.Sprintf("%dx%d", g.Positions, g.Colors)
		if g.Distinct {
			want = fmt.Sprintf("%dof%d", g.Positions, g.Colors)
		}
		if g == super {
			want = "super"
		}
		if g.Rule != mastermind.BlackWhite {
			want += "-" + g.Rule.String()
		}
		base, depth, limited := strings.Cut(name, "-d")
		var most int
		if limited {
			if _, err := fmt.Sscan(depth, &most); err != nil {
				t.Errorf("%s.json.gz: the depth of its name: %v", name, err)
			}
		}
		if st := tr.Stats(); base != want || limited && st.Max > most {
			t.Errorf("%s.json.gz is a tree of %v (named %s), its most guesses %d", name, g, want, st.Max)
		}
	}
}

// A name that is no tree's is told by fs.ErrNotExist.
func TestNoTree(t *testing.T) {
	for _, name := range []string{"", "chess", "4x6-d9", "../optima/4x7", "4x7.json.gz", "."} {
		if _, err := optima.File(name); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("File(%q) = %v, want fs.ErrNotExist", name, err)
		}
	}
}
