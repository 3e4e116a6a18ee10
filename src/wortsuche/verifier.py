"""Step 5 of the pipeline: the one verifier.

It reads the finished grid in all 8 directions, whatever the level, and states for every
word where it occurs: its own placement, occurrences inside a longer listed word (ARCHIV
inside ARCHIVBOT: unavoidable and allowed), and stray occurrences (a second copy: a bug).
An occurrence is a set of cells, so a palindrome read both ways is one occurrence.

It is deliberately independent of the generator's incremental checks: it scans every
line of the grid as one string. the pipeline calls it as a final self-check, and so do
``wortsuche check``, ``wortsuche solve``, the web app and the tests.

>>> from wortsuche.model import Grid, Word
>>> report = verify(Grid.from_rows(["DAS", "XYZ"]), [Word("das", "DAS")])
>>> report.ok, report.words[0].own
(True, Occurrence(start=(0, 0), direction=<Direction.E: (0, 1)>, length=3))
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from wortsuche.geometry import grid_lines
from wortsuche.model import Cell, Direction, Grid, Placement, Puzzle, Word


@dataclass(frozen=True)
class Occurrence:
    """A word read in the grid from ``start`` in ``direction``."""

    start: Cell
    direction: Direction
    length: int

    @property
    def end(self) -> Cell:
        """The cell of the last letter."""
        return self.direction.offset(self.start, self.length - 1)

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells read, first letter first."""
        return self.direction.run(self.start, self.length)

    @property
    def key(self) -> tuple[Cell, Cell]:
        """The same for both reading directions: the two end cells, smaller first."""
        return min(self.start, self.end), max(self.start, self.end)

    @classmethod
    def of(cls, placement: Placement) -> Occurrence:
        """The occurrence a placement claims."""
        return cls(placement.start, placement.direction, len(placement.letters))


@dataclass(frozen=True)
class WordReport:
    """What the grid holds of one word."""

    word: Word
    own: Occurrence | None
    """The word's own occurrence (its placement), or None if it is missing."""
    inside_longer: tuple[tuple[Occurrence, str], ...]
    """Occurrences inside a longer placed word, with that word's letters."""
    stray: tuple[Occurrence, ...]
    """Every other occurrence: each one breaks the exactly-once guarantee."""
    expected: bool = True
    """False for a word that must not be in the grid at all (an ``absent`` puzzle)."""

    @property
    def ok(self) -> bool:
        """True if the word is there exactly once (or, when not expected, not at all)."""
        if not self.expected:
            return self.own is None and not self.stray and not self.inside_longer
        return self.own is not None and not self.stray


