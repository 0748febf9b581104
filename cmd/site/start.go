package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/mastermind-go/mastermind/web"
)

// firstRequests are the requests the page sends on a first visit before
// anything is clicked (the default game and strategy, classic and auto), on
// whichever tab it opens: the menus, Computer guesses' first guess, the
// Solver's codes and guess, the Strategies tab's root. TestFirstVisit
// checks that they are all the page sends.
var firstRequests = []struct{ path, body string }{
	{"/api/games", ""},
	{"/api/next", `{"game":"classic","strategy":"auto","history":[]}`},
	{"/api/candidates", `{"game":"classic","history":[],"limit":60}`},
	{"/api/tree", `{"game":{"positions":4,"colors":6,"distinct":false},"path":[]}`},
}

// startAnswers returns the answers to firstRequests, computed now by the
// API (the same as the engine's: the API is deterministic), as a JSON
// object from requestKey to [status, answer]. The worker gives them while
// the engine starts, so the page's first guess does not wait for the
// engine to be compiled and started (about a second).
func startAnswers(ctx context.Context) ([]byte, error) {
	api := web.NewAPI(web.Options{})
	answers := map[string][2]any{}
	for _, r := range firstRequests {
		var body []byte
		if r.body != "" {
			body = []byte(r.body)
		}
		status, answer := api.Do(ctx, r.path, body)
		if status != 200 {
			return nil, fmt.Errorf("the page's first request %s %s: the API answers %d %s", r.path, r.body, status, answer)
		}
		k, err := requestKey(r.path, r.body)
		if err != nil {
			return nil, fmt.Errorf("the page's first request %s %s: %v", r.path, r.body, err)
		}
		answers[k] = [2]any{status, string(bytes.TrimSpace(answer))}
	}
	return marshal(answers)
}

// requestKey returns the key of a request as worker.js makes it: the path,
// a space and the body's JSON with the keys of every object in order, no
// spaces (JSON.stringify's form); an empty body stays empty.
func requestKey(path, body string) (string, error) {
	if body == "" {
		return path + " ", nil
	}
	d := json.NewDecoder(bytes.NewReader([]byte(body)))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return "", err
	}
	b, err := marshal(v) // maps are written with their keys in order
	return path + " " + string(b), err
}

// marshal returns v as JSON as JavaScript writes it: no HTML escapes, no
// newline.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(b.Bytes()), nil
}
