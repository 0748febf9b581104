package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/mastermind-go/mastermind/cmd/internal/server"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/web"
)

// deadline is the API's deadline for each request, and so how long a stop
// waits for the requests in flight.
const deadline = 10 * time.Second

func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	var op *net.OpError
	if errors.As(err, &op) { // "listen tcp", "bind": Go's words for the calls
		err = op.Err
		if sys, ok := err.(*os.SyscallError); ok {
			err = sys.Err
		}
	}
	if err != nil {
		return usageError("--addr \"%s\": %v", quote.Cut(*addr, quote.Max), err)
	}
	logger := log.New(stderr, "mastermind serve: ", log.LstdFlags)
	srv := server.New(*addr, web.New(web.Options{Timeout: deadline, Log: logger}))
	fmt.Fprintf(stdout, "serving on %s\n", pageURL(ln.Addr()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	// Stop gracefully: accept no more connections; answer the requests in
	// flight, and those sent on the connections open until none is in
	// flight (/readyz answers 503 on them), within the deadline that
	// bounds their computations. A client still sending its request then
	// is cut off. (A second signal ends the command at once:
	// signalContext.)
	shutdown, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	err = srv.Drain(shutdown, ln)
	if errors.Is(err, context.DeadlineExceeded) {
		logger.Printf("stopping: connections still open after %v, closed", deadline)
		err = srv.Close()
	}
	if err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) && !errors.Is(err, net.ErrClosed) {
		return err
	}
	return nil
}

// pageURL returns the address of the page served at addr, one a browser can
// open: a listener on every address (0.0.0.0, ::) is reached at localhost.
func pageURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
