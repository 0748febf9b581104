//go:build !js

package web

import (
	"fmt"
	"net/http"
	"sync/atomic"
)

// The health endpoints: what a load balancer or Kubernetes asks the server,
// answered at once, ahead of the API's queue.
const (
	// healthPath answers 200 while the process answers at all (alive).
	healthPath = "/healthz"
	// readyPath answers 200 while the server takes requests, 503 once it
	// stops (ready).
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
	return encode(map[string]string{"status": status})
}

// health is the server's state as the health endpoints tell it.
type health struct {
	stopping atomic.Bool
}

// stop makes /readyz answer 503 from now on: the server stops.
func (s *health) stop() { s.stopping.Store(true) }

// serve answers r when it asks for a health endpoint, and says whether it
// did: GET or HEAD, no body read, no computing slot taken.
func (s *health) serve(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Path != healthPath && r.URL.Path != readyPath {
		return false
	}
	switch {
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		w.Header().Set("Allow", "GET, HEAD")
		write(w, http.StatusMethodNotAllowed, errorAnswer(fmt.Sprintf("%s takes GET, not %s", r.URL.Path, r.Method)))
	case r.URL.Path == healthPath:
		write(w, http.StatusOK, alive)
	case s.stopping.Load():
		write(w, http.StatusServiceUnavailable, stopping)
	default:
		write(w, http.StatusOK, ready)
	}
	return true
}
