"""The oracle's fast reading agrees with the plain definition of an occurrence."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scan import STEPS, occurrences


def by_definition(rows: list[str], word: str) -> set[frozenset[tuple[int, int]]]:
    """Every start cell, every one of the 8 steps: the cells that spell ``word``."""
    height, width = len(rows), len(rows[0])
    found = set()
    for r in range(height):
        for c in range(width):
            for dr, dc in STEPS:
                cells = [(r + i * dr, c + i * dc) for i in range(len(word))]
                inside = all(0 <= rr < height and 0 <= cc < width for rr, cc in cells)
                if inside and "".join(rows[rr][cc] for rr, cc in cells) == word:
                    found.add(frozenset(cells))
    return found


grids = st.integers(1, 7).flatmap(
    lambda width: st.lists(
        st.text(alphabet="ABÄ", min_size=width, max_size=width), min_size=1, max_size=7
    )
)


@settings(max_examples=300, deadline=None)
@given(rows=grids, word=st.text(alphabet="ABÄ", min_size=1, max_size=5))
def test_fast_reading_finds_exactly_the_occurrences_of_the_definition(
    rows: list[str], word: str
) -> None:
    assert occurrences(rows, word) == by_definition(rows, word)


def test_overlapping_copies_are_all_found() -> None:
    assert len(occurrences(["AAA"], "AA")) == 2  # AA at columns 1–2 and 2–3, each read both ways
