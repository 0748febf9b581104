package deploy

// The web server's image and its Kubernetes Deployment (issue 55):
// k8s-serve.yaml is decoded strictly into Kubernetes' own types and checked
// against the Dockerfile (user, port, command) and the contract
// (docs/protocols.md: the health endpoints, the deadline); with
// MASTERMIND_IMAGE set (deploy/image-test.sh sets it), the image itself is
// run with Docker and checked from outside.

import (
	"archive/tar"
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// image is what deploy/Dockerfile says of the image.
type image struct {
	user             string // USER, as "UID:GID"
	uid, gid         int64
	port             int32 // EXPOSE
	entrypoint, args []string
}

// readDockerfile reads deploy/Dockerfile: an image of the command alone on
// no base image, as a numeric user that is not root.
func readDockerfile(t *testing.T) image {
	t.Helper()
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	inst := map[string][]string{}
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		inst[f[0]] = append(inst[f[0]], strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0])))
	}
	one := func(name string) string {
		if len(inst[name]) != 1 {
			t.Fatalf("Dockerfile: %d %s lines, want 1", len(inst[name]), name)
		}
		return inst[name][0]
	}
	var im image
	if from := one("FROM"); from != "scratch" {
		t.Errorf("Dockerfile: FROM %s, want scratch (nothing to pull)", from)
	}
	if cp := one("COPY"); cp != "mastermind /mastermind" {
		t.Errorf("Dockerfile: COPY %s, want the command alone", cp)
	}
	im.user = one("USER")
	m := regexp.MustCompile(`^([0-9]+):([0-9]+)$`).FindStringSubmatch(im.user)
	if m == nil {
		t.Fatalf("Dockerfile: USER %s, want UID:GID in numbers (the image has no /etc/passwd)", im.user)
	}
	im.uid, _ = strconv.ParseInt(m[1], 10, 64)
	im.gid, _ = strconv.ParseInt(m[2], 10, 64)
	if im.uid == 0 || im.gid == 0 {
		t.Errorf("Dockerfile: USER %s: root", im.user)
	}
	port, err := strconv.ParseInt(one("EXPOSE"), 10, 32)
	if err != nil {
		t.Fatalf("Dockerfile: EXPOSE %s: %v", one("EXPOSE"), err)
	}
	im.port = int32(port)
	if err := json.Unmarshal([]byte(one("ENTRYPOINT")), &im.entrypoint); err != nil || !slices.Equal(im.entrypoint, []string{"/mastermind"}) {
		t.Errorf("Dockerfile: ENTRYPOINT %s (%v), want [\"/mastermind\"]", one("ENTRYPOINT"), err)
	}
	if err := json.Unmarshal([]byte(one("CMD")), &im.args); err != nil {
		t.Fatalf("Dockerfile: CMD %s: %v", one("CMD"), err)
	}
	if p := servePort(t, im.args, "Dockerfile's CMD"); p != im.port {
		t.Errorf("Dockerfile: CMD %q listens on port %d, EXPOSE %d", im.args, p, im.port)
	}
	return im
}

// servePort returns the port of "serve --addr :PORT" in args, and checks
// that it listens on every address (the container's loopback is reached
// by nothing outside).
func servePort(t *testing.T, args []string, where string) int32 {
	t.Helper()
	if len(args) != 3 || args[0] != "serve" || args[1] != "--addr" {
		t.Fatalf("%s: %q, want serve --addr :PORT", where, args)
	}
	host, port, err := net.SplitHostPort(args[2])
	p, perr := strconv.ParseInt(port, 10, 32)
	if err != nil || perr != nil || p <= 0 {
		t.Fatalf("%s: --addr %q is not HOST:PORT", where, args[2])
	}
	if ip := net.ParseIP(host); host != "" && (ip == nil || !ip.IsUnspecified()) {
		t.Errorf("%s: --addr %q listens on %s only, not on every address of the pod", where, args[2], host)
	}
	return int32(p)
}

