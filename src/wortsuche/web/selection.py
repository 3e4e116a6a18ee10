"""Which words a player's selection finds, and where every word lies: the one check behind the
play page's selections and a class's, and the answers both show once they may.
"""

from __future__ import annotations

from wortsuche.grid.topology import Topology
from wortsuche.model import Cell, Puzzle
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.web.errors import ApiError
from wortsuche.web.schemas import Answer, Answers, CheckResult


def selected_runs(
    puzzle: Puzzle, start: Cell, end: Cell, step: tuple[int, int] | None
) -> list[tuple[Cell, ...]]:
    """The runs of cells a selection from ``start`` to ``end`` may mean, the likeliest first.

    The puzzle's topology says which runs join them (:meth:`Topology.runs_between`): on a flat
    or hexagonal grid the straight line between them, if there is one; on a torus each run
    between them, or only the one going ``step`` from ``start``. One cell is a run of one.
    """
    if start == end:
        return [(start,)]
    topology = Topology.of_puzzle(puzzle)
    runs = topology.runs_between(start, end)
    if step is not None:
        runs = [run for run in runs if topology.offset(run[0], step, 1) == run[1]]
    return runs


def accepted_places(puzzle: Puzzle) -> list[list[tuple[Cell, ...]]]:
    """For each word, listed then secret, the runs of cells that find it.

    That is its placement, and for a word inside longer words each of those places too; a word
    that was not placed has none.
    """
    report = verify_puzzle(puzzle)
    accepted: list[list[tuple[Cell, ...]]] = []
    for word in puzzle.words + puzzle.secret_words:
        places = [o.cells for o in (report[word.letters].own,) if o is not None]
        places += [o.cells for o, _ in report[word.letters].inside_longer]
        accepted.append(places if word.letters in puzzle.placements else [])
    return accepted


def words_along(cells: tuple[Cell, ...], accepted: list[list[tuple[Cell, ...]]]) -> list[int]:
    """The numbers of the words ``cells`` find: read the way the player dragged first, then
    read backwards."""
    forward = [i for i, places in enumerate(accepted) if cells in places]
    backward = [i for i, places in enumerate(accepted) if cells[::-1] in places]
    return forward + [i for i in backward if i not in forward]


def answers(puzzle: Puzzle) -> Answers:
    """Every placed word, in word-list order, then the secret words."""
    found = []
    for index, word in enumerate(puzzle.words + puzzle.secret_words):
        placement = puzzle.placements.get(word.letters)
        if placement is None:
            continue
        found.append(
            Answer(
                index=index,
                word=word.entry,
                letters=word.letters,
                direction=placement.direction.name,
                start=placement.start,
                end=puzzle.cells_of(placement)[-1],
                cells=list(puzzle.cells_of(placement)),
            )
        )
    return Answers(answers=found)


def check(
    puzzle: Puzzle,
    start: tuple[int, int],
    end: tuple[int, int],
    step: tuple[int, int] | None = None,
    accepted: list[list[tuple[Cell, ...]]] | None = None,
) -> CheckResult:
    """Compare a selection with the placements; a word matches read from either end.

    On a torus (``wrap``) two cells are the ends of several runs (straight across, or over the
    edge): the one going ``step`` from ``start`` if given, else each, the shortest first.
    ``accepted`` are the puzzle's :func:`accepted_places`, if already known (a class's cache).
    """
    for name, cell in (("start", start), ("end", end)):
        if cell not in puzzle.grid:
            raise ApiError(
                422,
                f"{name} {list(cell)} is outside the {puzzle.rows}x{puzzle.cols} grid",
                name,
            )
    runs = selected_runs(puzzle, start, end, step)
    if not runs:
        return CheckResult(found=False)
    everything = puzzle.words + puzzle.secret_words  # secret words are numbered after the listed
    accepted = accepted_places(puzzle) if accepted is None else accepted
    for cells in runs:
        indices = words_along(cells, accepted)
        if indices:
            entries = [everything[i].entry for i in indices]
            return CheckResult(
                found=True, word=entries[0], words=entries, indices=indices, cells=list(cells)
            )
    return CheckResult(found=False)
