// Package optimal computes optimal strategies: [Solve] returns the decision
// tree with the smallest possible total number of guesses over all secrets,
// optionally never needing more than a given number ([Options]); [Known]
// gives the shipped trees (classic, Bulls and Cows) at once. [SolveShard]
// and [Merge] share a long search out among processes ([Options.UseCheckpoint]
// resumes one), [Bound] proves a lower bound on the optimal total, and
// [ProveShard] and [MergeBounds] share that proof out. [NewHybrid] plays
// games too large for the search: a heuristic where many codes are
// possible, optimal subtrees where few are. [Command] holds what a command
// line says of a search (depth, memory, checkpoint) and words its results.
package optimal
