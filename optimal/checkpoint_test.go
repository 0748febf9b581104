package optimal

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

// UseCheckpoint saves to a file that does not exist yet, and refuses a
// file that is not a checkpoint, leaving it as it is.
func TestUseCheckpoint(t *testing.T) {
	space, err := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var opt Options
	if err := opt.UseCheckpoint(filepath.Join(dir, "new"), space, time.Second); err != nil {
		t.Fatalf("UseCheckpoint(a new file): %v", err)
	}
	if opt.Save == nil || opt.Resume != nil || opt.SaveEvery != time.Second {
		t.Errorf("UseCheckpoint(a new file): Save %v, Resume %v, SaveEvery %v; want a Save, no Resume, 1s", opt.Save != nil, opt.Resume, opt.SaveEvery)
	}
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("not a checkpoint"), 0o644); err != nil {
		t.Fatal(err)
	}
	opt = Options{}
	err = opt.UseCheckpoint(bad, space, time.Second)
	var ce *CheckpointError
	if !errors.As(err, &ce) || opt.Save != nil {
		t.Errorf("UseCheckpoint(not a checkpoint) = %v, Save set %v; want a *CheckpointError and no Save", err, opt.Save != nil)
	}
	if b, _ := os.ReadFile(bad); string(b) != "not a checkpoint" {
		t.Errorf("UseCheckpoint changed the file that is not a checkpoint: %q", b)
	}
}
