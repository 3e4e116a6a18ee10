"""What counting shows before any search: a hidden message that cannot fit, and the sizes in
which one that must fill every free cell (``--message-exact``) can.

The words cover at most as many cells as they have letters (no two cross), and at least that
many less one for each pair of words with a letter in common, since two words share at most one
cell. So the free cells
of a layout lie in a range known before placing anything; a message outside it is said at once,
with the counts, and so is a message whose letter is a listed one-letter word (every cell
holding it spells the word again).

>>> cover = Cover.of(["HUND", "MAUS", "KATZE"], crossing_allowed=True)
>>> cover.least, cover.most
(11, 13)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from wortsuche.errors import DoesNotFitError
from wortsuche.grid.shapes import Outline
from wortsuche.grid.topology import Topology
from wortsuche.limits import MAX_SIDE
from wortsuche.model import Crossing, HiddenMessage, Options
from wortsuche.notes import Note

EXACT_SIZES = 12
"""Sizes an exact message is tried in when the size is chosen: enough for the crossings a layout
happens to have, few enough that a message that fits none is said within seconds."""

MOST_OBLONG = 2.0
"""The longest side of a size chosen for an exact message, as a multiple of the shorter one."""


@dataclass(frozen=True)
class Cover:
    """How many cells the words of a layout cover: at least ``least``, at most ``most``."""

    least: int
    most: int

    @staticmethod
    def of(words: Sequence[str], *, crossing_allowed: bool) -> Cover:
        """The range for ``words`` (those the search places) under the crossing rule: each pair
        of words with a letter in common may share one cell."""
        total = sum(len(w) for w in words)
        if not crossing_allowed or not words:
            return Cover(total, total)
        letters = [set(w) for w in words]
        pairs = sum(1 for i, a in enumerate(letters) for b in letters[i + 1 :] if a & b)
        return Cover(max(max(len(w) for w in words), total - pairs), total)

    @staticmethod
    def for_options(words: Sequence[str], options: Options) -> Cover:
        """The range for ``words`` with ``options`` (none covered if the words are absent)."""
        if options.absent:
            return Cover(0, 0)
        return Cover.of(words, crossing_allowed=options.crossing is not Crossing.NEVER)


def check_message(
    message: HiddenMessage, words: Sequence[str], cells: int, rows: int, cols: int, cover: Cover
) -> None:
    """Fail at once when ``message`` cannot stand among the ``cells`` cells of rows×cols (no
    hole counted) with ``words`` (every listed word) covering as many as ``cover`` says."""
    check_letters(message, words)
    n, size = len(message.letters), (rows, cols)
    if n > cells - cover.least:
        raise _counted(
            "error.message-too-few-cells-counted",
            "the message does not fit in {rows}x{cols}: it has {count} letters, but the words "
            "cover at least {covered} of its {cells} cells, so at most {free} stay free; try a "
            "larger grid or a shorter message",
            size,
            n,
            (cover.least, cells),
        )
    if message.exact and n < cells - cover.most:
        raise _counted(
            "error.message-too-many-cells",
            "the message cannot fill every free cell of {rows}x{cols}: it has {count} letters, "
            "but the words cover at most {covered} of its {cells} cells, so at least {free} stay "
            "free; try a smaller grid or a longer message",
            size,
            n,
            (cover.most, cells),
        )


def _counted(
    key: str, text: str, size: tuple[int, int], count: int, covered: tuple[int, int]
) -> DoesNotFitError:
    """A message of ``count`` letters that cannot stand in ``size`` (rows, cols), said with the
    counts that show it: the cells the words cover of all the cells (``covered``), and those
    left free. ``text`` is the English with the counts in its fields, free cells as counted;
    the catalogue's entry ``key`` is given a count below 0 as 0."""
    (rows, cols), (words_cover, cells) = size, covered
    free = cells - words_cover
    counts = {"rows": rows, "cols": cols, "count": count, "covered": words_cover, "cells": cells}
    return DoesNotFitError(
        Note(text.format(**counts, free=free), key=key, values={**counts, "free": max(free, 0)}),
        kind="cannot_exist",
    )


def check_letters(message: HiddenMessage, words: Sequence[str]) -> None:
    """Fail at once when a letter of ``message`` is a listed one-letter word."""
    for word in words:
        if len(word) == 1 and word in message.letters:
            raise DoesNotFitError(
                Note(
                    f"the message cannot be hidden: its letter {word} is the listed word {word}, "
                    "which would then stand in the grid twice; try another message or leave out "
                    f"the word {word}",
                    key="error.message-has-word-letter",
                    values={"word": word},
                ),
                words=(word,),
                kind="cannot_exist",
            )


def exact_sizes(
    message: HiddenMessage,
    words: Sequence[str],
    placed: Sequence[str],
    options: Options,
    drawn: Outline | None = None,
) -> list[tuple[int, int]]:
    """The sizes in which the ``placed`` words (of all ``words``) can leave exactly the message's
    letters free, those needing the fewest crossings first.

    Raise :class:`DoesNotFitError` with the counts when no size can.
    """
    check_letters(message, words)
    cover = Cover.for_options(placed, options)
    n = len(message.letters)
    longest = max((len(w) for w in placed), default=1)
    share = 1.0 if drawn is None else max(drawn.share(), 0.05)
    fitting = [
        (r, c)
        for r, c in _sizes_around(math.ceil((cover.most + n) / share))
        if min(r, c) >= Topology.least_side(options)
        and _cells(r, c, drawn) - cover.most <= n <= _cells(r, c, drawn) - cover.least
        and Topology.for_options(r, c, options).longest_fitting(options.directions) >= longest
    ]
    if not fitting:
        raise DoesNotFitError(
            Note(
                f"no size leaves exactly {n} cells free for the message: the words cover between "
                f"{cover.least} and {cover.most} cells, so a grid would need between "
                f"{cover.least + n} and {cover.most + n} cells, and none of those sizes holds the "
                f"longest word ({longest} letters); try another message or other words",
                key="error.message-no-exact-size",
                values={
                    "count": n,
                    "least": cover.least,
                    "most": cover.most,
                    "fewest": cover.least + n,
                    "largest": cover.most + n,
                    "longest": longest,
                },
            ),
            kind="cannot_exist",
        )
    return fitting[:EXACT_SIZES]


def _sizes_around(cells: int) -> Iterator[tuple[int, int]]:
    """Sizes of at most ``cells`` cells, up to ``MOST_OBLONG`` times as long as wide: the largest
    first (fewest crossings needed), then the squarest."""
    side = math.isqrt(max(cells, 1)) + 2
    reach = min(MAX_SIDE, math.ceil(side * math.sqrt(MOST_OBLONG)) + 2)
    sizes = [
        (r, c)
        for r in range(1, reach + 1)
        for c in range(1, reach + 1)
        if max(r, c) <= MOST_OBLONG * min(r, c) and r * c <= cells
    ]
    sizes.sort(key=lambda rc: (cells - rc[0] * rc[1], abs(rc[0] - rc[1]), rc[0]))
    yield from sizes


def _cells(rows: int, cols: int, drawn: Outline | None) -> int:
    """The cells of rows×cols that are no hole of ``drawn``."""
    if drawn is None:
        return rows * cols
    return rows * cols - len(drawn.hole_indexes(rows, cols))