// contract is what docs/protocols.md says the server answers.
type contract struct {
	alive, ready string        // the paths of GET /healthz-like endpoints
	deadline     time.Duration // every request answers within it
}

func readContract(t *testing.T) contract {
	t.Helper()
	data, err := os.ReadFile("../docs/protocols.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	path := func(status string) string {
		m := regexp.MustCompile(`(?m)^\s+GET\s+(/\S+)\s+-> 200 \{"status":"` + status + `"\}`).FindStringSubmatch(doc)
		if m == nil {
			t.Fatalf("docs/protocols.md names no GET endpoint answering {\"status\":%q}", status)
		}
		return m[1]
	}
	m := regexp.MustCompile(`a request answers within (\d+) s\b`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("docs/protocols.md says no deadline (\"a request answers within N s\")")
	}
	s, _ := strconv.Atoi(m[1])
	return contract{alive: path("ok"), ready: path("ready"), deadline: time.Duration(s) * time.Second}
}

// readServe decodes k8s-serve.yaml strictly: a Deployment, then a Service.
func readServe(t *testing.T, data string) (*appsv1.Deployment, *corev1.Service, error) {
	t.Helper()
	docs := strings.Split(data, "\n---\n")
	if len(docs) != 2 {
		return nil, nil, fmt.Errorf("%d documents, want 2: a Deployment and a Service", len(docs))
	}
	var d appsv1.Deployment
	var s corev1.Service
	if err := decodeStrict(docs[0], &d); err != nil {
		return nil, nil, fmt.Errorf("the Deployment: %v", err)
	}
	if err := decodeStrict(docs[1], &s); err != nil {
		return nil, nil, fmt.Errorf("the Service: %v", err)
	}
	if d.APIVersion != "apps/v1" || d.Kind != "Deployment" || s.APIVersion != "v1" || s.Kind != "Service" {
		return nil, nil, fmt.Errorf("%s %s and %s %s, want an apps/v1 Deployment and a v1 Service", d.APIVersion, d.Kind, s.APIVersion, s.Kind)
	}
	if n := len(d.Spec.Template.Spec.Containers); n != 1 {
		return nil, nil, fmt.Errorf("%d containers, want 1", n)
	}
	return &d, &s, nil
}

func readServeFile(t *testing.T) (*appsv1.Deployment, *corev1.Service) {
	t.Helper()
	data, err := os.ReadFile("k8s-serve.yaml")
	if err != nil {
		t.Fatal(err)
	}
	d, s, err := readServe(t, string(data))
	if err != nil {
		t.Fatalf("k8s-serve.yaml: %v", err)
	}
	return d, s
}

