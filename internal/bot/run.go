package bot

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Run is the TestMain of a package whose tests start the bot: it runs
// Main when the test binary was started as "bot" (by Command), and the
// tests otherwise.
func Run(m *testing.M) {
	if filepath.Base(os.Args[0]) == "bot" {
		os.Exit(Main())
	}
	os.Exit(m.Run())
}

// Command returns the command "bot args...": the running test binary,
// started under the name bot, so that Run runs Main in it.
func Command(args ...string) (*exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, args...)
	cmd.Args[0] = "bot"
	return cmd, nil
}
