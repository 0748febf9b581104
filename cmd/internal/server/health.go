package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
)

// The health endpoints: what a load balancer or Kubernetes asks the server,
// answered at once, ahead of the handler's work.
const (
	// healthPath answers 200 while the process answers at all (alive).
	healthPath = "/healthz"
	// readyPath answers 200 while the server takes requests (ready), 503
	// once it stops (Drain) on the connections still open.
	readyPath = "/readyz"
)

// The health endpoints' answers.
var (
	alive    = healthAnswer("ok")
	ready    = healthAnswer("ready")
	stopping = healthAnswer("stopping")
)

// healthAnswer returns {"status":status}.
func healthAnswer(status string) []byte {
	return answer("status", status)
}

// answer returns {key:value}, a line of JSON.
func answer(key, value string) []byte {
	b, _ := json.Marshal(map[string]string{key: value})
	return append(b, '\n')
}

// write writes a health endpoint's answer: JSON, kept in no cache (a 503
// of /readyz is no request to retry here: the server stops).
func write(w http.ResponseWriter, status int, answer []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(answer)
}

// health is the server's state as the health endpoints tell it: whether
// it stops, and how many requests are in flight.
type health struct {
	mu       sync.Mutex
	stopping bool
	inFlight int
	idle     chan struct{} // closed once stopping with no request in flight
	told     bool          // idle is closed
}

// begin and end bracket every request the handler serves.
func (s *health) begin() {
	s.mu.Lock()
	s.inFlight++
	s.mu.Unlock()
}

func (s *health) end() {
	s.mu.Lock()
	s.inFlight--
	s.tellIdle()
	s.mu.Unlock()
}

// stop makes /readyz answer 503 from now on, and returns a channel closed
// once no request is in flight (the first time there is none: requests
// may still come on the connections open).
func (s *health) stop() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.stopping {
		s.stopping = true
		s.idle = make(chan struct{})
		s.tellIdle()
	}
	return s.idle
}

// tellIdle closes idle, once, when the server stops with no request in
// flight. s.mu is held.
func (s *health) tellIdle() {
	if s.stopping && s.inFlight == 0 && !s.told {
		s.told = true
		close(s.idle)
	}
}

// serve answers r when it asks for a health endpoint, and says whether it
// did: GET or HEAD, no body read, no computing slot taken.
func (s *health) serve(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Path != healthPath && r.URL.Path != readyPath {
		return false
	}
	switch {
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		w.Header().Set("Allow", "GET, HEAD")
		write(w, http.StatusMethodNotAllowed, answer("error", fmt.Sprintf("%s takes GET, not %s", r.URL.Path, r.Method)))
	case r.URL.Path == healthPath:
		write(w, http.StatusOK, alive)
	case s.isStopping():
		write(w, http.StatusServiceUnavailable, stopping)
	default:
		write(w, http.StatusOK, ready)
	}
	return true
}

// isStopping says whether stop was called.
func (s *health) isStopping() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopping
}
