"""How hard a puzzle is: the simulated solver (:mod:`.simulated`) and the constants fitted to
recorded play (:mod:`.constants`).

A measure of a finished puzzle, below the JSON format and the renderers that print it; making a
puzzle to a target and fitting the constants are :mod:`wortsuche.rating`'s.
"""