// defaultTag returns deploy/image.sh's default tag.
func defaultTag(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("image.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^tag=\$\{1:-(\S+)\}$`).FindSubmatch(data)
	if m == nil {
		t.Fatal("image.sh has no default tag (tag=${1:-...})")
	}
	return string(m[1])
}

// port resolves p, a number or the name of one of c's ports.
func port(c corev1.Container, p intstr.IntOrString) int32 {
	if p.Type == intstr.Int {
		return p.IntVal
	}
	for _, cp := range c.Ports {
		if cp.Name == p.StrVal {
			return cp.ContainerPort
		}
	}
	return 0
}

// TestServeDeployment: the Deployment runs the image as the Dockerfile
// builds it (its entrypoint, user and port), probes the contract's health
// endpoints, runs with no privilege on a read-only root filesystem, gives
// a stop the time the contract's deadline needs; the Service reaches its
// pods' port.
func TestServeDeployment(t *testing.T) {
	im := readDockerfile(t)
	ct := readContract(t)
	d, svc := readServeFile(t)
	pod := d.Spec.Template.Spec
	c := pod.Containers[0]

	if d.Spec.Replicas == nil || *d.Spec.Replicas < 2 {
		t.Errorf("replicas %v, want at least 2 (the API is stateless)", d.Spec.Replicas)
	}
	labels := d.Spec.Template.Labels
	for k, v := range d.Spec.Selector.MatchLabels {
		if labels[k] != v {
			t.Errorf("the selector's %s=%s is not a label of the pods", k, v)
		}
	}
	if tag := defaultTag(t); c.Image != tag {
		t.Errorf("image %q, want image.sh's %q", c.Image, tag)
	}
	if len(c.Command) != 0 {
		t.Errorf("command %q: want the image's entrypoint %q", c.Command, im.entrypoint)
	}
	if p := servePort(t, c.Args, "the Deployment's args"); len(c.Ports) != 1 || c.Ports[0].ContainerPort != p || p != im.port {
		t.Errorf("args %q, ports %v: want one port, the Dockerfile's %d, the one serve listens on", c.Args, c.Ports, im.port)
	}

	for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		if q := c.Resources.Requests[r]; q.Sign() <= 0 {
			t.Errorf("no %s request", r)
		}
	}
	if lim, req := c.Resources.Limits[corev1.ResourceMemory], c.Resources.Requests[corev1.ResourceMemory]; lim.Cmp(req) < 0 {
		t.Errorf("memory limit %v below the request %v", &lim, &req)
	}

	for _, p := range []struct {
		name  string
		probe *corev1.Probe
		path  string
	}{{"liveness", c.LivenessProbe, ct.alive}, {"readiness", c.ReadinessProbe, ct.ready}} {
		if p.probe == nil || p.probe.HTTPGet == nil {
			t.Errorf("no HTTP %s probe", p.name)
			continue
		}
		g := p.probe.HTTPGet
		if g.Path != p.path || port(c, g.Port) != im.port {
			t.Errorf("%s probe GET %s on port %d, want %s on %d", p.name, g.Path, port(c, g.Port), p.path, im.port)
		}
	}

	// The user the pod runs as: the container's setting, else the pod's.
	psc, csc := pod.SecurityContext, c.SecurityContext
	if psc == nil {
		psc = &corev1.PodSecurityContext{}
	}
	if csc == nil {
		t.Fatal("the container has no securityContext")
	}
	pick := func(c, p *int64) *int64 {
		if c != nil {
			return c
		}
		return p
	}
	nonRoot := csc.RunAsNonRoot
	if nonRoot == nil {
		nonRoot = psc.RunAsNonRoot
	}
	if nonRoot == nil || !*nonRoot {
		t.Error("runAsNonRoot is not set")
	}
	if u, g := pick(csc.RunAsUser, psc.RunAsUser), pick(csc.RunAsGroup, psc.RunAsGroup); u == nil || g == nil || *u != im.uid || *g != im.gid {
		t.Errorf("runAsUser %v, runAsGroup %v: want the Dockerfile's USER %s", u, g, im.user)
	}
	if csc.ReadOnlyRootFilesystem == nil || !*csc.ReadOnlyRootFilesystem {
		t.Error("readOnlyRootFilesystem is not set")
	}
	if csc.AllowPrivilegeEscalation == nil || *csc.AllowPrivilegeEscalation {
		t.Error("allowPrivilegeEscalation is not false")
	}
	if csc.Capabilities == nil || !slices.Equal(csc.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(csc.Capabilities.Add) > 0 {
		t.Errorf("capabilities %v, want all dropped", csc.Capabilities)
	}

	// A stop: the preStop sleep (the Service stops sending requests), then
	// SIGTERM and the requests in flight, each within the deadline.
	var sleep int64
	if l := c.Lifecycle; l != nil && l.PreStop != nil && l.PreStop.Sleep != nil {
		sleep = l.PreStop.Sleep.Seconds
	}
	need := sleep + int64((ct.deadline+time.Second)/time.Second)
	if g := pod.TerminationGracePeriodSeconds; g == nil || *g < need {
		t.Errorf("terminationGracePeriodSeconds %v, want at least %d: the preStop sleep %d s, the deadline %v and a second", g, need, sleep, ct.deadline)
	}

	for k, v := range svc.Spec.Selector {
		if labels[k] != v {
			t.Errorf("the Service's selector %s=%s is not a label of the pods", k, v)
		}
	}
	if len(svc.Spec.Selector) == 0 || len(svc.Spec.Ports) != 1 || port(c, svc.Spec.Ports[0].TargetPort) != im.port {
		t.Errorf("the Service: selector %v, ports %v: want the pods' port %d", svc.Spec.Selector, svc.Spec.Ports, im.port)
	}
}

// TestServeStrict: the decoding refuses what Kubernetes would refuse.
func TestServeStrict(t *testing.T) {
	data, err := os.ReadFile("k8s-serve.yaml")
	if err != nil {
		t.Fatal(err)
	}
	good := string(data)
	for _, bad := range []struct{ from, to string }{
		{"readOnlyRootFilesystem: true", "readOnlyRootFileSystem: true"}, // the case
		{"runAsNonRoot: true", "runAsNonroot: true"},
		{"path: /healthz", "paths: /healthz"},
		{"  replicas: 3\n", "  replicas: 3\n  replicas: 4\n"},
		{"containerPort: 8080", "containerPort: http"},
		{"targetPort: http", "targetPorts: http"},
	} {
		text := strings.Replace(good, bad.from, bad.to, 1)
		if text == good {
			t.Fatalf("k8s-serve.yaml has no %q", bad.from)
		}
		if _, _, err := readServe(t, text); err == nil {
			t.Errorf("%q for %q: decoded without error", bad.to, bad.from)
		}
	}
}

// TestImage runs the image MASTERMIND_IMAGE (deploy/image-test.sh builds
// it and sets it) with Docker, on loopback (--network host, 127.0.0.1), as
// the Deployment runs it (read-only, no capability): its size, user and
// files; one classic game through /api/next, each answer checked by a
// scorer written here; the health endpoints the Deployment probes; a
// SIGTERM during a request: no more connections, /readyz 503 and /healthz
// 200 on one open, the request's answer whole, the exit, 0 within the
// deadline and a second; a second SIGTERM or SIGINT, which ends it at once
// (128+n).
func TestImage(t *testing.T) {
	tag := os.Getenv("MASTERMIND_IMAGE")
	if tag == "" {
		t.Skip("MASTERMIND_IMAGE is not set: deploy/image-test.sh builds the image and runs this test")
	}
	im := readDockerfile(t)
	ct := readContract(t)
	d, _ := readServeFile(t)
	c := d.Spec.Template.Spec.Containers[0]

	var config struct {
		Size   int64
		Config struct {
			User       string
			Entrypoint []string
			Cmd        []string
		}
	}
	var inspected []json.RawMessage
	if err := json.Unmarshal(docker(t, "image", "inspect", tag), &inspected); err != nil || len(inspected) != 1 {
		t.Fatalf("docker image inspect %s: %v", tag, err)
	}
	json.Unmarshal(inspected[0], &config)
	t.Logf("%s: %d bytes, user %s, entrypoint %q, cmd %q", tag, config.Size, config.Config.User, config.Config.Entrypoint, config.Config.Cmd)
	if config.Size > 25_000_000 {
		t.Errorf("the image is %d bytes, over 25 MB", config.Size)
	}
	cfg := config.Config
	if want := fmt.Sprintf("%d:%d", *d.Spec.Template.Spec.SecurityContext.RunAsUser, *d.Spec.Template.Spec.SecurityContext.RunAsGroup); cfg.User != want || cfg.User != im.user {
		t.Errorf("the image runs as %q; the Deployment as %s, the Dockerfile as %s", cfg.User, want, im.user)
	}
	if !slices.Equal(cfg.Entrypoint, im.entrypoint) || !slices.Equal(cfg.Cmd, im.args) || !slices.Equal(cfg.Cmd, c.Args) {
		t.Errorf("the image runs %q %q; the Dockerfile %q %q, the Deployment %q", cfg.Entrypoint, cfg.Cmd, im.entrypoint, im.args, c.Args)
	}
	if files := imageFiles(t, tag); !slices.Equal(files, []string{"mastermind"}) {
		t.Errorf("the image holds %q, want the command alone", files)
	}

	// Serving: the health endpoints the Deployment probes, and a game.
	srv := startImage(t, tag)
	for _, p := range []struct {
		probe  *corev1.Probe
		status string
	}{{c.LivenessProbe, "ok"}, {c.ReadinessProbe, "ready"}} {
		resp, err := http.Get("http://" + srv.host + p.probe.HTTPGet.Path)
		if err != nil {
			t.Fatal(err)
		}
		var v struct{ Status string }
		err = json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if resp.StatusCode != 200 || err != nil || v.Status != p.status {
			t.Errorf("GET %s = %d %+v %v, want 200 {\"status\":%q}", p.probe.HTTPGet.Path, resp.StatusCode, v, err, p.status)
		}
	}
	playClassic(t, srv.host, [4]int{4, 2, 5, 0})

	// SIGTERM during a request: the first consistent code after one
	// answer, checked against the codes listed here.
	history := []turn{{Guess: []int{0, 0, 1, 1}, Black: 1, White: 1}}
	body, _ := json.Marshal(map[string]any{"game": "classic", "strategy": "first", "history": history})
	ready, alive := openConn(t, srv.host), openConn(t, srv.host)
	finish := holdRequest(t, srv.host, "/api/next", string(body))
	start := time.Now()
	docker(t, "kill", "--signal", "TERM", srv.name)
	waitRefused(t, srv.host)
	// Not ready, alive, on the connections open (as the contract says).
	for _, p := range []struct {
		get    func(string) (int, string, error)
		path   string
		status int
		want   string
	}{{ready, c.ReadinessProbe.HTTPGet.Path, 503, `{"status":"stopping"}`}, {alive, c.LivenessProbe.HTTPGet.Path, 200, `{"status":"ok"}`}} {
		s, v, err := p.get(p.path)
		t.Logf("GET %s once it stopped accepting: %d %s %v", p.path, s, v, err)
		if err != nil || s != p.status || v != p.want {
			t.Errorf("GET %s once it stopped accepting, on a connection open: %d %s %v, want %d %s", p.path, s, v, err, p.status, p.want)
		}
	}
	status, answer, err := finish()
	fits := consistent(history)
	want := fmt.Sprintf(`{"guess":%s,"remaining":%d}`, strings.Join(strings.Fields(fmt.Sprint(fits[0])), ","), len(fits))
	if err != nil || status != 200 || answer != want {
		t.Errorf("the request in flight at SIGTERM: %d %s %v, want 200 %s", status, answer, err, want)
	}
	code, logs := srv.wait(t)
	elapsed := time.Since(start)
	t.Logf("exit status %d %v after SIGTERM; its log: %q", code, elapsed.Round(time.Millisecond), logs)
	if code != 0 || elapsed > ct.deadline+time.Second {
		t.Errorf("after SIGTERM: status %d after %v, want 0 within %v", code, elapsed, ct.deadline+time.Second)
	}

	// A second SIGTERM or SIGINT stops it at once, with the status of a
	// process killed by the signal, 128+n (the command is process 1 in
	// its container, which the kernel kills by no signal it does not
	// handle: Go's own status would be 2, "bad usage").
	for _, second := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		srv = startImage(t, tag)
		holdRequest(t, srv.host, "/api/next", string(body)) // never finished
		docker(t, "kill", "--signal", "TERM", srv.name)
		waitRefused(t, srv.host)
		start := time.Now()
		docker(t, "kill", "--signal", strconv.Itoa(int(second)), srv.name)
		code, logs = srv.wait(t)
		elapsed := time.Since(start)
		t.Logf("SIGTERM, then %v during a request: status %d %v after it; its log: %q", second, code, elapsed.Round(time.Millisecond), logs)
		if code != 128+int(second) || strings.Contains(logs, "still open") {
			t.Errorf("SIGTERM, then %v during a request: status %d, log %q; want stopped at once, status %d", second, code, logs, 128+int(second))
		}
	}
}

