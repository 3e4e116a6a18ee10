"""What the pipeline makes, whatever the size: the words and how to hide them."""

from __future__ import annotations

from dataclasses import dataclass

from wortsuche.grid.shapes import Outline
from wortsuche.model import HiddenMessage, Options, Word


@dataclass(frozen=True)
class Plan:
    """What to make, whatever the size: the words and how to hide them.

    The words whose letters are in ``secret`` are placed like the others and kept as the
    puzzle's ``secret_words``; ``drawn`` makes the cells outside its outline holes; ``exact``
    places by SAT solver.
    """

    words: tuple[Word, ...]
    level: str
    options: Options
    seed: int
    notes: tuple[str, ...] = ()
    message: HiddenMessage | None = None
    secret: frozenset[str] = frozenset()
    drawn: Outline | None = None
    exact: bool = False
