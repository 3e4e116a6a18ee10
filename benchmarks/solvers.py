"""A family of simulated solvers, sharing no code and no constants with ``wortsuche.rating``.

Each member finds every word of a puzzle the way one kind of person might, and counts its work:
looking at a cell while scanning for a letter costs ``1 / k`` of comparing one letter along a
line (k is the scan:compare cost ratio), and comparing a letter costs the weight of the
direction it is read in (all 1, or the reading-habit weights).

Strategies:

- ``scanner``: scans the grid in reading order for the word's first letter and, at each cell
  holding it, tries the directions the sheet names, clockwise from →, letter by letter;
- ``anchor``: scans for the word's rarest letter in this grid instead, and reads from it both ways;
- ``all8``: the scanner, but it tries all 8 directions whatever the sheet names;
- ``habit``: the strategy the package's model describes, written again here: the first letter,
  or a letter at most half as common; directions in the order of reading habit (→ ↓ ↘ ↗, then
  backwards).

A scan starts at a random cell; the cost given is the exact mean over every start cell, so a
member's figure for a grid has no noise of its own. A word that is not in the grid costs a
whole scan round.

>>> member = Member("scanner", 1, False)
>>> round(member.cost(["DAS", "XYZ", "QRT"], ["DAS"], ("E",)), 2)
7.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

STEPS: dict[str, tuple[int, int]] = {
    "E": (0, 1), "SE": (1, 1), "S": (1, 0), "SW": (1, -1),
    "W": (0, -1), "NW": (-1, -1), "N": (-1, 0), "NE": (-1, 1),
}  # fmt: skip
"""Clockwise from →: the order the scanner and the anchor solver try directions in."""

HABIT_ORDER = ("E", "S", "SE", "NE", "W", "N", "NW", "SW")
"""The order of reading habit: forwards first, backwards last."""

HABIT_WEIGHTS = {"E": 1.0, "S": 1.2, "SE": 1.5, "NE": 1.5, "W": 2.0, "N": 2.0, "NW": 2.0, "SW": 2.0}
"""Comparing a letter against the reading habit costs more (the weights the review questioned)."""

RATIOS = (1, 2, 5, 10)
"""Scan:compare cost ratios k: scanning a cell costs 1/k of comparing a letter."""

STRATEGIES = ("scanner", "anchor", "all8", "habit")

HALF = 0.5
"""The habit solver scans for another letter of the word when it is at most this share as common."""


@dataclass(frozen=True)
class Member:
    """One solver: a strategy, the scan:compare ratio ``k``, neutral or habit direction weights."""

    strategy: str
    k: int
    weighted: bool

    @property
    def name(self) -> str:
        """Short label such as ``scanner k=1`` or ``anchor k=5 w``."""
        return f"{self.strategy} k={self.k}" + (" w" if self.weighted else "")

    def cost(self, rows: Sequence[str], words: Iterable[str], told: Sequence[str]) -> float:
        """Expected work to find all ``words`` when the sheet names the directions ``told``."""
        return self.cost_on(Grid(rows), words, told)

    def cost_on(self, grid: Grid, words: Iterable[str], told: Sequence[str]) -> float:
        """:meth:`cost` on a grid read once for several members."""
        directions = self._directions(told)
        weights = self._weights(directions)
        return sum(
            grid.expected(word, self._anchor(grid, word), directions, weights, 1 / self.k)
            for word in words
        )

    def _weights(self, directions: Sequence[str]) -> dict[str, float]:
        """What comparing a letter costs in each direction: 1, or the habit weights."""
        return {d: HABIT_WEIGHTS[d] if self.weighted else 1.0 for d in directions}

    def _directions(self, told: Sequence[str]) -> tuple[str, ...]:
        if self.strategy == "all8":
            return tuple(STEPS)
        if self.strategy == "habit":
            return tuple(d for d in HABIT_ORDER if d in told)
        return tuple(d for d in STEPS if d in told)

    def _anchor(self, grid: Grid, word: str) -> int:
        """The index of the letter this solver scans for."""
        if self.strategy in ("scanner", "all8"):
            return 0
        rarest = min(range(len(word)), key=lambda i: (grid.counts[word[i]], i))
        if self.strategy == "habit" and grid.counts[word[rarest]] > HALF * grid.counts[word[0]]:
            return 0
        return rarest


def top_left_cost(
    rows: Sequence[str], words: Iterable[str], told: Sequence[str], member: Member
) -> float:
    """``member``'s work when it always starts at the top-left cell and reads line by line, never
    round the end: for each word, the cells up to the one where it finds it (each ``1 / k``) and
    the letters compared at every cell before it that holds the letter it scans for."""
    grid = Grid(rows)
    directions = member._directions(told)
    weights = member._weights(directions)
    total = 0.0
    for word in words:
        for position, cost, found in grid.stops(
            word, member._anchor(grid, word), directions, weights
        ):
            total += cost
            if found:
                total += (position + 1) / member.k
                break
        else:
            total += grid.size / member.k
    return total


def family() -> list[Member]:
    """Every member: 4 strategies × 4 ratios × (neutral, habit) direction weights."""
    return [Member(s, k, w) for s in STRATEGIES for k in RATIOS for w in (False, True)]


def family_costs(
    rows: Sequence[str], words: Sequence[str], told: Sequence[str]
) -> dict[Member, float]:
    """Every member's expected work on one grid."""
    grid = Grid(rows)
    return {member: member.cost_on(grid, words, told) for member in family()}


