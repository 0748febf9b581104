package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// mountEnv names, for the test binary started in a mount namespace of its
// own, the folder where TestMountPoint prepared its folders.
const mountEnv = "MASTERMIND_SITE_MOUNT_TEST"

// The folder may be a mount point (a container's volume), which cannot be
// renamed (EBUSY): the build writes into it, and keeps what it holds. A
// read-only mount is refused before the build, saying why. The mount is a
// real bind mount, made by the test binary run again in a user and mount
// namespace of its own (no root needed where the kernel allows
// unprivileged user namespaces); where it cannot be made the test skips,
// except under CI=1, where it fails.
func TestMountPoint(t *testing.T) {
	if root := os.Getenv(mountEnv); root != "" {
		inNamespace(t, root)
		return
	}
	root := t.TempDir()
	volume, mnt := filepath.Join(root, "volume"), filepath.Join(root, "site")
	old := fakeSite(t, map[string]string{"index.html": "old page", "old.js": "gone later"})
	if _, err := install(volume, old); err != nil {
		t.Fatal(err)
	}
	theirs := publish(t, volume)
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMountPoint$", "-test.v")
	cmd.Env = append(os.Environ(), mountEnv+"="+root)
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
	}
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) || strings.Contains(string(out), "cannot mount:") {
		msg := fmt.Sprintf("a mount namespace for the test cannot be made here: %v %s", err, out)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if err != nil {
		t.Fatalf("in the mount namespace: %v\n%s", err, out)
	}
	t.Logf("in the mount namespace:\n%s", out)
	got := tree(t, volume)
	for name, data := range theirs {
		if got[name] != data {
			t.Errorf("%s after a build into the mount point: %q, want %q", name, got[name], data)
		}
	}
	if got["index.html"] != "new page" || got["old.js"] != "" {
		t.Errorf("the volume after a build into the mount point: %q, want the new site", got)
	}
}

// inNamespace is TestMountPoint's part in a mount namespace of its own.
func inNamespace(t *testing.T, root string) {
	volume, mnt := filepath.Join(root, "volume"), filepath.Join(root, "site")
	if err := syscall.Mount(volume, mnt, "", syscall.MS_BIND, ""); err != nil {
		t.Fatalf("cannot mount: %v", err)
	}
	if err := os.Rename(mnt, filepath.Join(root, "elsewhere")); !errors.Is(err, syscall.EBUSY) {
		t.Fatalf("renaming the mount point: %v, want EBUSY (the test does not make a mount point)", err)
	}
	new := fakeSite(t, map[string]string{"index.html": "new page"})
	kept, err := install(mnt, new)
	if err != nil {
		t.Fatalf("a build into a mount point: %v", err)
	}
	if got, want := fmt.Sprint(kept), "[.git .nojekyll CNAME]"; got != want {
		t.Errorf("kept %s, want %s", got, want)
	}
	if err := syscall.Mount("", mnt, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY, ""); err != nil {
		t.Fatalf("cannot mount: read-only: %v", err)
	}
	err = writable("site", mnt)
	var usage *usageError
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), "site cannot be written (read-only file system, in ") {
		t.Errorf("a read-only mount point: %v, want it refused before the build, saying it is read-only", err)
	}
}