@dataclass(frozen=True)
class Report:
    """The verifier's answer for a whole grid."""

    words: tuple[WordReport, ...]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True if every word is there exactly once and the placements match the grid."""
        return not self.problems

    def __getitem__(self, letters: str) -> WordReport:
        for report in self.words:
            if report.word.letters == letters:
                return report
        raise KeyError(letters)


SCAN_FROM = 24
"""Words of one length from which one pass over all windows beats a search per word."""


def find_occurrences(grid: Grid, words: Sequence[str]) -> dict[str, list[Occurrence]]:
    """Every occurrence of each word in all 8 directions, one per set of cells, in reading order.

    Few words of a length are searched one by one (``str.find``); many words of one length
    (thousands of short words) are found in one pass over every window of that length.
    """
    text, offsets, starts = _lines_text(grid)
    seen: dict[str, dict[tuple[Cell, Cell], Occurrence]] = {}
    readings: dict[int, dict[str, list[tuple[str, bool]]]] = {}
    for letters in dict.fromkeys(words):
        seen[letters] = {}
        by_reading = readings.setdefault(len(letters), {})
        by_reading.setdefault(letters, []).append((letters, False))
        if letters[::-1] != letters:
            by_reading.setdefault(letters[::-1], []).append((letters, True))

    def record(at: int, length: int, letters: str, backwards: bool) -> None:
        line = bisect.bisect_right(offsets, at) - 1
        start, axis = starts[line]
        occurrence = Occurrence(axis.offset(start, at - offsets[line]), axis, length)
        if backwards:
            occurrence = Occurrence(occurrence.end, axis.reverse, length)
        seen[letters].setdefault(occurrence.key, occurrence)

    for length, by_reading in readings.items():
        if len(by_reading) < SCAN_FROM:
            for reading, owners in by_reading.items():
                at = text.find(reading)
                while at >= 0:
                    for letters, backwards in owners:
                        record(at, length, letters, backwards)
                    at = text.find(reading, at + 1)
        else:
            for at in range(len(text) - length + 1):
                hit = by_reading.get(text[at : at + length])
                if hit is not None:
                    for letters, backwards in hit:
                        record(at, length, letters, backwards)
    return {letters: sorted(found.values(), key=lambda o: o.key) for letters, found in seen.items()}


def _lines_text(grid: Grid) -> tuple[str, list[int], list[tuple[Cell, Direction]]]:
    """All lines of the grid along the four axes, joined by newlines, with where each starts."""
    parts: list[str] = []
    offsets: list[int] = []
    starts: list[tuple[Cell, Direction]] = []
    position = 0
    lines = grid_lines(grid.height, grid.width)
    if grid.height * grid.width == 1:
        lines = lines[:1]  # one cell: one line, not four readings of the same letter
    rows = grid.rows
    for axis, cells in lines:
        parts.append("".join(rows[r][c] for r, c in cells))
        offsets.append(position)
        starts.append((cells[0], axis))
        position += len(cells) + 1
    return "\n".join(parts), offsets, starts


def verify(
    grid: Grid,
    words: Sequence[Word],
    placements: Mapping[str, Placement] | None = None,
    *,
    absent: bool = False,
) -> Report:
    """Check that each word occurs exactly once (or, with ``absent``, not at all).

    With ``placements`` (word letters → placement) each word's own occurrence must be
    its placement. Without them (a grid from elsewhere), a word's own occurrence is its
    one occurrence that is not inside an occurrence of a longer listed word.
    """
    letters = [w.letters for w in words]
    found = find_occurrences(grid, letters)
    problems: list[str] = []
    if placements is None:
        placements = {} if absent else infer_placements(words, found)
    else:
        problems += _placement_problems(grid, words, placements, absent)
    longer_cells = _cells_by_length(placements)
    reports = []
    for word in words:
        placement = placements.get(word.letters)
        claimed = Occurrence.of(placement).key if placement else None
        own = None
        inside: list[tuple[Occurrence, str]] = []
        stray: list[Occurrence] = []
        for occurrence in found[word.letters]:
            if claimed is not None and occurrence.key == claimed:
                own = occurrence
                continue
            host = _host(occurrence, len(word), longer_cells)
            if host is not None:
                inside.append((occurrence, host))
            else:
                stray.append(occurrence)
        report = WordReport(word, own, tuple(inside), tuple(stray), expected=not absent)
        reports.append(report)
        problems += _word_problems(report)
    return Report(tuple(reports), tuple(problems))


def verify_puzzle(puzzle: Puzzle) -> Report:
    """Check a finished puzzle: its placements, and each word exactly once (or not at all)."""
    return verify(puzzle.grid, puzzle.words, puzzle.placements, absent=puzzle.absent)


def infer_placements(
    words: Sequence[Word], found: Mapping[str, list[Occurrence]]
) -> dict[str, Placement]:
    """For a grid without placements: each word's one occurrence not inside a longer word's.

    A word found only inside longer words (KRÖTE in SCHILDKRÖTE) has its place there: the
    first such occurrence.
    """
    spans: list[tuple[int, set[Cell]]] = [
        (len(w), set(o.cells)) for w in words for o in found[w.letters]
    ]
    placements = {}
    for word in words:
        own = [
            o
            for o in found[word.letters]
            if not any(n > len(word) and {o.start, o.end} <= cells for n, cells in spans)
        ]
        candidates = own or found[word.letters]
        if candidates:
            first = candidates[0]
            placements[word.letters] = Placement(word.letters, first.start, first.direction)
    return placements


def _cells_by_length(placements: Mapping[str, Placement]) -> dict[Cell, list[tuple[int, str]]]:
    """For each cell, the placed words covering it with their lengths."""
    cover: dict[Cell, list[tuple[int, str]]] = {}
    for placement in placements.values():
        for cell in placement.cells:
            cover.setdefault(cell, []).append((len(placement.letters), placement.letters))
    return cover


def _host(
    occurrence: Occurrence, length: int, cover: dict[Cell, list[tuple[int, str]]]
) -> str | None:
    """The longer placed word whose cells hold the whole occurrence, if any."""
    at_end = {letters for n, letters in cover.get(occurrence.end, []) if n > length}
    for n, letters in cover.get(occurrence.start, []):
        if n > length and letters in at_end:
            return letters
    return None


def _placement_problems(
    grid: Grid, words: Sequence[Word], placements: Mapping[str, Placement], absent: bool
) -> list[str]:
    listed = {w.letters for w in words}
    problems = []
    for letters, placement in placements.items():
        if letters not in listed:
            problems.append(f"{letters}: placed but not in the word list")
        elif absent:
            problems.append(f"{letters}: placed although the puzzle hides no word")
        elif grid.read(placement.start, placement.direction, len(letters)) != letters:
            problems.append(
                f"{letters}: the grid does not read {letters} at row {placement.start[0] + 1}, "
                f"column {placement.start[1] + 1} going {placement.direction.arrow}"
            )
    return problems


def _word_problems(report: WordReport) -> list[str]:
    letters = report.word.letters
    problems = []
    if report.expected and report.own is None:
        problems.append(f"{letters}: not found in the grid")
    for occurrence in report.stray:
        r, c = occurrence.start
        problems.append(
            f"{letters}: {'a second copy' if report.expected else 'found'} at row {r + 1}, "
            f"column {c + 1} going {occurrence.direction.arrow}"
        )
    if not report.expected:
        for _, host in report.inside_longer:
            problems.append(f"{letters}: found inside {host} although the puzzle hides no word")
    return problems
