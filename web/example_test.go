package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/mastermind-go/mastermind/web"
)

// The handler serves the page at / and the API under /api/ ("mastermind
// serve" runs it with cmd/internal/server's timeouts and health endpoints).
func ExampleNew() {
	srv := httptest.NewServer(web.New(web.Options{}))
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/next", "application/json",
		strings.NewReader(`{"game":"classic","strategy":"minimax","history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	fmt.Print(resp.StatusCode, " ", string(answer))
	// Output: 200 {"guess":[0,2,3,3],"remaining":256}
}
