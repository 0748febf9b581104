// Package symmetry finds the guesses that split the codes still possible
// alike, so that a strategy scores one guess of each class: [NewClasses]
// gives the classes that free and absent colours make ([ClassCache]
// remembers their lowest codes, [Representatives] and a [Walk] enumerate
// them with their outcomes); [Of] gives the group of permutations of
// positions and colours that fix a history, whose orbits [OrbitCheck] and
// [OrbitCache] tell apart.
//
// It is part of the engine, below the strategies: packages strategy and
// optimal use it, and it imports only the root package.
package symmetry
