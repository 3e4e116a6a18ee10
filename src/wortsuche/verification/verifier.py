"""Step 4 of the pipeline: the one verifier.

It reads the finished grid in all 8 directions, whatever the level, and states for every
word where it occurs: its own placement, occurrences inside a longer listed word (ARCHIV
inside ARCHIVBOT: unavoidable and allowed), and stray occurrences (a second copy: a bug).
An occurrence is a set of cells, so a palindrome read both ways is one occurrence; where lines
are cycles, its cells in order, so where two directions read the same cells (on cyclic lines one
or two rows or columns high) a word there still counts once.
A word that lies inside a longer listed word (KRÖTE in SCHILDKRÖTE) has its place there:
its own occurrence must lie inside a longer placed word, and a copy apart is a problem.

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
import functools
import importlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from typing import Any

from wortsuche.errors import InputError
from wortsuche.grid.topology import Topology, flat_key
from wortsuche.model import HOLE, Cell, Direction, Grid, Placement, Puzzle, Word
from wortsuche.notes import Note


@dataclass(frozen=True)
class Occurrence:
    """A word read in the grid from ``start`` in ``direction``."""

    start: Cell
    direction: Direction
    length: int
    topology: Topology | None = field(default=None, repr=False, compare=False)
    """The grid's topology where its lines are cycles (:attr:`Topology.cyclic`: a run is known
    only by all its cells); None where lines have ends, and a run's two ends say all."""

    @property
    def end(self) -> Cell:
        """The cell of the last letter."""
        return self.cells[-1]

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells read, first letter first."""
        if self.topology is None:
            return self.direction.run(self.start, self.length)
        return self.topology.cells(self.start, self.direction, self.length)

    @cached_property
    def key(self) -> tuple[Cell, ...]:
        """What the occurrence is: the same for both reading directions, and where lines are
        cycles the same for every reading of the same cells in the same order (two rows high,
        ↗ and ↘ read one run); its two ends where lines have ends."""
        if self.topology is None:
            return flat_key(self.start, self.direction, self.length)
        cells = self.cells
        return min(cells, cells[::-1])

    @cached_property
    def order(self) -> tuple[Cell, Cell] | tuple[Cell, Cell, int]:
        """Where it stands in reading order (:meth:`Topology.reading_key`)."""
        if self.topology is None:
            return flat_key(self.start, self.direction, self.length)
        return self.topology.reading_key(self.start, self.direction, self.length)

    @property
    def ambiguous(self) -> bool:
        """True if its two end cells may also be the ends of another run (cyclic lines)."""
        return self.topology is not None

    @classmethod
    def of(cls, placement: Placement, topology: Topology | None = None) -> Occurrence:
        """The occurrence a placement claims on a grid of ``topology``."""
        return cls(placement.start, placement.direction, len(placement.letters), _round(topology))


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
    apart: bool = False
    """True if the own occurrence stands apart although the word also lies inside a longer
    placed word: its letters then stand twice (KRÖTE beside SCHILDKRÖTE), which breaks the
    guarantee as a stray copy does."""

    @property
    def ok(self) -> bool:
        """True if the word is there exactly once (or, when not expected, not at all)."""
        if not self.expected:
            return self.own is None and not self.stray and not self.inside_longer
        return self.own is not None and not self.stray and not self.apart


@dataclass(frozen=True)
class Report:
    """The verifier's answer for a whole grid."""

    words: tuple[WordReport, ...]
    problems: tuple[str, ...]
    topology: Topology | None = None
    """The grid's topology, which draws its directions (its arrows); None: a flat grid."""

    def arrow(self, direction: Direction) -> str:
        """The arrow ``direction`` is drawn as on this report's grid (↘ for S on hexagons)."""
        return direction.arrow if self.topology is None else self.topology.arrow(direction)

    @property
    def ok(self) -> bool:
        """True if every word is there exactly once and the placements match the grid."""
        return not self.problems

    def __getitem__(self, letters: str) -> WordReport:
        for report in self.words:
            if report.word.letters == letters:
                return report
        raise KeyError(letters)


PREFIX = 3
"""Letters of a reading looked up at each position of the text; shorter readings are searched."""


def _automaton_library() -> Any:
    """``pyahocorasick`` (a core dependency, C wheels for every common platform), or None where
    it is not installed: then the scan in Python reads the lines instead."""
    try:
        return importlib.import_module("ahocorasick")
    except ImportError:
        return None


