"""How hard a puzzle is: the expected effort of a simulated solver, in minutes of an adult.

The model reads the grid, the word list and the directions the solver is told words run in
(a sheet says "across and down", or nothing: then all 8), never the level or other options,
so it rates puzzles made by any program. For each word it simulates the strategy people report
and eye-tracking studies of word searches show: scan the grid for one letter of the word
(its first letter, or one that is clearly rarer in this grid), and at each cell holding it,
look along the directions in the order of reading habit (→ ↓ ↘ ↗ ← ↑ ↖ ↙), letter by letter,
until a letter does not match. On hexagons it reads their six lines as they are drawn
(→ ↘ ↗ ← ↖ ↙), each at the cost of the square grid's direction drawn alike.

Costs, from visual-search and reading research (assumptions, not measured on people here):

- looking at a cell while scanning for a letter: 0.1 units (serial search for a letter runs
  at roughly 25 ms per item);
- comparing one letter along a line: 1 unit (one fixation, about 250 ms), more against the
  reading habit: 1.2 down, 1.5 diagonal, 2 for the four backward directions.

One unit is 0.25 s, so the score is ``units × 0.25 s / 60`` minutes. A word's cell is met,
on average, after half of the other candidate cells (the scan starts anywhere), so where a
word happens to lie does not change the expected effort. Limits: the model knows no
words' meanings, no colour or shape cues, and no learning during a puzzle; it compares
puzzles well, absolute minutes only roughly. A puzzle of more than :data:`SAMPLE_ABOVE` distinct
words is rated from a stratified sample of :data:`SAMPLE_SIZE` of them, scaled up (within 0.7 %
of every word rated on the real lists of 200 × 200 and 500 × 500: benchmarks/README.md).

>>> from wortsuche.model import Grid
>>> rating = rate(Grid.from_rows(["DAS", "XYZ", "QRT"]), ["DAS"])
>>> rating.words[0].anchor, rating.words[0].anchors
('D', 1)
>>> round(rating.words[0].units, 2)  # scan 9 cells × 0.1 ÷ 2, then read A, S going →
2.45
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wortsuche.difficulty.constants import DEFAULT, Constants
from wortsuche.grid.topology import BORDER, Topology
from wortsuche.model import ALL_DIRECTIONS, HOLE, Direction, Grid, Puzzle

MODEL = "solver-1"
"""The name of this model: ratings of different models are not comparable."""

SCAN_COST = DEFAULT.scan_cost
"""Units for looking at one cell while scanning for a letter."""

READING_ORDER: tuple[tuple[Direction, float], ...] = DEFAULT.reading_order()
"""The directions in the order a solver tries them on squares, with the cost of one letter
compared (:func:`reading_order`: on any grid)."""

RARE = DEFAULT.rare
"""A letter is scanned for instead of the first one when it is at most half as common: a
difference people see at a glance (a lone Z or Q), where small differences go unnoticed."""

SECONDS_PER_UNIT = DEFAULT.seconds_per_unit
"""One unit is one fixation of the eyes, about a quarter of a second."""


@dataclass(frozen=True)
class WordEffort:
    """The simulated search for one word."""

    letters: str
    units: float
    """Expected effort in units."""
    anchor: str
    """The letter the solver scans for."""
    anchors: int
    """Cells holding that letter."""
    false_leads: float
    """Expected lines followed for two or more letters that did not complete the word."""
    direction: Direction | None
    """The direction the word was found in (None: it is not in the grid)."""
    seconds_per_unit: float = SECONDS_PER_UNIT

    @property
    def minutes(self) -> float:
        """Expected minutes for this word."""
        return self.units * self.seconds_per_unit / 60


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's rating: ``minutes`` is the score; the rest explains it."""

    minutes: float
    units: float
    words: tuple[WordEffort, ...]
    components: dict[str, float]
    calibrated: bool = False
    """Whether the constants were fitted to real play (``wortsuche calibrate``)."""

    @property
    def score(self) -> float:
        """The score shown to people: expected minutes, one decimal."""
        return round(self.minutes, 1)

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "score": self.score,
            "unit": "minutes",
            "label": "estimated minutes (calibrated model)"
            if self.calibrated
            else "estimated minutes (model)",
            "model": MODEL,
            "calibrated": self.calibrated,
            "components": {k: round(v, 3) for k, v in self.components.items()},
        }


