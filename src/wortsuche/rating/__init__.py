"""How hard a puzzle is (the simulated solver) and puzzles made to a target difficulty."""