// openConn opens a connection to host that sends nothing yet, and returns
// get, which sends a GET of path on it and returns the answer. The server
// has accepted the connection once it has answered one opened after it
// (it accepts them in turn); it reads a request on it within 5 s (the
// server's ReadHeaderTimeout).
func openConn(t *testing.T, host string) (get func(path string) (int, string, error)) {
	t.Helper()
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return func(path string) (int, string, error) {
		if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, host); err != nil {
			return 0, "", err
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(data)), err
	}
}

// docker runs docker with args and returns its standard output.
func docker(t *testing.T, args ...string) []byte {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.CommandContext(t.Context(), "docker", args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("docker %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// imageFiles returns the files in the layers of image tag, as docker save
// writes them (directories left out).
func imageFiles(t *testing.T, tag string) []string {
	t.Helper()
	saved := tar.NewReader(bytes.NewReader(docker(t, "save", tag)))
	blobs := map[string][]byte{}
	for {
		h, err := saved.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			blobs[h.Name], _ = io.ReadAll(saved)
		}
	}
	var manifest []struct{ Layers []string }
	if err := json.Unmarshal(blobs["manifest.json"], &manifest); err != nil || len(manifest) != 1 {
		t.Fatalf("docker save %s: manifest.json: %v", tag, err)
	}
	var files []string
	for _, l := range manifest[0].Layers {
		layer := tar.NewReader(bytes.NewReader(blobs[l]))
		for {
			h, err := layer.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("layer %s: %v", l, err)
			}
			if h.Typeflag != tar.TypeDir {
				files = append(files, h.Name)
			}
		}
	}
	return files
}

// A server is a container of the image serving on loopback.
type server struct {
	name, host string
	cmd        *exec.Cmd
	stderr     *bytes.Buffer
}

// startImage runs tag's "serve" as the Deployment would run it (read-only
// root, no capability, no privilege), on a free port of loopback, and
// returns once it serves.
func startImage(t *testing.T, tag string) *server {
	t.Helper()
	s := &server{name: fmt.Sprintf("mastermind-test-%d-%d", os.Getpid(), time.Now().UnixNano()), stderr: new(bytes.Buffer)}
	s.cmd = exec.Command("docker", "run", "--name", s.name, "--network", "host",
		"--read-only", "--cap-drop", "ALL", "--security-opt", "no-new-privileges",
		tag, "serve", "--addr", "127.0.0.1:0")
	s.cmd.Stderr = s.stderr
	stdout, _ := s.cmd.StdoutPipe()
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		exec.Command("docker", "rm", "--force", s.name).Run()
		s.cmd.Wait()
	})
	sc := bufio.NewScanner(stdout)
	sc.Scan()
	m := regexp.MustCompile(`^serving on http://(127\.0\.0\.1:[1-9][0-9]*)/$`).FindStringSubmatch(sc.Text())
	if m == nil {
		t.Fatalf("docker run %s serve printed %q: %s", tag, sc.Text(), s.stderr.String())
	}
	go io.Copy(io.Discard, stdout)
	s.host = m[1]
	return s
}

