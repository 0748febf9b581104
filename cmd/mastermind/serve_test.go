//go:build unix

package main

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
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
	case <-time.After(10 * time.Second):
		t.Fatal("serve printed nothing in 10 s")
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
	inFlight := make(chan string, 1)
	go func() {
		s, v := post("api/next", `{"game":{"positions":6,"colors":10},"strategy":"first","history":[{"guess":[0,0,0,0,0,0],"black":1,"white":0}]}`)
		inFlight <- strings.Join([]string{http.StatusText(s), v}, " ")
	}()
	time.Sleep(20 * time.Millisecond)
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-status:
		if s != 0 {
			t.Errorf("serve exited with status %d after SIGINT, want 0: %s", s, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop in 20 s after SIGINT")
	}
	if v := <-inFlight; !strings.HasPrefix(v, "OK {\"guess\":[0,1,1,1,1,1]") {
		t.Errorf("request in flight at SIGINT: %s", v)
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
