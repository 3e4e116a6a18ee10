"""wortsuche: word search puzzles at four difficulty levels, every word exactly once.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="easy", seed=1)
>>> len(puzzle.grid.rows), verify_puzzle(puzzle).ok
(5, True)
"""

from wortsuche.errors import (
    BudgetExhausted,
    DoesNotFitError,
    FillError,
    GenerationTimeout,
    InputError,
    InternalError,
    LayoutRejected,
    MessageError,
    MissingExtraError,
    PuzzleFormatError,
    UserError,
    VerificationError,
    WortsucheError,
)
from wortsuche.grid.topology import Flat, Topology
from wortsuche.grid.torus import Torus
from wortsuche.levels import LEVEL_DESCRIPTIONS, LEVELS
from wortsuche.model import (
    Crossing,
    Decoys,
    Direction,
    Filler,
    Grid,
    Options,
    Placement,
    Puzzle,
    Word,
)
from wortsuche.pipeline.run import generate
from wortsuche.puzzle_json import dumps as puzzle_to_json
from wortsuche.puzzle_json import loads as puzzle_from_json
from wortsuche.spec import PuzzleSpec
from wortsuche.verification.solver import solve
from wortsuche.verification.verifier import Report, verify, verify_puzzle

__version__ = "0.1.0"

__all__ = [
    "LEVELS",
    "LEVEL_DESCRIPTIONS",
    "BudgetExhausted",
    "Crossing",
    "Decoys",
    "Direction",
    "DoesNotFitError",
    "FillError",
    "Filler",
    "Flat",
    "GenerationTimeout",
    "Grid",
    "InputError",
    "InternalError",
    "LayoutRejected",
    "MessageError",
    "MissingExtraError",
    "Options",
    "Placement",
    "Puzzle",
    "PuzzleFormatError",
    "PuzzleSpec",
    "Report",
    "Topology",
    "Torus",
    "UserError",
    "VerificationError",
    "Word",
    "WortsucheError",
    "generate",
    "puzzle_from_json",
    "puzzle_to_json",
    "solve",
    "verify",
    "verify_puzzle",
]
