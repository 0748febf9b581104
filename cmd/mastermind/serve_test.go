//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// TestServe runs "mastermind serve --addr 127.0.0.1:0" in this process:
// the line with the real port, the page, the API, and a graceful stop on
// SIGINT with status 0 while a request is in flight.
func TestServe(t *testing.T) {
	out, w := io.Pipe()
	var stderr bytes.Buffer
	status := make(chan int, 1)
	go func() {
		args := []string{"serve", "--addr", "127.0.0.1:0"}
		status <- run(signalContext(args), args, strings.NewReader(""), w, &stderr)
		w.Close()
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var line string
	select {
	case line = <-lines:
	case s := <-status:
		t.Fatalf("serve exited with status %d: %s", s, stderr.String())
	case <-time.After(5 * time.Minute): // a hang detector: a loaded machine may take seconds
		t.Fatal("serve printed nothing in 5 minutes")
	}
	m := regexp.MustCompile(`^serving on (http://127\.0\.0\.1:[1-9][0-9]*/)$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("serve printed %q, want \"serving on http://127.0.0.1:PORT/\"", line)
	}
	url := m[1]

	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(page, []byte("<title>Mastermind</title>")) {
		t.Errorf("GET / = %d %.80q", resp.StatusCode, page)
	}
	post := func(path, body string) (int, string) {
		resp, err := http.Post(url+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Error(err)
			return 0, ""
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode, strings.TrimSpace(string(data))
	}
	if s, v := post("api/score", `{"game":"digits","secret":[2,1,1,3],"guess":[1,2,3,4]}`); s != 200 || v != `{"black":0,"white":3}` {
		t.Errorf("score = %d %s", s, v)
	}

	// A request in flight when SIGINT comes still gets its answer.
	host := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	// (A cheap one: its body, and so its deadline, comes after the stop
	// began, and the stop waits 10 s.)
	finish := holdRequest(t, host, "/api/next", `{"game":"classic","strategy":"first","history":[{"guess":[0,0,0,0],"black":1,"white":0}]}`)
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	waitRefused(t, host)
	s, v, err := finish()
	// Classic, the first strategy: one 0 in place, no other 0 (4 x 5^3 codes).
	if err != nil || s != 200 || v != `{"guess":[0,1,1,1],"remaining":500}` {
		t.Errorf("request in flight at SIGINT: %d %s %v", s, v, err)
	}
	select {
	case s := <-status:
		if s != 0 {
			t.Errorf("serve exited with status %d after SIGINT, want 0: %s", s, stderr.String())
		}
	case <-time.After(5 * time.Minute): // a hang detector
		t.Fatal("serve did not stop in 5 minutes after SIGINT")
	}
}

// holdRequest sends the head of a POST of body to path at host (HOST:PORT),
// asking the server whether to send the body (Expect: 100-continue), and
// returns once the server's handler reads it (it answered "100 Continue"):
// the request is then in flight, for as long as the test likes, whatever
// the speed of the machine. finish sends the body and returns the answer,
// read whole (as long as its Content-Length says).
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

// openConn opens a connection to host that sends nothing yet, and returns
// get, which sends a GET of path on it and returns the answer. The server
// has accepted the connection once it has answered one opened after it
// (it accepts them in turn); it reads a request on it within 5 s
// (cmd/internal/server's ReadHeaderTimeout).
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

// TestServeStop: "mastermind serve" stops as a service must (issue 55).
// SIGTERM during a request: it accepts no more connections; on one opened
// before, /readyz answers 503 (a load balancer holding it learns that it
// stops) and /healthz 200; the request in flight gets its whole answer,
// and it exits 0. A second SIGTERM or SIGINT while a request is still in
// flight ends it at once, by the signal.
func TestServeStop(t *testing.T) {
	for _, second := range []syscall.Signal{0, syscall.SIGTERM, syscall.SIGINT} {
		if second != 0 && (signal.Ignored(second) || ignoredAtStart[second]) { // as under nohup or "go test &": the command inherits it
			t.Logf("%v is ignored here, and so in the command", second)
			continue
		}
		cmd := mastermindCmd("serve", "--addr", "127.0.0.1:0")
		stdout, _ := cmd.StdoutPipe()
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stdout)
		m := []string(nil)
		if sc.Scan() {
			m = regexp.MustCompile(`^serving on http://(127\.0\.0\.1:[1-9][0-9]*)/$`).FindStringSubmatch(sc.Text())
		}
		if m == nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("serve printed %q: %s", sc.Text(), stderr.String())
		}
		host := m[1]
		ready, alive := openConn(t, host), openConn(t, host)
		// Classic, the first strategy: one 0 in place, no other 0.
		finish := holdRequest(t, host, "/api/next", `{"game":"classic","strategy":"first","history":[{"guess":[0,0,0,0],"black":1,"white":0}]}`)
		cmd.Process.Signal(syscall.SIGTERM)
		waitRefused(t, host)
		if second != 0 {
			cmd.Process.Signal(second)
		} else {
			if s, v, err := ready("/readyz"); err != nil || s != 503 || v != `{"status":"stopping"}` {
				t.Errorf("GET /readyz once serve stopped accepting, on a connection open: %d %s %v, want 503 {\"status\":\"stopping\"}", s, v, err)
			}
			if s, v, err := alive("/healthz"); err != nil || s != 200 || v != `{"status":"ok"}` {
				t.Errorf("GET /healthz once serve stopped accepting, on a connection open: %d %s %v, want 200 {\"status\":\"ok\"}", s, v, err)
			}
			s, v, err := finish()
			if want := `{"guess":[0,1,1,1],"remaining":500}`; err != nil || s != 200 || v != want {
				t.Errorf("the request in flight at SIGTERM: %d %s %v, want 200 %s", s, v, err, want)
			}
		}
		cmd.Wait()
		ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
		switch {
		case second == 0 && (ws.ExitStatus() != 0 || stderr.Len() > 0):
			t.Errorf("after SIGTERM: %v, stderr %q; want status 0, nothing said", cmd.ProcessState, stderr.String())
		case second != 0 && (!ws.Signaled() || ws.Signal() != second):
			t.Errorf("after SIGTERM and %v during a request: %v, stderr %q; want killed by %[1]v", second, cmd.ProcessState, stderr.String())
		}
	}
}