def rate(
    grid: Grid | Sequence[str],
    words: Iterable[str],
    directions: Iterable[Direction] = ALL_DIRECTIONS,
    *,
    topology: Topology | None = None,
    constants: Constants = DEFAULT,
    exact: bool = False,
) -> Difficulty:
    """Rate the grid for ``words`` (their grid letters, e.g. ``Word.letters``).

    ``directions`` are the ones the solver is told words may run in (the sheet says so);
    the solver reads only those. Without it, all 8. ``topology`` is the grid's (by default
    flat, its holes the cells holding :data:`~wortsuche.model.HOLE`): where the sheet says
    lines go on past the edge, the solver reads on instead of stopping there. ``constants``
    are the model's costs (:mod:`wortsuche.difficulty.constants`; fitted ones from a model file).
    A puzzle of more than :data:`SAMPLE_ABOVE` distinct words is rated from a sample of
    :data:`SAMPLE_SIZE` of them (:func:`sample_words`), unless ``exact``.
    """
    rows = tuple(grid.rows if isinstance(grid, Grid) else grid)
    shape = topology if topology is not None else Topology.of_grid(rows)
    reader = _Reader(rows, reading_order(shape, directions, constants), shape, constants)
    distinct = [w for w in dict.fromkeys(words) if w]
    if not exact and len(distinct) > SAMPLE_ABOVE:
        return _sampled(reader, distinct, SAMPLE_SIZE)
    efforts = tuple(reader.search(w) for w in distinct)
    units = sum(e.units for e in efforts)
    minutes = units * constants.seconds_per_unit / 60
    components = _components(reader, efforts, units)
    return Difficulty(minutes, units, efforts, components, constants.calibrated)


def reading_order(
    topology: Topology, directions: Iterable[Direction], constants: Constants = DEFAULT
) -> tuple[tuple[Direction, float], ...]:
    """The directions the solver reads: those of ``directions`` the topology has lines in, in
    the order of reading habit as they are drawn, each with the cost of one letter as drawn (on
    hexagons S is drawn ↘ and costs a diagonal's, not a reading down's).

    >>> from wortsuche.grid.hexagons import Hex
    >>> [(d.name, w) for d, w in reading_order(Hex.hexagon(3), ALL_DIRECTIONS)]
    [('E', 1.0), ('S', 1.5), ('NE', 1.5), ('W', 2.0), ('N', 2.0), ('SW', 2.0)]
    """
    allowed = set(directions)
    drawn = {topology.drawn(d): d for d in topology.directions if d in allowed}
    return tuple((drawn[d], w) for d, w in constants.reading_order() if d in drawn)


SAMPLE_ABOVE = 3000
"""Words from which a puzzle is rated from a sample of them (every puzzle of at most this many
distinct words is rated word by word). Measured in benchmarks/README.md ("The rating of very
large puzzles")."""

SAMPLE_SIZE = 2000
"""Words rated when a puzzle has more than :data:`SAMPLE_ABOVE`."""

SAMPLE_SEED = 1
"""The sample's seed: fixed, so the rating stays a function of the grid and its words."""


def sample_words(reader: _Reader, words: Sequence[str], size: int) -> list[tuple[str, float]]:
    """``size`` of ``words`` (about), each with the number of words it stands for.

    Stratified by the letter the solver scans for (how many cells it holds sets most of a
    word's effort) and, within a letter, spread over the lengths: each letter gets its share of
    the sample (at least one word), taken at even steps through its words sorted by length
    from a seeded random start.
    """
    import random

    rng = random.Random(SAMPLE_SEED)
    strata: dict[str, list[str]] = {}
    for word in words:
        strata.setdefault(reader.anchor_of(word), []).append(word)
    chosen: list[tuple[str, float]] = []
    for letter in sorted(strata):
        members = sorted(strata[letter], key=lambda w: (len(w), w))
        count = min(len(members), max(1, round(size * len(members) / len(words))))
        stride = len(members) / count
        start = rng.random() * stride
        chosen.extend((members[int(start + k * stride)], stride) for k in range(count))
    return chosen


