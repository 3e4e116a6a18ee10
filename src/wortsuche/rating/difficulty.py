"""The names :mod:`wortsuche.render.bookpages` imports from the simulated solver's former home.

The solver is :mod:`wortsuche.difficulty.simulated` now, below the renderers; this module goes
when the book's pages import it from there (the import contracts allow this one import alone).
"""

from wortsuche.difficulty.simulated import Difficulty, rate_puzzle

__all__ = ["Difficulty", "rate_puzzle"]