class Grid:
    """The grid as a solver reads it: letters by reading position, and their counts."""

    def __init__(self, rows: Sequence[str]) -> None:
        self.rows = list(rows)
        self.height, self.width = len(rows), max(len(r) for r in rows)
        self.size = self.height * self.width
        self.counts = Counter("".join(rows))
        self.positions: dict[str, list[int]] = {}
        for r, row in enumerate(rows):
            for c, x in enumerate(row):
                self.positions.setdefault(x, []).append(r * self.width + c)
        self._readings: dict[tuple[str, int, int, str], tuple[int, bool]] = {}

    def letter(self, r: int, c: int) -> str | None:
        if 0 <= r < self.height and 0 <= c < len(self.rows[r]):
            return self.rows[r][c]
        return None

    def reading(self, word: str, at: int, position: int, direction: str) -> tuple[int, bool]:
        """:meth:`read` from a reading position, remembered (members share the grid)."""
        key = (word, at, position, direction)
        known = self._readings.get(key)
        if known is None:
            known = self._readings[key] = self.read(
                word, at, *divmod(position, self.width), direction
            )
        return known

    def read(self, word: str, at: int, r: int, c: int, direction: str) -> tuple[int, bool]:
        """Letters compared reading ``word`` from its letter ``at`` (in cell r, c) along
        ``direction`` (the letters after it), then the other way (the letters before it);
        and whether every one matched."""
        dr, dc = STEPS[direction]
        compared = 0
        for letters, sign in ((word[at + 1 :], 1), (word[:at][::-1], -1)):
            for distance, expected in enumerate(letters, start=1):
                there = self.letter(r + sign * distance * dr, c + sign * distance * dc)
                if there is None:
                    return compared, False
                compared += 1
                if there != expected:
                    return compared, False
        return compared, True

    def stops(
        self, word: str, at: int, directions: Sequence[str], weights: dict[str, float]
    ) -> list[tuple[int, float, bool]]:
        """Each cell holding ``word[at]``, in reading order: its position, the letters compared
        there (weighted) trying ``directions`` in turn, and whether the word was found there."""
        stops = []
        for position in self.positions.get(word[at], ()):
            cost, found = 0.0, False
            for direction in directions:
                compared, complete = self.reading(word, at, position, direction)
                cost += weights[direction] * compared
                if complete:
                    found = True
                    break
            stops.append((position, cost, found))
        return stops

    def expected(
        self,
        word: str,
        at: int,
        directions: Sequence[str],
        weights: dict[str, float],
        scan: float,
    ) -> float:
        """The mean work over every start cell to find ``word`` scanning for ``word[at]``.

        A cell is paid for by every start that reaches it: the starts after the previous cell
        where the search ends, up to the cell itself (cyclic reading order).
        """
        stops = self.stops(word, at, directions, weights)
        ends = [p for p, _, found in stops if found]
        if not ends:  # absent: every start reads the whole round
            return self.size * scan + sum(cost for _, cost, _ in stops)
        total = 0.0
        # scan cost: the cells between two successive ends, q+1..q', are reached by 1..L starts
        for i, end in enumerate(ends):
            previous = ends[i - 1]
            length = (end - previous) % self.size or self.size
            total += scan * length * (length + 1) / 2
        # compare costs: an anchor cell is reached by the starts since the previous end
        for position, cost, _ in stops:
            previous = max((e for e in ends if e < position), default=ends[-1] - self.size)
            total += cost * (position - previous)
        return total / self.size


