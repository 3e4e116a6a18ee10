"""An independent exactly-once check for any generator's grid, used to judge both generators alike.

It reads all 8 directions as separate strings (the verifier in wortsuche reads 4 axes and
matches reversed words), so the two checks share no code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

STEPS = ((0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1))

Cells = frozenset[tuple[int, int]]


def _all_lines(
    rows: Sequence[str],
) -> tuple[str, list[tuple[int, tuple[int, int], tuple[int, int]]]]:
    """Every line in all 8 directions joined by newlines, with (offset, start, step) of each."""
    height, width = len(rows), len(rows[0])
    parts: list[str] = []
    index: list[tuple[int, tuple[int, int], tuple[int, int]]] = []
    offset = 0
    for dr, dc in STEPS:
        for r in range(height):
            for c in range(width):
                if 0 <= r - dr < height and 0 <= c - dc < width:
                    continue
                letters = []
                rr, cc = r, c
                while 0 <= rr < height and 0 <= cc < width:
                    letters.append(rows[rr][cc])
                    rr, cc = rr + dr, cc + dc
                parts.append("".join(letters))
                index.append((offset, (r, c), (dr, dc)))
                offset += len(letters) + 1
    return "\n".join(parts), index


def occurrences(rows: Sequence[str], words: Sequence[str]) -> dict[str, set[Cells]]:
    """For each word, every set of cells that reads it in some direction."""
    import bisect

    text, index = _all_lines(rows)
    offsets = [entry[0] for entry in index]
    found: dict[str, set[Cells]] = {}
    for word in words:
        cells_found: set[Cells] = set()
        at = text.find(word)
        while at >= 0:
            line = bisect.bisect_right(offsets, at) - 1
            offset, (r, c), (dr, dc) = index[line]
            k = at - offset
            cells_found.add(
                frozenset((r + (k + i) * dr, c + (k + i) * dc) for i in range(len(word)))
            )
            at = text.find(word, at + 1)
        found[word] = cells_found
    return found


def is_clean(rows: Sequence[str], placed: Mapping[str, Sequence[tuple[int, int]]]) -> bool:
    """True if every placed word reads at its cells and stands nowhere else (outside longer placed words)."""
    for word, cells in placed.items():
        if "".join(rows[r][c] for r, c in cells) != word:
            return False
    spans = {word: frozenset(cells) for word, cells in placed.items()}
    found = occurrences(rows, list(placed))
    for word, sets in found.items():
        for cells in sets:
            if cells == spans[word]:
                continue
            if not any(len(other) > len(word) and cells <= span for other, span in spans.items()):
                return False
    return True