AHOCORASICK = _automaton_library()


def find_occurrences(
    grid: Grid, words: Sequence[str], *, topology: Topology | None = None
) -> dict[str, list[Occurrence]]:
    """Every occurrence of each word in all 8 directions, one per run of cells, in reading order.

    ``topology`` says how the cells line up (by default a flat grid: see
    :mod:`wortsuche.grid.topology`); where lines are cycles, each is read round, from each of its
    cells, for as many letters as the line has cells.

    One pass over the text of all lines: at each position the next :data:`PREFIX` letters
    name the few readings (words and their reversals) that can start there, so the cost
    grows with the cells, not with cells × words. Readings shorter than that are searched
    one by one (``str.find``): there are few of them.
    """
    if topology is None:
        topology = Topology.of_grid(grid)
    lines = topology.line_texts(grid.rows, max(map(len, words), default=1))
    around = _round(topology)
    readings = _readings_of(words)
    seen: dict[str, dict[Any, Occurrence]] = {letters: {} for letters in readings.words}
    offsets = lines.offsets
    # Where lines are cycles, one run is read from several cells and the first reading is kept:
    # there the scan's own order counts, so the automaton (hits by their end) reads flat grids.
    hits = readings.hits if around is not None else readings.hits_by_automaton
    for at, reading, owners in hits(lines.text):
        line = bisect.bisect_right(offsets, at) - 1
        located = lines.span(line, at, len(reading))
        if located is None:
            continue
        first, last, axis = located
        for letters, backwards in owners:
            occurrence = (
                Occurrence(last, axis.reverse, len(reading), around)
                if backwards
                else Occurrence(first, axis, len(reading), around)
            )
            if occurrence.key not in seen[letters]:
                seen[letters][occurrence.key] = occurrence
    return {
        letters: sorted(found.values(), key=attrgetter("order")) for letters, found in seen.items()
    }


def _round(topology: Topology | None) -> Topology | None:
    """``topology`` if its lines are cycles, for an :class:`Occurrence` to keep."""
    return topology if topology is not None and topology.cyclic else None


KEPT_WORDS = 200
"""Lists of at most this many words keep their readings and automaton for the next grid of the
same list (:func:`_readings_of`): on 15 × 15 with 20 words building them is a tenth of verifying."""


def _readings_of(words: Sequence[str]) -> _Readings:
    """``_Readings(words)``, kept for the next grid of the same words when the list is small.
    Readings are never changed once made (the automaton is made once, on first use)."""
    if len(words) > KEPT_WORDS:
        return _Readings(words)
    return _kept_readings(tuple(words))


@functools.lru_cache(maxsize=16)
def _kept_readings(words: tuple[str, ...]) -> _Readings:
    return _Readings(words)


class _Readings:
    """The words and their reversals, indexed by their first :data:`PREFIX` letters."""

    def __init__(self, words: Sequence[str]) -> None:
        self._automaton: Any = None
        self.words = list(dict.fromkeys(words))
        owners_of: dict[str, list[tuple[str, bool]]] = {}
        for letters in self.words:
            owners_of.setdefault(letters, []).append((letters, False))
            if letters[::-1] != letters:
                owners_of.setdefault(letters[::-1], []).append((letters, True))
        self.by_prefix: dict[str, list[tuple[str, list[tuple[str, bool]]]]] = {}
        self.short: dict[str, list[tuple[str, bool]]] = {}
        for reading, owners in owners_of.items():
            if len(reading) < PREFIX:
                self.short[reading] = owners
            else:
                self.by_prefix.setdefault(reading[:PREFIX], []).append((reading, owners))

    def hits_by_automaton(self, text: str) -> list[tuple[int, str, list[tuple[str, bool]]]]:
        """:meth:`hits` in another order, found by an Aho–Corasick automaton in C
        (``pyahocorasick``) in one pass over ``text``; :meth:`hits` where it is not installed."""
        if AHOCORASICK is None:
            return self.hits(text)
        automaton = self._automaton
        if automaton is None:
            automaton = AHOCORASICK.Automaton()
            for reading, owners in self.short.items():
                automaton.add_word(reading, (reading, owners))
            for bucket in self.by_prefix.values():
                for reading, owners in bucket:
                    automaton.add_word(reading, (reading, owners))
            if len(automaton):
                automaton.make_automaton()
            self._automaton = automaton
        if not len(automaton):
            return []
        return [
            (end - len(reading) + 1, reading, owners)
            for end, (reading, owners) in automaton.iter(text)
        ]

    def hits(self, text: str) -> list[tuple[int, str, list[tuple[str, bool]]]]:
        """Where each reading stands in ``text``, with the words (and whether read backwards)
        it is a reading of."""
        hits: list[tuple[int, str, list[tuple[str, bool]]]] = []
        for reading, owners in self.short.items():
            at = text.find(reading)
            while at >= 0:
                hits.append((at, reading, owners))
                at = text.find(reading, at + 1)
        candidates = self.by_prefix.get
        startswith = text.startswith
        for at in range(len(text) - PREFIX + 1):
            bucket = candidates(text[at : at + PREFIX])
            if bucket is not None:
                for reading, owners in bucket:
                    if startswith(reading, at):
                        hits.append((at, reading, owners))
        return hits


