"""How much harder each level is for the people who played it: the level steps of a study.

The difficulty model predicts the steps between levels; a study measures them. Each finished
game gives one figure, its seconds per word (the game's time over its words); each level's
figure is the median of its games, each step the ratio of two levels' medians, and its 95 %
interval comes from a percentile bootstrap that draws every level's games again, with a fixed
seed so a report can be made again to the digit. Unfinished games are counted and left out: a
game given up says nothing of how long the rest would have taken.

Two arms, as ``docs/study.md`` describes them: levels compared **at the same size** (one
comparison for each grid size played at two or more levels: the level's own levers) and levels
**at their own sizes** (all games of a level together: what a class meets). The protocol asks
for both; the report shows whichever the records hold.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from wortsuche.levels import LEVELS
from wortsuche.rating.calibration import PlayRecord

ORDER = tuple(LEVELS)
"""The levels from easiest to hardest."""

RESAMPLES = 2000
"""Bootstrap draws for each interval: enough for two stable digits of a 95 % interval."""

TARGET_STEP = 1.10
"""The smallest step between adjacent levels the study is planned to show (issue: ×1.10)."""

Z_95, Z_POWER_80 = 1.959964, 0.841621
"""Normal quantiles for a two-sided 5 % test and 80 % power."""


@dataclass(frozen=True)
class LevelFigure:
    """One level in one arm: its games, the finished ones' median seconds per word."""

    level: str
    games: int
    finished: int
    median: float | None
    """Median seconds per word over the finished games; None if none finished."""


@dataclass(frozen=True)
class Step:
    """The ratio of a harder level's median to an easier one's, with its 95 % interval."""

    easier: str
    harder: str
    ratio: float
    low: float
    high: float

    @property
    def shown(self) -> bool:
        """True if the interval lies wholly above 1: the harder level took longer."""
        return self.low > 1.0


@dataclass(frozen=True)
class Arm:
    """One comparison: the levels at one grid size (``size`` ``(rows, cols)``), or every
    level at its own sizes (``size`` None)."""

    size: tuple[int, int] | None
    levels: tuple[LevelFigure, ...]
    steps: tuple[Step, ...]
    games_needed: int | None
    """Finished games a level needs to show a ×1.10 step at 95 % with 80 % power, from the
    spread of these games; None with too few games to say."""


@dataclass(frozen=True)
class Study:
    """The report: every arm the records hold, and the games that were left out."""

    arms: tuple[Arm, ...]
    games: int
    unfinished: int


def seconds_per_word(record: PlayRecord) -> float | None:
    """A finished game's seconds per word, or None for a game not finished or not timed."""
    words = len(record.puzzle.words)
    if not record.finished or not words:
        return None
    seconds = record.seconds if record.seconds else max((f.at for f in record.finds), default=0)
    return seconds / words if seconds > 0 else None


def study(records: Sequence[PlayRecord], *, seed: int = 0, resamples: int = RESAMPLES) -> Study:
    """The level steps of ``records``, in every arm they allow."""
    rng = random.Random(seed)
    by_level: dict[str, list[PlayRecord]] = {}
    for record in records:
        by_level.setdefault(record.puzzle.level, []).append(record)
    arms = []
    sizes = sorted({(r.puzzle.rows, r.puzzle.cols) for r in records})
    for size in sizes:
        games = {
            level: [r for r in played if (r.puzzle.rows, r.puzzle.cols) == size]
            for level, played in by_level.items()
        }
        games = {level: played for level, played in games.items() if played}
        if len(games) >= 2:
            arms.append(_arm(size, games, rng, resamples))
    level_sizes = {
        level: {(r.puzzle.rows, r.puzzle.cols) for r in played}
        for level, played in by_level.items()
    }
    if len(by_level) >= 2 and len(set().union(*level_sizes.values())) > 1:
        arms.append(_arm(None, by_level, rng, resamples))
    unfinished = sum(1 for r in records if seconds_per_word(r) is None)
    return Study(tuple(arms), len(records), unfinished)


def _arm(
    size: tuple[int, int] | None,
    games: dict[str, list[PlayRecord]],
    rng: random.Random,
    resamples: int,
) -> Arm:
    times = {
        level: [t for t in map(seconds_per_word, played) if t is not None]
        for level, played in games.items()
    }
    levels = tuple(
        LevelFigure(
            level,
            len(games[level]),
            len(times[level]),
            statistics.median(times[level]) if times[level] else None,
        )
        for level in _ordered(games)
    )
    present = [figure.level for figure in levels if figure.median is not None]
    pairs = list(itertools.pairwise(present))
    if len(present) > 2:
        pairs.append((present[0], present[-1]))
    steps = tuple(_step(times[a], times[b], a, b, rng, resamples) for a, b in pairs)
    return Arm(size, levels, steps, _games_needed(times))


def _ordered(games: dict[str, list[PlayRecord]]) -> list[str]:
    known = [level for level in ORDER if level in games]
    return known + sorted(level for level in games if level not in ORDER)


def _step(
    easier: list[float],
    harder: list[float],
    easier_level: str,
    harder_level: str,
    rng: random.Random,
    resamples: int,
) -> Step:
    ratio = statistics.median(harder) / statistics.median(easier)
    drawn = sorted(
        statistics.median(rng.choices(harder, k=len(harder)))
        / statistics.median(rng.choices(easier, k=len(easier)))
        for _ in range(resamples)
    )
    low = drawn[int(0.025 * (resamples - 1))]
    high = drawn[math.ceil(0.975 * (resamples - 1))]
    return Step(easier_level, harder_level, ratio, low, high)


def _games_needed(times: dict[str, list[float]]) -> int | None:
    """Games a level needs for a ×1.10 step, from the pooled spread of the log times: the
    usual two-sample size ``2 (z_α/2 + z_β)² σ² / δ²`` with δ = ln 1.10 (the median's
    efficiency on log-normal times is close to the mean's, within the figure's rounding)."""
    spreads = [
        (len(values) - 1, statistics.variance([math.log(v) for v in values]))
        for values in times.values()
        if len(values) >= 3
    ]
    freedom = sum(df for df, _ in spreads)
    if freedom < 4:
        return None
    variance = sum(df * var for df, var in spreads) / freedom
    delta = math.log(TARGET_STEP)
    return math.ceil(2 * (Z_95 + Z_POWER_80) ** 2 * variance / delta**2)
