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

	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/web"
)

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
	srv := web.NewServer(*addr, web.New(web.Options{Log: log.New(stderr, "mastermind serve: ", log.LstdFlags)}))
	fmt.Fprintf(stdout, "serving on %s\n", pageURL(ln.Addr()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
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