def grid_refused(grid: object) -> InputError:
    """The error for a grid that is neither a :class:`Grid` nor a list of rows of text."""
    kind = type(grid).__name__
    return InputError(
        f"a grid is a Grid or a list of rows of letters, not {kind}",
        key="error.grid-kind",
        values={"kind": kind},
    )


def _checked_words(grid: object, words: object) -> list[Word]:
    """The words :func:`verify` was given, as a list, if it was given a grid and words."""
    if not isinstance(grid, Grid):
        raise grid_refused(grid)
    listed = list(words) if isinstance(words, Iterable) and not isinstance(words, str) else None
    if listed is None or not all(isinstance(word, Word) for word in listed):
        kind = type(words).__name__
        raise InputError(
            f"verify checks a list of Word values, not {kind} (words as text: solve)",
            key="error.verify-words",
            values={"kind": kind},
        )
    return listed


def verify(
    grid: Grid,
    words: Sequence[Word],
    placements: Mapping[str, Placement] | None = None,
    *,
    absent: bool = False,
    topology: Topology | None = None,
) -> Report:
    """Check that each word occurs exactly once (or, with ``absent``, not at all).

    ``topology`` says how the cells line up (:func:`find_occurrences`; by default flat).

    With ``placements`` (word letters → placement) each word's own occurrence must be
    its placement. Without them (a grid from elsewhere) they are inferred: a word's own
    occurrence is its first one inside an occurrence of a longer listed word, or else its
    first one. A word that also lies inside a longer placed word must have its own
    occurrence there too, not apart.
    """
    words = _checked_words(grid, words)
    letters = [w.letters for w in words]
    topology = topology if topology is not None else Topology.of_grid(grid)
    found = find_occurrences(grid, letters, topology=topology)
    problems: list[str] = []
    if placements is None:
        placements = {} if absent else infer_placements(words, found, topology)
    else:
        # where lines are cycles a run longer than its line is refused by reading it alone
        read = None if topology.cyclic else found
        problems += _placement_problems(grid, words, placements, absent, topology, read)
    claims = {letters: Occurrence.of(p, topology) for letters, p in placements.items()}
    longer = _Cover(claims, placements)
    reports = []
    for word in words:
        claim = claims.get(word.letters)
        claimed = claim.key if claim is not None else None
        own = None
        inside: list[tuple[Occurrence, str]] = []
        stray: list[Occurrence] = []
        for occurrence in found[word.letters]:
            if claimed is not None and occurrence.key == claimed:
                own = occurrence
                continue
            host = _host(occurrence, len(word), longer.cells)
            if host is not None:
                inside.append((occurrence, host))
            else:
                stray.append(occurrence)
        apart = own is not None and bool(inside) and _host(own, len(word), longer.cells) is None
        report = WordReport(
            word, own, tuple(inside), tuple(stray), expected=not absent, apart=apart
        )
        reports.append(report)
        if not (report.expected and own is not None and not stray and not apart):
            problems += _word_problems(report, topology)  # a word there once says nothing
    return Report(tuple(reports), tuple(problems), topology)


class _Cover:
    """The placed words' cells (:func:`_cover`), worked out when an occurrence apart from its
    placement first asks for them: in a grid where every word is there once, never."""

    def __init__(self, claims: Mapping[str, Occurrence], placements: Mapping[str, Placement]):
        self.claims, self.placements = claims, placements
        self._cells: dict[Cell, list[tuple[int, str, int, int]]] | None = None

    @property
    def cells(self) -> dict[Cell, list[tuple[int, str, int, int]]]:
        """For each cell, the placed words covering it (:func:`_cover`)."""
        if self._cells is None:
            self._cells = _cover((self.claims[k], p.letters) for k, p in self.placements.items())
        return self._cells