// The address printed is one a browser can open: a listener on every
// address is reached at localhost; an IPv6 host is in brackets.
func TestPageURL(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 40123}, "http://localhost:40123/"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "http://localhost:8080/"},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "http://127.0.0.1:8080/"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 80}, "http://[::1]:80/"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 20), Port: 9000}, "http://192.168.1.20:9000/"},
	}
	for _, tt := range tests {
		if got := pageURL(tt.addr); got != tt.want {
			t.Errorf("pageURL(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

// "serve --addr :0" listens on every address and prints a URL a browser can
// open (not http://[::]:PORT/), which serves the page.
func TestServeEveryAddress(t *testing.T) {
	cmd := mastermindCmd("serve", "--addr", ":0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Signal(os.Interrupt)
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() {
		t.Fatalf("serve --addr :0 printed nothing: %s", stderr.String())
	}
	m := regexp.MustCompile(`^serving on (http://localhost:[1-9][0-9]*/)$`).FindStringSubmatch(sc.Text())
	if m == nil {
		t.Fatalf("serve --addr :0 printed %q, want \"serving on http://localhost:PORT/\"", sc.Text())
	}
	resp, err := http.Get(m[1])
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET %s = %d", m[1], resp.StatusCode)
	}
}

// A stop waits for the requests in flight no longer than the API's
// deadline: a client that never sends the body it announced is cut off
// then, and serve exits 0 saying so (it waited 15 s, and failed, status 1).
func TestServeStopDeadline(t *testing.T) {
	testkit.Long(t) // 10 s: the deadline
	cmd := mastermindCmd("serve", "--addr", "127.0.0.1:0")
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	sc.Scan()
	m := regexp.MustCompile(`^serving on http://(127\.0\.0\.1:[1-9][0-9]*)/$`).FindStringSubmatch(sc.Text())
	if m == nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("serve printed %q: %s", sc.Text(), stderr.String())
	}
	finish := holdRequest(t, m[1], "/api/score", `{"game":"classic","secret":[0,0,0,0],"guess":[0,0,0,0]}`)
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	t.Logf("stopped %v after SIGTERM", time.Since(start).Round(time.Millisecond))
	if cmd.ProcessState.ExitCode() != 0 || !regexp.MustCompile(`^mastermind serve: \S+ \S+ stopping: connections still open after 10s, closed\n$`).MatchString(stderr.String()) {
		t.Errorf("serve, a request unfinished at SIGTERM: %v, stderr %q; want status 0, the connection closed after 10s", cmd.ProcessState, stderr.String())
	}
	if s, v, err := finish(); err == nil {
		t.Errorf("the request unfinished at the deadline was answered: %d %s", s, v)
	}
}