// wait waits for the container to exit, and returns its exit status (as
// Docker records it) and its standard error.
func (s *server) wait(t *testing.T) (int, string) {
	t.Helper()
	s.cmd.Wait()
	code, err := strconv.Atoi(strings.TrimSpace(string(docker(t, "inspect", "--format", "{{.State.ExitCode}}", s.name))))
	if err != nil {
		t.Fatal(err)
	}
	return code, s.stderr.String()
}

// A turn is a guess and its answer, as the API takes it.
type turn struct {
	Guess []int `json:"guess"`
	Black int   `json:"black"`
	White int   `json:"white"`
}

// score is Mastermind's answer to guess for secret: blacks, the colours in
// place; whites, the colours in common not in place.
func score(secret, guess []int) (black, white int) {
	var s, g [6]int
	for i := range secret {
		if secret[i] == guess[i] {
			black++
		} else {
			s[secret[i]]++
			g[guess[i]]++
		}
	}
	for c := range s {
		white += min(s[c], g[c])
	}
	return black, white
}

// consistent returns the classic codes, in lexicographic order, that would
// have given every answer of history.
func consistent(history []turn) [][]int {
	var fits [][]int
	for n := range 6 * 6 * 6 * 6 {
		code := []int{n / 216, n / 36 % 6, n / 6 % 6, n % 6}
		ok := true
		for _, h := range history {
			if b, w := score(code, h.Guess); b != h.Black || w != h.White {
				ok = false
				break
			}
		}
		if ok {
			fits = append(fits, code)
		}
	}
	return fits
}