def _sampled(reader: _Reader, words: Sequence[str], size: int) -> Difficulty:
    """The rating of ``words`` estimated from a stratified sample of them: each sampled word's
    effort counts for as many words as it stands for. :attr:`Difficulty.words` holds the
    sampled words only; the components say how many (``sampled_words``)."""
    chosen = sample_words(reader, words, size)
    efforts = tuple(reader.search(w) for w, _ in chosen)
    weights = [weight for _, weight in chosen]
    units = sum(e.units * w for e, w in zip(efforts, weights, strict=True))
    constants = reader.constants
    minutes = units * constants.seconds_per_unit / 60
    count = len(words)
    found = [
        (e.direction, w) for e, w in zip(efforts, weights, strict=True) if e.direction is not None
    ]
    in_found = sum(w for _, w in found)
    scan = sum(_scan_units(reader, e) * w for e, w in zip(efforts, weights, strict=True))
    leads = sum(e.false_leads * w for e, w in zip(efforts, weights, strict=True))
    anchors = sum(e.anchors * w for e, w in zip(efforts, weights, strict=True))
    word_letters = set("".join(words))
    components = {
        "words": float(count),
        "units_per_word": _ratio(units, count),
        "scan_share": _ratio(scan, units),
        "false_leads_per_word": _ratio(leads, count),
        "anchors_per_word": _ratio(anchors, count),
        "word_letter_cells": sum(reader.counts[x] for x in word_letters) / max(reader.size, 1),
        "backward_share": _ratio(sum(w for d, w in found if d.is_reversed), in_found),
        "diagonal_share": _ratio(sum(w for d, w in found if d.is_diagonal), in_found),
        "sampled_words": float(len(efforts)),
    }
    return Difficulty(minutes, units, efforts, components, constants.calibrated)


def _components(reader: _Reader, efforts: Sequence[WordEffort], units: float) -> dict[str, float]:
    """What the score is made of, for people to see why a puzzle rates as it does (a direction
    counts as drawn: a hexagon's ↘ is a diagonal)."""
    found = [reader.topology.drawn(e.direction) for e in efforts if e.direction is not None]
    word_letters = set("".join(e.letters for e in efforts))
    return {
        "words": float(len(efforts)),
        "units_per_word": _ratio(units, len(efforts)),
        "scan_share": _ratio(sum(_scan_units(reader, e) for e in efforts), units),
        "false_leads_per_word": _ratio(sum(e.false_leads for e in efforts), len(efforts)),
        "anchors_per_word": _ratio(sum(e.anchors for e in efforts), len(efforts)),
        "word_letter_cells": sum(reader.counts[x] for x in word_letters) / max(reader.size, 1),
        "backward_share": _ratio(sum(d.is_reversed for d in found), len(found)),
        "diagonal_share": _ratio(sum(d.is_diagonal for d in found), len(found)),
    }


def _ratio(part: float, whole: float) -> float:
    """``part / whole``, 0 for nothing at all."""
    return part / whole if whole else 0.0


def rate_puzzle(
    puzzle: Puzzle, constants: Constants = DEFAULT, *, exact: bool = False
) -> Difficulty:
    """Rate a puzzle for the directions its sheet names (from a sample of its words above
    :data:`SAMPLE_ABOVE` of them, unless ``exact``)."""
    return rate(
        puzzle.grid,
        [w.letters for w in puzzle.words],
        puzzle.options.directions,
        topology=Topology.of_puzzle(puzzle),
        constants=constants,
        exact=exact,
    )


def _mean(values: Iterable[float]) -> float:
    """The arithmetic mean (``statistics`` costs the command line a few milliseconds to import)."""
    items = list(values)
    return sum(items) / len(items)


def score_text(score: float) -> str:
    """The score as people read it: one decimal."""
    return f"{score:.1f}"


def _scan_units(reader: _Reader, effort: WordEffort) -> float:
    true = max(1, reader.occurrences_of(effort))
    return reader.constants.scan_cost * reader.size / (true + 1)


GROUP_FROM = 16
"""Cells from which a reading asked for again is grouped by its next letter (fewer are followed)."""

_NONE: list[int] = []
"""No cell (shared, never changed): most long readings end with none."""


