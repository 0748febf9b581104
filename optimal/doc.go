// Package optimal computes optimal strategies: [Solve] returns the decision
// tree with the smallest possible total number of guesses over all secrets,
// optionally never needing more than a given number ([Options]); [Known]
// gives the shipped trees (classic, Bulls and Cows) at once. [Bound] proves
// a lower bound on the optimal total, and a [Checkpoint] resumes either.
// A [Search] is worked on unit by unit (a first guess and one of its
// answers): package optimal/shard shares a search or a proof out among
// processes by those units, and keeps the files of long searches.
// [NewHybrid] plays games too large for the search: a heuristic where many
// codes are possible, optimal subtrees where few are.
package optimal