// playClassic plays a classic game with /api/next against secret: each
// answer's count of codes left is the brute force's, and once a guess
// finds the secret the API says the game is solved.
func playClassic(t *testing.T, host string, secret [4]int) {
	t.Helper()
	var history []turn
	for {
		body, _ := json.Marshal(map[string]any{"game": "classic", "strategy": "auto", "history": history})
		resp, err := http.Post("http://"+host+"/api/next", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Guess     []int
			Remaining int
			Solved    bool
			Guesses   int
		}
		err = json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if resp.StatusCode != 200 || err != nil {
			t.Fatalf("/api/next after %d guesses: %d %v", len(history), resp.StatusCode, err)
		}
		n := len(history)
		if n > 0 && history[n-1].Black == 4 {
			if !v.Solved || v.Guesses != n {
				t.Errorf("/api/next after the secret was found in %d: %+v, want solved", n, v)
			}
			t.Logf("classic, secret %v: found in %d guesses: %v", secret, n, history)
			return
		}
		if fits := len(consistent(history)); v.Remaining != fits || len(v.Guess) != 4 {
			t.Fatalf("/api/next after %v: %+v; %d codes fit", history, v, fits)
		}
		for _, c := range v.Guess {
			if c < 0 || c >= 6 {
				t.Fatalf("/api/next after %v: guess %v out of range", history, v.Guess)
			}
		}
		b, w := score(secret[:], v.Guess)
		history = append(history, turn{v.Guess, b, w})
		// Any strategy that minimises the average needs 6 guesses for some
		// secrets, Knuth's 5 (Koyama and Lai 1993; Knuth 1976).
		if len(history) > 6 && b != 4 {
			t.Fatalf("classic, secret %v: not found in 6 guesses: %v", secret, history)
		}
	}
}