class _Readings:
    """Each way of reading a word from one of its letters, as a node of a tree: the letter
    read last, its distance from the first, and the reading one letter shorter. Words that read
    alike share nodes (and what the grid answers for them), and a word of n letters needs n
    nodes, not the n² letters of all its prefixes.
    """

    ROOT = -1

    def __init__(self) -> None:
        self.nodes: list[tuple[int, int, str]] = []
        """(parent, distance, letter) of each reading."""
        self._ids: dict[tuple[int, int, str], int] = {}

    def _node(self, parent: int, distance: int, letter: str) -> int:
        key = (parent, distance, letter)
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = len(self.nodes)
            self.nodes.append(key)
        return found

    def of(self, word: str, at: int) -> list[int]:
        """The readings from ``word[at]``: forward to the word's end letter by letter, then
        backward from ``at`` to its start (the last reading is the whole word)."""
        readings: list[int] = []
        node = self.ROOT
        for distance, letter in enumerate(word[at:]):
            node = self._node(node, distance, letter)
            readings.append(node)
        for distance in range(1, at + 1):
            node = self._node(node, -distance, word[at - distance])
            readings.append(node)
        return readings


class _Reader:
    """The grid, indexed by letter, with the solver's reading of lines.

    A cell is its place in one text of the grid's letters laid out as
    :meth:`~wortsuche.grid.topology.Flat.bordered` lays them out: on a flat grid a step is a
    fixed distance in it, so a line is read without asking the topology cell by cell.
    """

    def __init__(
        self,
        rows: Sequence[str],
        order: tuple[tuple[Direction, float], ...],
        topology: Topology,
        constants: Constants = DEFAULT,
    ) -> None:
        self.order = order
        self.constants = constants
        self.topology = topology
        """Where a line goes on: the solver reads to its end (an edge, a hole) or round it."""
        # the cells a scan looks at: the holes of a shaped grid are none
        self.size = sum(len(row) - row.count(HOLE) for row in rows)
        self.stride = (len(rows[0]) if rows else 0) + 1
        bordered = topology.bordered(rows)
        self.flat = bordered is not None
        """Whether a step is a fixed distance in :attr:`text` (else the topology takes it)."""
        edge = BORDER * self.stride
        self.text = bordered or edge + "".join(row + BORDER for row in rows) + edge
        self.cells: dict[str, list[int]] = {}
        for index, letter in enumerate(self.text):
            if letter != BORDER:
                self.cells.setdefault(letter, []).append(index)
        self.counts = Counter({x: len(cells) for x, cells in self.cells.items()})
        self._true: dict[tuple[str, str], int] = {}
        self._memo: dict[tuple[tuple[int, int], int], tuple[int, list[int]]] = {}
        self._readings = _Readings()
        self._next: dict[tuple[tuple[int, int], str], tuple[int, dict[str, list[int]]]] = {}
        self._groups: dict[tuple[int, int], tuple[int, dict[str, list[int]]] | None] = {}

    def step(self, cell: int, step: tuple[int, int], distance: int) -> int | None:
        """The cell ``distance`` steps of ``step`` from ``cell``, None where the line ended.
        On a flat grid the cell ``distance - 1`` steps away must be one of the grid's (every
        reading walks letter by letter): then this one is a cell or the border."""
        if self.flat:
            there = cell + distance * (step[0] * self.stride + step[1])
            return None if self.text[there] == BORDER else there
        r, c = divmod(cell, self.stride)
        found = self.topology.offset((r - 1, c), step, distance)
        return None if found is None else (found[0] + 1) * self.stride + found[1]

    def search(self, word: str) -> WordEffort:
        """Search from the first letter, or from a letter of the word that is clearly rarer."""
        return self._search_from(word, self._anchor_index(word))

    def anchor_of(self, word: str) -> str:
        """The letter the solver scans for to find ``word``."""
        return word[self._anchor_index(word)]

    def _anchor_index(self, word: str) -> int:
        rarest = min(range(len(word)), key=lambda i: (self.counts[word[i]], i))
        if self.counts[word[rarest]] > self.constants.rare * self.counts[word[0]]:
            rarest = 0
        return rarest

    def occurrences_of(self, effort: WordEffort) -> int:
        return self._true.get((effort.letters, effort.anchor), 0)

    def _search_from(self, word: str, at: int) -> WordEffort:
        """Scan for ``word[at]``; at each such cell read along every direction until a mismatch.

        The same as walking every anchor cell in turn (``tests/difficulty_reference.py`` does
        so), counted per direction instead: the cells still matching after each letter are kept
        per reading (shared by words that read alike), so an anchor whose next letter differs
        costs one look-up, not a walk.
        """
        anchors = self.cells.get(word[at], [])
        if len(word) == 1 or not self.order:
            return self._search_letter(word, at, anchors)
        readings = self._readings.of(word, at)[1:]  # the first letter alone is no reading
        total_cost = 0.0
        total_leads = 0
        found_at: dict[int, int] = {}  # true anchor -> index of its direction
        for index, (direction, weight) in enumerate(self.order):
            step = direction.step
            compared, complete = self._read(step, readings)
            total_cost += weight * compared
            total_leads += len(self._matching(step, readings[0])[1]) - len(complete)
            for cell in complete:
                found_at.setdefault(cell, index)
        true_costs: list[float] = []
        for cell, index in found_at.items():
            cost, leads, to_find = self._true_anchor(word, at, cell, index)
            total_cost -= cost
            total_leads -= leads
            true_costs.append(to_find)
        # the direction of the first true anchor in reading order, as a scan meets it
        true_direction = self.order[found_at[min(found_at)]][0] if found_at else None
        true = len(true_costs)
        self._true[(word, word[at])] = true
        share = (
            1 / (true + 1) if true else 1.0
        )  # each false anchor comes before the first true one this often
        units = self.constants.scan_cost * self.size * share + total_cost * share
        if true:
            units += _mean(true_costs)
        spu = self.constants.seconds_per_unit
        false_leads = total_leads * share
        return WordEffort(word, units, word[at], len(anchors), false_leads, true_direction, spu)

    def _read(self, step: tuple[int, int], readings: list[int]) -> tuple[int, list[int]]:
        """The comparisons of every reading along ``step`` and the cells where the last one (the
        whole word) matched. Each reading is one letter longer than the one before, so once no
        cell matches, none of the longer readings reaches a letter: they are not looked up."""
        compared = 0
        for reading in readings:
            reached, cells = self._matching(step, reading)
            compared += reached
            if not cells:
                return compared, _NONE
        return compared, cells

    def _search_letter(self, word: str, at: int, anchors: list[int]) -> WordEffort:
        """:meth:`_search_from` for a word of one letter, or a solver told of no direction:
        the scan alone."""
        found = self.order[0][0] if self.order and anchors else None
        true = len(anchors) if found else 0
        self._true[(word, word[at])] = true
        share = 1 / (true + 1) if true else 1.0
        units = self.constants.scan_cost * self.size * share
        spu = self.constants.seconds_per_unit
        return WordEffort(word, units, word[at], len(anchors), 0.0, found, spu)

    def _true_anchor(self, word: str, at: int, cell: int, index: int) -> tuple[float, int, float]:
        """Walking every direction from an anchor where the word stands (found in the
        ``index``-th direction): the cost of all walks and the false leads among them, to take
        out of the counts, and the cost until the word is found."""
        walks = [self._walk(word, at, cell, d.step, w) for d, w in self.order]
        every = sum(cost for cost, _, _ in walks)
        leads = sum(matched >= 1 and not done for _, matched, done in walks)
        return every, leads, sum(cost for cost, _, _ in walks[: index + 1])

    def _matching(self, step: tuple[int, int], reading: int) -> tuple[int, list[int]]:
        """Reading a word forward along ``step`` from its first letter, then backward (the
        ``reading`` of :class:`_Readings`): how many cells reached the last letter's position
        (each is one comparison), and the cells from which every letter so far matched."""
        key = (step, reading)
        known = self._memo.get(key)
        if known is not None:
            return known
        parent, distance, letter = self._readings.nodes[reading]
        dr, dc = step
        if parent == _Readings.ROOT:
            result = (0, self.cells.get(letter, []))
        elif self._readings.nodes[parent][0] == _Readings.ROOT:  # two letters: one step
            first = self._readings.nodes[parent][2]
            reached, groups = self._neighbours((dr, dc) if distance > 0 else (-dr, -dc), first)
            result = (reached, groups.get(letter, []))
        else:
            cells = self._matching(step, parent)[1]
            grouped = self._grouped(cells, step, distance)
            if grouped is not None:
                result = (grouped[0], grouped[1].get(letter, _NONE))
            else:
                reached, cells = self._follow(cells, step, distance, letter)
                result = (reached, cells or _NONE)
        self._memo[key] = result
        return result

    def _grouped(
        self, cells: list[int], step: tuple[int, int], distance: int
    ) -> tuple[int, dict[str, list[int]]] | None:
        """``cells`` (those matching a reading) grouped by the letter ``distance``
        steps along ``step``, and how many have a cell there; None while following them once is
        cheaper. Words that read alike ask for the same cells with another next letter (on
        500 × 500 with 10,000 words, nine in ten cells followed are followed again): the second
        time they are grouped, once for every next letter, in the order of ``cells``."""
        if not self.flat or len(cells) < GROUP_FROM:
            return None
        delta = distance * (step[0] * self.stride + step[1])
        # The same cells are reached by other readings too (a pair read forward along a step is
        # read backward along the opposite one): the list itself is the key. Every list asked for
        # is kept by the memo as long as this reader lives, so its id is never reused meanwhile.
        key = (id(cells), delta)
        known = self._groups.get(key)
        if known is not None:
            return known
        if key not in self._groups:
            self._groups[key] = None  # asked once: followed; grouped if asked again
            return None
        text = self.text
        groups: dict[str, list[int]] = {}
        for cell in cells:
            there = text[cell + delta]
            found = groups.get(there)
            if found is None:
                groups[there] = [cell]
            else:
                found.append(cell)
        edge = groups.pop(BORDER, _NONE)
        grouped = self._groups[key] = (len(cells) - len(edge), groups)
        return grouped

    def _follow(
        self, cells: list[int], step: tuple[int, int], distance: int, letter: str
    ) -> tuple[int, list[int]]:
        """Of ``cells``, how many have a cell ``distance`` steps along ``step`` (each is one
        comparison), and those whose cell there holds ``letter``."""
        text = self.text
        if self.flat:  # a fixed distance: one look each, no call
            delta = distance * (step[0] * self.stride + step[1])
            seen = [text[cell + delta] for cell in cells]
            return len(seen) - seen.count(BORDER), [
                cell for cell, x in zip(cells, seen, strict=True) if x == letter
            ]
        reached, matching = 0, []
        for cell in cells:
            there = self.step(cell, step, distance)
            if there is not None:
                reached += 1
                if text[there] == letter:
                    matching.append(cell)
        return reached, matching

    def _neighbours(self, step: tuple[int, int], letter: str) -> tuple[int, dict[str, list[int]]]:
        """The cells holding ``letter`` whose neighbour along ``step`` lies inside the grid: how
        many, and grouped by that neighbour's letter (built once per direction and letter)."""
        key = (step, letter)
        known = self._next.get(key)
        if known is not None:
            return known
        text, cells = self.text, self.cells.get(letter, [])
        groups: dict[str, list[int]] = {}
        if self.flat:
            delta = step[0] * self.stride + step[1]
            for cell in cells:
                groups.setdefault(text[cell + delta], []).append(cell)
            groups.pop(BORDER, None)
        else:
            for cell in cells:
                there = self.step(cell, step, 1)
                if there is not None:
                    groups.setdefault(text[there], []).append(cell)
        reached = sum(map(len, groups.values()))
        self._next[key] = reached, groups
        return reached, groups

    def _walk(
        self, word: str, at: int, cell: int, step: tuple[int, int], weight: float
    ) -> tuple[float, int, bool]:
        """Read one direction from one cell: the cost, the letters matched, whether complete."""
        text = self.text
        cost = 0.0
        matched = 0
        for letters, sign in ((word[at + 1 :], 1), (word[:at][::-1], -1)):
            for distance, letter in enumerate(letters, start=1):
                there = self.step(cell, step, sign * distance)
                if there is None:
                    return cost, matched, False  # the edge, or a hole: the line ends
                cost += weight
                if text[there] != letter:
                    return cost, matched, False
                matched += 1
        return cost, matched, True
