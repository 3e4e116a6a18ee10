"""wortsuche: word search puzzles at four difficulty levels, every word exactly once.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="easy", seed=1)
>>> len(puzzle.grid.rows), puzzle.verify().ok
(5, True)
"""

from wortsuche.errors import DoesNotFitError, InputError, PuzzleFormatError, WortsucheError
from wortsuche.generate import generate
from wortsuche.levels import LEVEL_DESCRIPTIONS, LEVELS, Crossing, Decoys, Filler, Options
from wortsuche.model import Direction, Grid, Placement, Puzzle, Word
from wortsuche.solve import solve
from wortsuche.verify import Report, verify

__version__ = "0.1.0"

__all__ = [
    "LEVELS",
    "LEVEL_DESCRIPTIONS",
    "Crossing",
    "Decoys",
    "Direction",
    "DoesNotFitError",
    "Filler",
    "Grid",
    "InputError",
    "Options",
    "Placement",
    "Puzzle",
    "PuzzleFormatError",
    "Report",
    "Word",
    "WortsucheError",
    "generate",
    "solve",
    "verify",
]
