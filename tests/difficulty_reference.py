"""The solver model walked out cell by cell: the plain definition the fast rating must equal.

For each word: scan for the anchor letter; at each cell holding it, read along the allowed
directions in habit order, letter by letter, until a letter does not match or the edge is
reached; stop at the first direction that completes the word. Shares no code with
``wortsuche.difficulty.simulated`` beyond its published constants.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from wortsuche.difficulty.simulated import RARE, SCAN_COST

STEPS = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1), "W": (0, -1), "N": (-1, 0),
         "NW": (-1, -1), "SW": (1, -1)}  # fmt: skip


def word_effort(
    rows: Sequence[str], word: str, order: Sequence[tuple[str, float]], wrap: bool = False
) -> tuple[float, str, int, float, str | None]:
    """(units, anchor letter, anchors, false leads, direction name found or None).

    With ``wrap`` a step over an edge comes in at the other side (a torus)."""
    height, width = len(rows), len(rows[0])
    cells = [(r, c) for r in range(height) for c in range(width)]
    count = {x: sum(rows[r][c] == x for r, c in cells) for x in set(word)}
    at = min(range(len(word)), key=lambda i: (count[word[i]], i))
    if count[word[at]] > RARE * count[word[0]]:
        at = 0
    after, before = word[at + 1 :], word[:at][::-1]
    false_costs: list[float] = []
    true_costs: list[float] = []
    false_leads = 0
    found: str | None = None
    anchors = [(r, c) for r, c in cells if rows[r][c] == word[at]]
    for start in anchors:
        cost, leads, direction = 0.0, 0, None
        for name, weight in order:
            dr, dc = STEPS[name]
            matched, complete = 0, True
            for letters, sign in ((after, 1), (before, -1)):
                r, c = start
                for letter in letters:
                    r, c = r + sign * dr, c + sign * dc
                    if wrap:
                        r, c = r % height, c % width
                    if not (0 <= r < height and 0 <= c < width) or rows[r][c] == " ":
                        complete = False  # the edge, or a hole of a shaped grid
                        break
                    cost += weight
                    if rows[r][c] != letter:
                        complete = False
                        break
                    matched += 1
                if not complete:
                    break
            if complete:
                direction = name
                break
            leads += matched >= 1
        if direction is None:
            false_costs.append(cost)
            false_leads += leads
        else:
            true_costs.append(cost)
            found = found or direction
    true = len(true_costs)
    share = 1 / (true + 1) if true else 1.0
    cells = sum(len(row) - row.count(" ") for row in rows)  # holes are no cells to look at
    units = SCAN_COST * cells * share + sum(false_costs) * share
    if true:
        units += statistics.fmean(true_costs)
    return units, word[at], len(anchors), false_leads * share, found