# -- learners: solvers that adapt to a puzzle while they solve it ------------------------------

BACKWARDS = frozenset({"W", "N", "NW", "SW"})
"""The directions that read against →/↓ (as the sheets name them)."""

REVERSE = {"E": "W", "W": "E", "S": "N", "N": "S", "SE": "NW", "NW": "SE", "SW": "NE", "NE": "SW"}

LEARN_AFTER = 5
"""Finds after which the switcher decides whether the puzzle is mostly backwards."""

LEARNERS = ("learner", "last", "switcher", "lines")


@dataclass(frozen=True)
class Learner:
    """A solver that goes down the list and uses what it has seen (or, ``last`` and ``lines``,
    a strategy built against backward words), at scan:compare ratio ``k``:

    - ``learner``: the first-letter scanner that tries the directions most of its finds ran in
      first (ties clockwise from →);
    - ``last``: scans for the word's last letter and reads from it in the usual order, so a
      backward word is read forwards (its direction order is the reverse of the scanner's);
    - ``switcher``: the learner for its first :data:`LEARN_AFTER` finds, then, if most of them
      ran backwards, it scans for last letters with the learned order reversed;
    - ``lines``: reads whole lines, one direction after another in a random order (the mean over
      every order), and sees every remaining word of a line it reads: its work is the cells read.
    """

    strategy: str
    k: int = 1

    @property
    def name(self) -> str:
        return f"{self.strategy} k={self.k}"

    def cost(self, rows: Sequence[str], words: Sequence[str], told: Sequence[str]) -> float:
        """Expected work to find ``words`` in list order when the sheet names ``told``."""
        grid = Grid(rows)
        told_order = [d for d in STEPS if d in told]
        runs = [direction_of(grid, word) for word in words]
        if self.strategy == "lines":
            used = {d for d in runs if d is not None}
            passes = len(used) * (len(told_order) + 1) / (len(used) + 1) if used else 0.0
            return grid.size * passes
        seen: Counter[str] = Counter()
        total = 0.0
        ones = dict.fromkeys(STEPS, 1.0)
        for number, (word, ran) in enumerate(zip(words, runs, strict=True)):
            learned = sorted(told_order, key=lambda d: (-seen[d], told_order.index(d)))
            backwards = sum(seen[d] for d in BACKWARDS) > number / 2
            if self.strategy == "last":  # backward words first: from the last letter they read →
                order = [REVERSE[d] for d in STEPS if REVERSE[d] in told_order]
            elif self.strategy == "switcher" and number >= LEARN_AFTER and backwards:
                order = sorted(learned, key=lambda d: (-seen[d], d not in BACKWARDS))
            else:
                total += grid.expected(word, 0, learned, ones, 1 / self.k)
                order = []
            if order:
                total += grid.expected(word, len(word) - 1, order, ones, 1 / self.k)
            if ran is not None:
                seen[ran] += 1
        return total


def learners() -> list[Learner]:
    """Every learner at scan:compare ratios 1 and 5 (the line reader does not scan: once)."""
    return [Learner(s, k) for s in LEARNERS for k in ((1,) if s == "lines" else (1, 5))]


def direction_of(grid: Grid, word: str) -> str | None:
    """The direction ``word`` runs in this grid (its one occurrence), or None if absent."""
    for position in grid.positions.get(word[0], ()):
        for direction in STEPS:
            if grid.reading(word, 0, position, direction)[1]:
                return direction
    return None