// holdRequest sends the head of a POST of body to path at host (HOST:PORT),
// asking whether to send the body (Expect: 100-continue), and returns once
// the server's handler reads it (it answered "100 Continue"): the request
// is in flight for as long as the test likes. finish sends the body and
// returns the answer, read whole (as long as its Content-Length says).
func holdRequest(t *testing.T, host, path, body string) (finish func() (int, string, error)) {
	t.Helper()
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", path, host, len(body))
	r := bufio.NewReader(conn)
	for _, want := range []string{"HTTP/1.1 100 Continue\r\n", "\r\n"} {
		if line, err := r.ReadString('\n'); line != want {
			t.Fatalf("POST %s with Expect: 100-continue: %q %v, want %q", path, line, err, want)
		}
	}
	return func() (int, string, error) {
		if _, err := io.WriteString(conn, body); err != nil {
			return 0, "", err
		}
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(data)), err
	}
}

// waitRefused returns once a connection to host is refused: the server
// accepts no more connections, it stops.
func waitRefused(t *testing.T, host string) {
	t.Helper()
	for end := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
		conn, err := net.Dial("tcp", host)
		if errors.Is(err, syscall.ECONNREFUSED) {
			return
		}
		if err == nil {
			conn.Close()
		}
		if time.Now().After(end) {
			t.Fatalf("%s still accepts connections a minute after the signal (%v)", host, err)
		}
	}
}