def verify_puzzle(puzzle: Puzzle) -> Report:
    """Check a finished puzzle: its placements, each word (secret ones too) exactly once (or not
    at all), and a hidden message where it belongs: in the first free cells, read row by row."""
    if not isinstance(puzzle, Puzzle):
        kind = type(puzzle).__name__
        raise InputError(
            f"verify_puzzle checks a Puzzle, not {kind} (a grid and words: solve)",
            key="error.not-a-puzzle-object",
            values={"kind": kind},
        )
    words = puzzle.words + puzzle.secret_words
    report = verify(
        puzzle.grid,
        words,
        puzzle.placements,
        absent=puzzle.absent,
        topology=Topology.of_puzzle(puzzle),
    )
    message = puzzle.message
    if message is None:
        return report
    covered = puzzle.covered()
    free = [
        letter
        for r, row in enumerate(puzzle.grid.rows)
        for c, letter in enumerate(row)
        if (r, c) not in covered and letter != HOLE  # a hole is no cell
    ]
    problems = list(report.problems)
    if "".join(free[: len(message.letters)]) != message.letters:
        problems.append(
            Note(
                f"the hidden message {message.letters} is not in the free cells",
                key="problem.message-missing",
                values={"message": message.letters},
            )
        )
    elif message.exact and len(free) != len(message.letters):
        filled, cells = len(message.letters), len(free)
        problems.append(
            Note(
                f"the message fills {filled} of the {cells} free cells, not all",
                key="problem.message-not-all",
                values={"letters": filled, "free": cells},
            )
        )
    return Report(report.words, tuple(problems), report.topology)


def infer_placements(
    words: Sequence[Word], found: Mapping[str, list[Occurrence]], topology: Topology | None = None
) -> dict[str, Placement]:
    """For a grid without placements: where each word has its place.

    A word found inside a longer listed word (KRÖTE in SCHILDKRÖTE) has its place there: the
    first such occurrence. Any other word: its first occurrence.
    """
    cover = _cover((o, w.letters) for w in words for o in found[w.letters])
    placements = {}
    for word in words:
        occurrences = found[word.letters]
        inside = [o for o in occurrences if _host(o, len(word), cover) is not None]
        candidates = inside or occurrences
        if candidates:
            first = candidates[0]
            placements[word.letters] = Placement(word.letters, first.start, first.direction)
    return placements


def _cover(
    spans: Iterable[tuple[Occurrence, str]],
) -> dict[Cell, list[tuple[int, str, int, int]]]:
    """For each cell, the words covering it: their length, letters, which span (a number) and
    where in it the cell is."""
    cover: dict[Cell, list[tuple[int, str, int, int]]] = {}
    for number, (span, letters) in enumerate(spans):
        for at, cell in enumerate(span.cells):
            entry = (span.length, letters, number, at)
            if cell in cover:
                cover[cell].append(entry)
            else:
                cover[cell] = [entry]
    return cover


def _host(
    occurrence: Occurrence, length: int, cover: dict[Cell, list[tuple[int, str, int, int]]]
) -> str | None:
    """The longer word whose span in ``cover`` holds the whole occurrence, if any."""
    at_start = cover.get(occurrence.start)
    if not at_start:
        return None
    if occurrence.ambiguous:  # two cells may be the ends of more than one run
        return _run_host(occurrence, length, cover, at_start)
    at_end = {number for n, _, number, _ in cover.get(occurrence.end, ()) if n > length}
    for n, letters, number, _ in at_start:
        if n > length and number in at_end:
            return letters
    return None


def _run_host(
    occurrence: Occurrence,
    length: int,
    cover: dict[Cell, list[tuple[int, str, int, int]]],
    at_start: list[tuple[int, str, int, int]],
) -> str | None:
    """:func:`_host` where two cells may end several runs: the span must hold every cell of the
    occurrence, in a row."""
    cells = occurrence.cells
    for n, letters, number, first in at_start:
        if n <= length:
            continue
        where = [
            next((at for _, _, k, at in cover.get(cell, ()) if k == number), None) for cell in cells
        ]
        if where == list(range(first, first + length)) or where == list(
            range(first, first - length, -1)
        ):
            return letters
    return None


