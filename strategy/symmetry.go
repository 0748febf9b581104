package strategy

// maxSymmetry bounds the size of a group worth using: see
// mastermind.Space.Symmetry.
const maxSymmetry = 5040
