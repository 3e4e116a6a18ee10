"""The puzzle as plain text: grid, word list, size, level and seed; optionally the answer key.

The words around the grid are in the sheet's language.

The grid comes first, so ``wortsuche solve`` can read a saved sheet back. Rows and
columns are counted from 1 for people.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="easy", seed=1)
>>> print(render(puzzle).splitlines()[-1])
5x5, level easy, seed 1, difficulty 0.1: estimated under a minute (model)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.grid.topology import Topology
from wortsuche.i18n import Translator
from wortsuche.model import HOLE, Puzzle
from wortsuche.render.options import RenderOptions, display_letter
from wortsuche.render.texts import (
    level_name,
    message_answer,
    message_hint,
    secret_hint,
    solving_time,
)
from wortsuche.words.clues import listed_as_text

HIDDEN = "·"
"""Stands for a cell that belongs to no word in the answer key."""

MIN_LIST_WIDTH = 30
"""The word list may be this wide even under a narrower grid."""


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> str:
    """Plain text for files and pipes (letters separated by spaces)."""
    options = options or RenderOptions()
    texts = options.texts(puzzle)
    lines = laid_out(puzzle, puzzle.grid.rows, options.lowercase)
    lines.append("")
    width = max(len(lines[0]), MIN_LIST_WIDTH)
    lines += in_columns([listed_as_text(word) for word in puzzle.words], width)
    lines.append("")
    lines += [*secret_hint(puzzle, texts), *message_hint(puzzle, texts), summary(puzzle, texts)]
    if options.answers:
        lines += ["", texts.t("sheet.answers"), ""]
        lines += laid_out(puzzle, answer_rows(puzzle), options.lowercase)
        lines.append("")
        lines += answer_positions(puzzle, texts)
        lines += message_answer(puzzle, texts)
    return "\n".join(lines) + "\n"


def laid_out(puzzle: Puzzle, rows: Sequence[str], lowercase: bool = False) -> list[str]:
    """The letters of ``rows`` as lines of text, each cell where the topology draws it: two
    characters a cell width, so a square grid's letters stand a blank apart and a hexagonal
    grid's rows are staggered by half a cell (a hole is a blank)."""
    topology = Topology.of_puzzle(puzzle)
    width = round(2 * (topology.extent()[0] - 1)) + 1
    lines = []
    for r, row in enumerate(rows):
        line = [" "] * width
        for c, letter in enumerate(row):
            if letter != HOLE and topology.is_drawn((r, c)):
                line[round(2 * (topology.centre((r, c))[0] - 0.5))] = display_letter(
                    letter, lowercase
                )
        lines.append("".join(line))
    return lines


def summary(puzzle: Puzzle, texts: Translator) -> str:
    """Size, level and seed: what it takes to make the same puzzle again."""
    rating = rate_puzzle(puzzle)
    return texts.t(
        "text.summary",
        rows=Topology.of_puzzle(puzzle).asked_size[0],
        cols=Topology.of_puzzle(puzzle).asked_size[1],
        level=level_name(texts, puzzle.level),
        seed=puzzle.seed,
        score=texts.decimal(rating.score),
        time=solving_time(texts, rating.minutes),
    )


def in_columns(items: Sequence[str], width: int, gap: int = 3) -> list[str]:
    """``items`` in as many columns as fit in ``width``, read down each column.

    >>> in_columns(["VOR", "RAD", "EVA", "TORF", "UND"], 14)
    ['VOR    TORF', 'RAD    UND', 'EVA']
    """
    if not items:
        return []
    column_width = max(len(item) for item in items) + gap
    columns = max(1, min(len(items), (width + gap) // column_width))
    height = math.ceil(len(items) / columns)
    lines = []
    for r in range(height):
        row = [items[k] for k in range(r, len(items), height)]
        lines.append("".join(item.ljust(column_width) for item in row).rstrip())
    return lines


def answer_rows(puzzle: Puzzle) -> list[str]:
    """The grid with only the words' cells shown, every other cell as ``·``."""
    covered = puzzle.covered()
    return [
        "".join(letter if (r, c) in covered else HIDDEN for c, letter in enumerate(row))
        for r, row in enumerate(puzzle.grid.rows)
    ]


def answer_positions(puzzle: Puzzle, texts: Translator) -> list[str]:
    """Where each word starts and which way it runs: ``TORF  row 5, col 4 ←``."""
    if puzzle.absent:
        return [texts.t("text.none-hidden")]
    everything = puzzle.words + puzzle.secret_words
    width = max(len(word.entry) for word in everything)
    lines = []
    for word in everything:
        placement = puzzle.placements.get(word.letters)
        if placement is None:
            lines.append(f"{word.entry:<{width}}  {texts.t('text.not-placed')}")
            continue
        (r, c), arrow = placement.start, Topology.of_puzzle(puzzle).arrow(placement.direction)
        where = texts.t("text.position", row=r + 1, col=c + 1, arrow=arrow)
        if Topology.of_puzzle(puzzle).wraps(placement):
            where += " " + texts.t("text.wrap-mark")
        if word in puzzle.secret_words:
            where += " " + texts.t("text.secret-mark")
        clue = f"  ({word.clue})" if word.clue is not None else ""
        lines.append(f"{word.entry:<{width}}  {where}{clue}")
    return lines
