"""The puzzle on a terminal, through ``rich``: spaced letters, the word list in columns, the key in colour.

Used only by the command line when standard output is a terminal; files and pipes get
the plain text of :mod:`wortsuche.render.text`. ``rich`` is imported here and nowhere in
the core, and this module is imported only when it is needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wortsuche.grid.topology import Topology
from wortsuche.i18n import Translator
from wortsuche.model import Puzzle
from wortsuche.render.options import RenderOptions, display_letter
from wortsuche.render.text import summary
from wortsuche.words.clues import listed_as_text

if TYPE_CHECKING:
    from rich.columns import Columns
    from rich.console import Console, Group
    from rich.text import Text

WORD_STYLE = "bold black on yellow"
"""A word's cells in the answer key: colour and bold, so colour is not the only signal."""

OTHER_STYLE = "dim"
"""The cells of no word in the answer key."""


def puzzle_renderable(puzzle: Puzzle, options: RenderOptions | None = None) -> Group:
    """Everything to show, as one ``rich`` renderable."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.text import Text

    options = options or RenderOptions()
    answers = options.answers
    texts = options.texts(puzzle)
    covered = puzzle.covered() if answers else frozenset()
    grid = Text(no_wrap=True, overflow="ignore")
    topology = Topology.of_puzzle(puzzle)
    for r, row in enumerate(puzzle.grid.rows):
        at = 0  # two characters a cell width: a blank between squares, hexagons staggered
        for c, letter in enumerate(row):
            if not topology.is_drawn((r, c)):
                continue
            place = round(2 * (topology.centre((r, c))[0] - 0.5))
            grid.append(" " * (place - at))
            style = (WORD_STYLE if (r, c) in covered else OTHER_STYLE) if answers else ""
            grid.append(display_letter(letter, options.lowercase), style=style)
            at = place + 1
        grid.append("\n")
    grid.rstrip()
    heading = options.title or puzzle.title or "wortsuche"
    title = Text.assemble((heading, "bold"), "  ", summary(puzzle, texts))
    words = [word_entry(puzzle, k, texts, answers=answers) for k in range(len(puzzle.words))]
    parts: list[Text | Columns] = [title, Text(), grid, Text()]
    if answers and puzzle.absent:
        parts.append(Text(texts.t("text.none-hidden"), style="bold"))
    parts.append(Columns(words, padding=(0, 3), column_first=True))
    return Group(*parts)


def word_entry(puzzle: Puzzle, index: int, texts: Translator, *, answers: bool = False) -> Text:
    """One entry of the word list as written; with the answers, where it is."""
    from rich.text import Text

    word = puzzle.words[index]
    text = Text(listed_as_text(word, answers=answers))
    placement = puzzle.placements.get(word.letters)
    if answers and placement is not None:
        (r, c), arrow = placement.start, Topology.of_puzzle(puzzle).arrow(placement.direction)
        where = texts.t("text.position", row=r + 1, col=c + 1, arrow=arrow)
        if Topology.of_puzzle(puzzle).wraps(placement):
            where += " " + texts.t("text.wrap-mark")
        text.append(f"  {where}", style="dim")
    return text


def print_puzzle(
    puzzle: Puzzle, options: RenderOptions | None = None, *, console: Console | None = None
) -> None:
    """Show the puzzle on ``console`` (by default standard output)."""
    if console is None:
        from rich.console import Console

        console = Console()
    console.print(puzzle_renderable(puzzle, options), soft_wrap=True)
