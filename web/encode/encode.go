// Package encode writes the engine's results as the web API answers them
// under a game's answer rule (docs/web-api.md): an answer is
// {"black":B,"white":W} under black-white, {"black":B} under black and
// {"marks":"GY.G"} under slots, wherever it stands (/api/score's answer,
// the parts of /api/explain, the steps of /api/review, the branches of
// /api/tree, /api/answer's reply). Package decode reads requests in the
// same keys (Keys). Under black-white every result is written as it is:
// the JSON forms of the engine's values are black-white's.
package encode

import (
	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/adversary"
	"github.com/mastermind-go/mastermind/explain"
	"github.com/mastermind-go/mastermind/tree"
)

// Keys returns the keys of an answer under rule r, in the order the API
// writes them: "black" and "white" under black-white, "black" under black,
// "marks" under slots.
func Keys(r mastermind.Rule) []string {
	switch r {
	case mastermind.BlackOnly:
		return []string{"black"}
	case mastermind.Slots:
		return []string{"marks"}
	}
	return []string{"black", "white"}
}

// An Answer is an answer in the keys of its rule (Keys): the others are
// left out. Beside a result that embeds a mastermind.Feedback, it takes
// the Feedback's place in JSON (a field less deep hides a deeper one of
// the same name).
type Answer struct {
	Black *int   `json:"black,omitempty"`
	White *int   `json:"white,omitempty"`
	Marks string `json:"marks,omitempty"`
}

// AnswerOf returns f in the keys of rule r.
func AnswerOf(r mastermind.Rule, f mastermind.Feedback) Answer {
	switch r {
	case mastermind.BlackOnly:
		return Answer{Black: &f.Black}
	case mastermind.Slots:
		return Answer{Marks: f.Marks}
	}
	return Answer{Black: &f.Black, White: &f.White}
}

// The results of the API with their answers in the keys of a rule.
type (
	// Part is an explain.Part.
	Part struct {
		Answer
		explain.Part
	}
	// Explanation is /api/explain's answer.
	Explanation struct {
		*explain.Explanation
		Parts []Part `json:"answers"`
	}
	// Step is an explain.Step.
	Step struct {
		Answer
		explain.Step
	}
	// Report is /api/review's answer.
	Report struct {
		Steps []Step `json:"steps"`
		*explain.Report
	}
	// Branch is a tree.Branch.
	Branch struct {
		Answer
		tree.Branch
	}
	// Point is /api/tree's answer.
	Point struct {
		*tree.Point
		Branches []Branch `json:"answers"`
	}
	// Reply is /api/answer's answer.
	Reply struct {
		Answer
		adversary.Reply
	}
)

// Of returns the result v as the API writes it under rule r: v itself
// under black-white, else each answer it holds in the rule's keys. v is an
// answer of the API (mastermind.Feedback, *explain.Explanation,
// *explain.Report, *tree.Point, adversary.Reply, or one that holds no
// answer, returned as it is).
func Of(r mastermind.Rule, v any) any {
	if r == mastermind.BlackWhite {
		return v
	}
	switch v := v.(type) {
	case mastermind.Feedback:
		return AnswerOf(r, v)
	case *explain.Explanation:
		e := Explanation{Explanation: v, Parts: make([]Part, len(v.Parts))}
		for i, p := range v.Parts {
			e.Parts[i] = Part{AnswerOf(r, p.Feedback), p}
		}
		return e
	case *explain.Report:
		rep := Report{Steps: make([]Step, len(v.Steps)), Report: v}
		for i, s := range v.Steps {
			rep.Steps[i] = Step{AnswerOf(r, s.Feedback), s}
		}
		return rep
	case *tree.Point:
		p := Point{Point: v, Branches: make([]Branch, len(v.Branches))}
		for i, b := range v.Branches {
			p.Branches[i] = Branch{AnswerOf(r, b.Feedback), b}
		}
		return p
	case adversary.Reply:
		return Reply{AnswerOf(r, v.Feedback), v}
	}
	return v
}
