"""Whether a run of finds could have been played by a person: the floor of selecting a word.

A person who finds a word has to see that the last answer came, move to the word's first
letter and go along it to its last; a script that knows the answers posts them at once. The
server times every find from the pupil's previous request (a find, a wrong selection, a hint,
or joining), and a find is *implausible*

- if it came sooner than :func:`least_seconds` of the cells it covers (faster than anyone can
  select it), or
- if it is one of a run of :data:`RUN_FINDS` finds in a row that each came within
  :data:`SEARCH_SECONDS` of that floor (no gap in which anyone looked for a word).

Implausible finds are kept and marked (the teacher decides), and a game with one is left out of
calibration: the difficulty model must learn from people, not from scripts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

REACTION_SECONDS = 0.3
"""The least time from one answer to the first letter of the next selection: a person's
quickest reaction to something seen is about a quarter of a second, and then the hand moves."""

SECONDS_PER_CELL = 0.05
"""The least time per cell a selection covers: a held arrow key repeats about 30 times a second
(0.033 s a cell), and a drag or two taps over a grid of 40-pixel cells take longer still."""

RUN_FINDS = 5
"""Finds in a row that each come with no time to search make the whole run implausible."""

SEARCH_SECONDS = 1.5
"""Time to look for a word beyond selecting it: five words in a row each found within this long
is what a script that waits out the floor does, not what a person does."""


@dataclass(frozen=True)
class TimedFind:
    """A find as the server saw it: when (``at``), how long after the previous request, and over
    how many cells (``gap`` None: recorded before finds were timed, never judged). Words found
    by one selection share ``at``."""

    word: str
    at: float
    gap: float | None
    cells: int


def least_seconds(cells: int) -> float:
    """The least time in which a person selects a word of ``cells`` cells after the last answer.

    >>> least_seconds(5)
    0.55
    """
    return round(REACTION_SECONDS + SECONDS_PER_CELL * cells, 3)


def implausible(finds: Sequence[TimedFind]) -> set[str]:
    """The words among ``finds`` (in finding order) found faster than a person could."""
    marked = {
        find.word for find in finds if find.gap is not None and find.gap < least_seconds(find.cells)
    }
    run: list[TimedFind] = []
    for find in finds:
        if run and find.at == run[-1].at:
            run.append(find)  # a second word of the same selection: no new find in the run
            continue
        hurried = find.gap is not None and find.gap < least_seconds(find.cells) + SEARCH_SECONDS
        run = [*run, find] if hurried else []
        if len({each.at for each in run}) >= RUN_FINDS:
            marked.update(each.word for each in run)
    return marked


def claimed_finds(finds: Sequence[tuple[str, float]]) -> list[TimedFind]:
    """Finds a page reports with their seconds of play, timed from the one before (the first
    from the start), each over as many cells as its word has letters.

    >>> [find.gap for find in claimed_finds([("IGEL", 4.0), ("REH", 6.5)])]
    [4.0, 2.5]
    """
    timed: list[TimedFind] = []
    before = 0.0
    for word, at in finds:
        cells = sum(1 for letter in word if letter.isalnum())
        if timed and at == timed[-1].at:  # found by the same selection: timed as the first
            timed.append(TimedFind(word, at, timed[-1].gap, cells))
            continue
        timed.append(TimedFind(word, at, round(at - before, 3), cells))
        before = at
    return timed


class StoredFind(Protocol):
    """A find as a table keeps it (a pupil's, see :class:`~wortsuche.web.storage.classroom.Find`)."""

    @property
    def word(self) -> str: ...
    @property
    def at(self) -> float: ...
    @property
    def gap(self) -> float | None: ...
    @property
    def cells(self) -> int: ...


def implausible_finds(finds: Sequence[StoredFind]) -> set[str]:
    """The words of a pupil's finds that came faster than a person selects (a class's or recorded play's)."""
    return implausible([TimedFind(f.word, f.at, f.gap, f.cells) for f in finds])
