// Package symmetry finds the guesses that split the codes still possible
// alike, so that a strategy scores one guess of each class: the colour
// groups of a point of a game ([ColorGroups]), the classes of guesses they
// make ([Classes], [ClassCache], [Representatives], walked with their
// outcomes by a [Walk]) and the group of permutations of positions and
// colours that fix a history ([Of], [OrbitCheck], [OrbitCache]).
package symmetry
