"""Step 4: the one verifier, and the solver that finds words in any grid."""
