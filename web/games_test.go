package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// gamesAnswer is the answer of GET /api/games.
type gamesAnswer struct {
	choose.Menus
	Rules []struct {
		Name string   `json:"name"`
		Keys []string `json:"keys"`
	} `json:"rules"`
}

// getGames gets /api/games from srv.
func getGames(t *testing.T, url string) gamesAnswer {
	t.Helper()
	resp, err := http.Get(url + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET /api/games = %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), data)
	}
	var a gamesAnswer
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.DisallowUnknownFields()
	if err := d.Decode(&a); err != nil {
		t.Fatalf("GET /api/games: %v in %s", err, data)
	}
	return a
}

// GET /api/games names every preset with its size, smallest first, and
// every strategy of choose; a strategy lists a preset exactly when
// /api/next plays it there (the first guess of the game), and refuses it
// naming the strategy otherwise.
func TestGames(t *testing.T) {
	srv := newTestServer(t, Options{})
	a := getGames(t, srv.URL)
	var names []string
	for i, g := range a.Games {
		names = append(names, g.Name)
		want, err := mastermind.Preset(g.Name)
		if err != nil || (mastermind.Game{Positions: g.Positions, Colors: g.Colors, Distinct: g.Distinct}) != want {
			t.Errorf("game %s: %+v, want %+v (%v)", g.Name, g, want, err)
		}
		if g.Title == "" {
			t.Errorf("game %s has no title", g.Name)
		}
		if i > 0 {
			prev, _ := mastermind.Preset(a.Games[i-1].Name)
			if prev.Count() > want.Count() {
				t.Errorf("game %s (%.0f codes) after %s (%.0f codes)", g.Name, want.Count(), a.Games[i-1].Name, prev.Count())
			}
		}
	}
	slices.Sort(names)
	if strings.Join(names, ", ") != presetNames() {
		t.Errorf("games %v, want the presets %v", names, presetNames())
	}
	var strategies []string
	for _, s := range a.Strategies {
		strategies = append(strategies, s.Name)
	}
	if len(strategies) == 0 || strategies[0] != "auto" {
		t.Errorf("strategies %v: the default, auto, is not first", strategies)
	}
	slices.Sort(strategies)
	want := slices.Sorted(slices.Values(choose.Names()))
	if !slices.Equal(strategies, want) {
		t.Errorf("strategies %v, want choose's %v", strategies, want)
	}
	for _, s := range a.Strategies {
		if s.Games == "" || s.MaxCodes < 500 {
			t.Errorf("strategy %s: games %q, maxCodes %d", s.Name, s.Games, s.MaxCodes)
		}
		for _, g := range a.Games {
			status, v := post(t, srv, "/api/next", fmt.Sprintf(`{"game":%q,"strategy":%q}`, g.Name, s.Name))
			listed := slices.Contains(s.Presets, g.Name)
			switch {
			case listed && status != http.StatusOK:
				t.Errorf("%s on %s: listed, but /api/next answers %d %v", s.Name, g.Name, status, v)
			case !listed && (status != http.StatusBadRequest || !strings.HasPrefix(fmt.Sprint(v["error"]), "strategy: "+s.Name)):
				t.Errorf("%s on %s: not listed, but /api/next answers %d %v", s.Name, g.Name, status, v)
			}
		}
	}
	for _, method := range []string{"POST", "PUT"} {
		req, _ := http.NewRequest(method, srv.URL+"/api/games", strings.NewReader("{}"))
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" || !strings.Contains(string(data), "takes GET") {
			t.Errorf("%s /api/games = %d (Allow %q) %s, want 405", method, resp.StatusCode, resp.Header.Get("Allow"), data)
		}
	}
}

// The API's refusal of optimal on a large game names what works in the
// API, not the command line's --tree (issue 30 item 10).
func TestOptimalRefusal(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, game := range []string{`"super"`, `{"positions":6,"colors":5}`, `{"preset":"bulls","feedback":"black"}`} {
		status, v := post(t, srv, "/api/next", `{"game":`+game+`,"strategy":"optimal"}`)
		msg := fmt.Sprint(v["error"])
		if status != http.StatusBadRequest || strings.Contains(msg, "--tree") || strings.Contains(msg, "FILE") || !strings.Contains(msg, "use auto") {
			t.Errorf("optimal on %s: %d %q", game, status, msg)
		}
	}
}

// TestDeadlineVector checks the API's default deadline and its message
// against the vector the page's engine shares (internal/testkit's
// vectors/deadline.txt, which web/static/api.js should read too).
func TestDeadlineVector(t *testing.T) {
	v := testkit.Vectors("deadline")[0]
	if ms := NewAPI(Options{}).timeout.Milliseconds(); fmt.Sprint(ms) != v.Fields[0] {
		t.Errorf("%s: the API's default deadline is %d ms, the vector says %s", v.Where, ms, v.Fields[0])
	}
	if _, msg, _ := errorStatus(context.DeadlineExceeded); msg != v.Fields[1] {
		t.Errorf("%s: a request past the deadline says %q, the vector %q", v.Where, msg, v.Fields[1])
	}
}