def _placement_problems(
    grid: Grid,
    words: Sequence[Word],
    placements: Mapping[str, Placement],
    absent: bool,
    topology: Topology,
    found: Mapping[str, list[Occurrence]] | None = None,
) -> list[str]:
    """What is wrong with ``placements``; ``found`` (the occurrences :func:`find_occurrences`
    found) spares reading the grid again where one of them is the placement, read the same way."""
    listed = {w.letters for w in words}
    problems: list[str] = []
    for letters, placement in placements.items():
        if not placement.letters:
            named = letters or "(no word)"
            problems.append(_problem(f"{named}: a placement without letters", "no-letters", named))
        elif letters != placement.letters:
            problems.append(
                _problem(
                    f"{letters}: the placement is of {placement.letters}",
                    "placement-of",
                    letters,
                    other=placement.letters,
                )
            )
        elif letters not in listed:
            problems.append(
                _problem(f"{letters}: placed but not in the word list", "not-listed", letters)
            )
        elif absent:
            problems.append(
                _problem(
                    f"{letters}: placed although the puzzle hides no word", "placed-absent", letters
                )
            )
        elif not _found_at(placement, found) and _read(grid, topology, placement) != letters:
            where = _where(placement.start, placement.direction, topology)
            problems.append(
                _problem(
                    f"{letters}: the grid does not read {letters} at {where}",
                    "grid-reads-not",
                    letters,
                    **_at(placement.start, placement.direction, topology),
                )
            )
    return problems


def _problem(text: str, kind: str, letters: str, **values: object) -> Note:
    """A problem with a word, in English, naming its catalogue entry ``problem.<kind>``."""
    return Note(text, key=f"problem.{kind}", values={"letters": letters, **values})


def _at(start: Cell, direction: Direction, topology: Topology) -> dict[str, object]:
    """The values of a place in a problem: row and column counted from 1, the arrow as the
    topology draws it."""
    return {"row": start[0] + 1, "col": start[1] + 1, "arrow": topology.arrow(direction)}


def _where(start: Cell, direction: Direction, topology: Topology) -> str:
    """A place in a problem, in English: ``row 5, column 4 going ←`` (↘ for S on hexagons)."""
    return f"row {start[0] + 1}, column {start[1] + 1} going {topology.arrow(direction)}"


def _found_at(placement: Placement, found: Mapping[str, list[Occurrence]] | None) -> bool:
    """Whether ``found`` holds an occurrence of the placement's word from its first cell in its
    direction: the grid reads the word there (a palindrome found the other way is read again)."""
    if found is None:
        return False
    start, direction, length = placement.start, placement.direction, len(placement.letters)
    for o in found.get(placement.letters, ()):  # one or two: a loop, not a generator
        if o.start == start and o.direction is direction and o.length == length:
            return True
    return False


def _read(grid: Grid, topology: Topology, placement: Placement) -> str | None:
    """The letters the grid holds where ``placement`` stands, or None if it leaves the grid."""
    cells = topology.run(placement.start, placement.direction, len(placement.letters))
    rows = grid.rows
    return None if cells is None else "".join(rows[r][c] for r, c in cells)


def _word_problems(report: WordReport, topology: Topology) -> list[str]:
    letters = report.word.letters
    problems: list[str] = []
    if report.expected and report.own is None:
        problems.append(_problem(f"{letters}: not found in the grid", "not-found", letters))
    if report.apart and report.own is not None:
        own, host = report.own, report.inside_longer[0][1]
        problems.append(
            _problem(
                f"{letters}: a second copy at {_where(own.start, own.direction, topology)}, apart from "
                f"its place inside {host}",
                "apart",
                letters,
                host=host,
                **_at(own.start, own.direction, topology),
            )
        )
    for occurrence in report.stray:
        where = _where(occurrence.start, occurrence.direction, topology)
        copy, kind = (
            ("a second copy", "second-copy") if report.expected else ("found", "found-absent")
        )
        problems.append(
            _problem(
                f"{letters}: {copy} at {where}",
                kind,
                letters,
                **_at(occurrence.start, occurrence.direction, topology),
            )
        )
    if not report.expected:
        for _, host in report.inside_longer:
            problems.append(
                _problem(
                    f"{letters}: found inside {host} although the puzzle hides no word",
                    "inside-absent",
                    letters,
                    host=host,
                )
            )
    return problems
