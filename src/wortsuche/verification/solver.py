"""Find the words in any grid, for example one typed in from a magazine.

>>> report = solve(["DASX", "YZQW"], ["das", "sad", "zy"])
>>> [(r.word.letters, r.own.start if r.own else None) for r in report.words]
[('DAS', (0, 0)), ('SAD', (0, 2)), ('ZY', (1, 1))]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from wortsuche.errors import InputError
from wortsuche.grid.topology import Topology
from wortsuche.model import Grid, Word
from wortsuche.verification.verifier import Report, verify
from wortsuche.words.normalise import normalise_entry, normalise_words


def read_grid(rows: Sequence[str]) -> Grid:
    """A grid from typed rows: blanks between letters and blank lines are ignored, case folded."""
    cleaned = []
    for number, row in enumerate(rows, start=1):
        text = "".join(unicodedata.normalize("NFC", row).split())
        if not text:
            continue
        cleaned.append(normalise_entry(text, line=number).letters)
    if not cleaned:
        raise InputError("the grid is empty", key="error.grid-empty")
    widths = sorted({len(row) for row in cleaned})
    if len(widths) > 1:
        lengths = ", ".join(map(str, widths))
        raise InputError(
            f"grid rows differ in length ({lengths} letters)",
            key="error.grid-ragged",
            values={"lengths": lengths},
        )
    return Grid.from_rows(cleaned)


def solve(
    grid: Grid | Sequence[str], words: Iterable[str | Word], *, topology: Topology | None = None
) -> Report:
    """Where each word stands in ``grid``: once, several times (stray copies) or not at all.

    ``topology`` says how its cells line up (:mod:`wortsuche.grid.topology`; by default flat)."""
    if not isinstance(grid, Grid):
        grid = read_grid(list(grid))
    items = list(words)
    if all(isinstance(w, Word) for w in items):
        prepared = tuple(w for w in items if isinstance(w, Word))
    else:
        prepared, _ = normalise_words([w.entry if isinstance(w, Word) else w for w in items])
    return verify(grid, prepared, topology=topology)
