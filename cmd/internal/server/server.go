// Package server runs an HTTP handler as a server that a load balancer can
// stop gently: timeouts that bound a slow client, the health endpoints
// GET /healthz and /readyz answered ahead of the handler (never queued
// behind its work), and Drain, which stops taking connections but answers
// the requests of those still open, /readyz saying 503, until none is in
// flight (docs/protocols.md, "mastermind serve").
//
// Kind: command-line plumbing, imported by cmd/ only (internal/README.md).
package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// A Server is an http.Server whose handler answers the health endpoints
// and counts the requests in flight.
type Server struct {
	*http.Server
	health health
}

// New returns a server of h on addr, with timeouts that suit an API: a
// slow client cannot hold a connection for long. Stop it with Drain.
func New(addr string, h http.Handler) *Server {
	s := &Server{}
	s.Server = &http.Server{
		Addr: addr,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.health.begin()
			defer s.health.end()
			if !s.health.serve(w, r) {
				h.ServeHTTP(w, r)
			}
		}),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	return s
}

// Drain stops s, serving on ln, gracefully: ln accepts no more
// connections, and once no request is in flight s's Shutdown closes the
// connections as they go idle. Until then the connections open still have
// their requests answered, and /readyz answers 503: a load balancer
// holding a connection open learns that the server stops. (http.Server's
// Shutdown alone reads no request on them, and runs its hooks after it
// closed the listeners.) When ctx ends first, Drain returns ctx's error,
// and the connections still open are for the caller to close (s.Close).
func (s *Server) Drain(ctx context.Context, ln net.Listener) error {
	idle := s.health.stop()
	ln.Close()
	select {
	case <-idle:
	case <-ctx.Done():
	}
	err := s.Shutdown(ctx)
	if errors.Is(err, net.ErrClosed) { // ln, closed above
		err = nil
	}
	return err
}
