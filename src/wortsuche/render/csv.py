"""The puzzle as CSV for spreadsheets: one row per grid row, then the word list after a blank line.

With ``answers`` a third block follows the word list: each word with its first and last cell
(rows and columns counted from 1, as a spreadsheet user counts them) and its direction.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> render(puzzle).splitlines()[5:7]
['', 'EVA']
"""

from __future__ import annotations

import csv
import io

from wortsuche.model import HOLE, Puzzle
from wortsuche.render.layout import sorted_entries
from wortsuche.render.options import RenderOptions, display_letter

ANSWER_HEADER = ("word", "first-row", "first-column", "last-row", "last-column", "direction")
"""Message ids (``csv.<name>``) of the answer table's columns."""


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> str:
    """CSV text: grid rows, a blank line, the sorted word list (and with ``answers`` the key)."""
    options = options or RenderOptions()
    lowercase = options.lowercase
    texts = options.texts(puzzle)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in puzzle.grid.rows:
        # a hole of a shaped grid is an empty field
        writer.writerow(
            ["" if letter == HOLE else display_letter(letter, lowercase) for letter in row]
        )
    writer.writerow([])
    for entry in sorted_entries(puzzle):
        writer.writerow([entry])
    if options.answers:
        writer.writerow([])
        writer.writerow([texts.t(f"csv.{name}") for name in ANSWER_HEADER])
        for word in puzzle.words:
            placement = puzzle.placements.get(word.letters)
            if placement is None:
                writer.writerow([word.entry, "", "", "", "", texts.t("csv.not-in-grid")])
                continue
            (r0, c0), (r1, c1) = placement.start, puzzle.cells_of(placement)[-1]
            writer.writerow([word.entry, r0 + 1, c0 + 1, r1 + 1, c1 + 1, placement.direction.name])
    return out.getvalue()
