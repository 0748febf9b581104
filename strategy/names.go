package strategy

// The strategy names, each spelled here and nowhere else: those New makes
// (first, random and the heuristics, by Measure) and those package choose
// makes of them (optimal, auto, consistent). Package choose's table
// (choose.Strategies) says what each does and on which games it plays; the
// help, the API's menus, its messages and the docs' lists come from there.
const (
	FirstName      = "first"
	RandomName     = "random"
	OptimalName    = "optimal"
	AutoName       = "auto"
	ConsistentName = "consistent"
)

// measureNames are the heuristics' strategy names, by Measure.
var measureNames = [...]string{Minimax: "minimax", Expected: "expected", Entropy: "entropy", Parts: "parts"}
