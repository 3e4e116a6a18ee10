"""Puzzles made to a target difficulty (:mod:`.targeting`) and the difficulty model fitted to
recorded play (:mod:`.calibration`, :mod:`.race`); the measure itself is
:mod:`wortsuche.difficulty`."""
