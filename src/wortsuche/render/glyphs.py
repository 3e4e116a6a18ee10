"""Whether the sheet's typeface can print what the user wrote, before anything is drawn.

A letter a TrueType font lacks is drawn as an empty box (fpdf2 only warns): a clue in Chinese,
a star in the school font. Printed sheets and books check the words, clues, titles and the grid
against the font first and refuse, naming the characters, instead of printing boxes. A picture
clue is drawn as a picture and needs no letters.

>>> missing(["Igel", "Ein Tier mit Stacheln"], "standard")
''
>>> missing(["KATZE = 猫"], "standard")
'猫'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from wortsuche.errors import InputError
from wortsuche.model import HOLE, Puzzle
from wortsuche.render.metrics import FONT_FAMILIES, font_path
from wortsuche.words.clues import is_picture
from wortsuche.words.pictures import has_picture


@cache
def covered(font: str) -> frozenset[int]:
    """The code points both faces (regular and bold) of ``font`` can print."""
    from fontTools.ttLib import TTFont

    faces = []
    for bold in (False, True):
        with TTFont(font_path(bold, font), lazy=True) as face:
            faces.append(set(face.getBestCmap()))
    return frozenset(faces[0] & faces[1])


def missing(texts: Iterable[str], font: str) -> str:
    """The characters of ``texts`` that ``font`` cannot print, each once, in order met."""
    printable = covered(font)
    seen: list[str] = []
    for text in texts:
        for char in text:
            if not char.isspace() and ord(char) not in printable and char not in seen:
                seen.append(char)
    return "".join(seen)


def printed_texts(puzzle: Puzzle) -> list[str]:
    """Everything of the user's a printed sheet sets in its typeface: title, grid, list, clues."""
    texts = [puzzle.title or ""]
    texts += ["".join(letter for letter in row if letter != HOLE) for row in puzzle.grid.rows]
    for word in puzzle.words:
        texts.append(word.entry)
        if word.clue is not None and not (is_picture(word.clue) and has_picture(word.clue)):
            texts.append(word.clue)
    return texts


def require_printable(puzzles: Iterable[Puzzle], font: str, *lines: str | None) -> None:
    """Refuse, in one line, text of these puzzles (and other ``lines`` on the page: a title, a
    subtitle) that ``font`` would print as empty boxes."""
    texts = [line or "" for line in lines]
    texts += [text for puzzle in puzzles for text in printed_texts(puzzle)]
    lacking = missing(texts, font)
    if lacking:
        family = FONT_FAMILIES[font]
        raise InputError(
            f"the typeface {family} has no letter for {lacking}: write it with other "
            "characters, make the clue one picture, or choose the other --font",
            key="error.font-lacks",
            values={"family": family, "chars": lacking},
        )
