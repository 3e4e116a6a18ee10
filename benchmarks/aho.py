"""The yardstick for the verifier and ``solve``: a complete check built on pyahocorasick (C).

One Aho–Corasick automaton over the words and their reversals reads every line of the grid in
the four forward directions once (lines sliced from the grid as one string, not read cell by
cell), which finds every word in all 8;
each word then gets the same verdict the verifier gives: its own occurrence, the
occurrences inside a longer word, and stray copies. It shares no code with wortsuche (whose
verifier finds its hits with the same library on flat grids, then judges them with its own code).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

STEPS = ((0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1))

Span = tuple[tuple[int, int], tuple[int, int]]
"""An occurrence as its two end cells, smaller first (the same for both reading directions)."""


def available() -> bool:
    """True if pyahocorasick is installed (a core dependency: the verifier reads with it too)."""
    try:
        import ahocorasick  # noqa: F401
    except ImportError:
        return False
    return True


def lines(rows: Sequence[str]) -> tuple[str, list[tuple[int, int, int, int, int]]]:
    """Every line in the four forward directions (→ ↓ ↘ ↗) joined by newlines, with (offset, row,
    col, dr, dc) of each. The lines are slices of the grid as one string (a column every
    ``width`` letters, a diagonal every ``width ± 1``), not read cell by cell; the four backward
    directions are the same lines read backwards, which the automaton finds as reversed words."""
    height, width = len(rows), len(rows[0])
    flat = "".join(rows)
    starts: list[tuple[int, int, int, int, str]] = [(r, 0, 0, 1, row) for r, row in enumerate(rows)]
    starts += [(0, c, 1, 0, flat[c::width]) for c in range(width)]
    for c in range(width):  # ↘ from the top row, then from the left column
        starts.append((0, c, 1, 1, flat[c :: width + 1][: min(height, width - c)]))
    for r in range(1, height):
        starts.append((r, 0, 1, 1, flat[r * width :: width + 1][: min(height - r, width)]))
    for r in range(height):  # ↗ from the left column, then from the bottom row
        at = r * width
        starts.append((r, 0, -1, 1, flat[at :: -(width - 1) or None][: min(r + 1, width)]))
    for c in range(1, width):
        at = (height - 1) * width + c
        starts.append((height - 1, c, -1, 1, flat[at :: -(width - 1)][: min(height, width - c)]))
    index, offset = [], 0
    for r, c, dr, dc, text in starts:
        index.append((offset, r, c, dr, dc))
        offset += len(text) + 1
    return "\n".join(text for *_, text in starts), index


def automaton_of(words: Sequence[str]) -> object:
    """An automaton over every word and its reversal; each key's value is the words it reads
    as, forwards or backwards (``TOR`` and ``ROT`` share their keys)."""
    import ahocorasick

    readings: dict[str, set[str]] = {}
    for word in words:
        readings.setdefault(word, set()).add(word)
        readings.setdefault(word[::-1], set()).add(word)
    automaton = ahocorasick.Automaton()
    for key, listed in readings.items():
        automaton.add_word(key, (len(key), tuple(sorted(listed))))
    automaton.make_automaton()
    return automaton


def detect(rows: Sequence[str], words: Sequence[str]) -> int:
    """Detection alone: how many (line, position, word) matches the automaton reports."""
    text, _ = lines(rows)
    return sum(1 for _ in automaton_of(words).iter(text))  # type: ignore[attr-defined]


def check(
    rows: Sequence[str], words: Sequence[str], placed: Mapping[str, Span] | None = None
) -> dict[str, tuple[Span | None, list[Span], list[Span]]]:
    """Per word: (own, inside a longer word, stray), as the verifier states them.

    With ``placed`` (word → its placement's span) a word's own occurrence is its placement and
    hosts are placed longer words; without, its first occurrence inside an occurrence of a
    longer listed word, or else its first, and hosts are those inferred placements.
    """
    text, index = lines(rows)
    offsets = [entry[0] for entry in index]
    found: dict[str, dict[Span, None]] = {word: {} for word in words}
    line, next_offset = 0, offsets[1] if len(offsets) > 1 else len(text) + 1
    for end, (length, listed) in automaton_of(words).iter(text):  # type: ignore[attr-defined]
        at = end - length + 1
        while at >= next_offset:
            line += 1
            next_offset = offsets[line + 1] if line + 1 < len(offsets) else len(text) + 1
        offset, r, c, dr, dc = index[line]
        k = at - offset
        a = (r + k * dr, c + k * dc)
        b = (a[0] + (length - 1) * dr, a[1] + (length - 1) * dc)
        for word in listed:
            found[word][(min(a, b), max(a, b))] = None
    if placed is None:  # a typed-in grid: a word's first occurrence inside a longer one, or first
        inside_any = _inside(found, found, words)
        placed = {}
        for word in words:
            spans = sorted(found[word])
            inside = [s for s in spans if s in inside_any[word]]
            if spans:
                placed[word] = (inside or spans)[0]
    inside_placed = _inside(found, {w: {span: None} for w, span in placed.items()}, words)
    verdicts = {}
    for word in words:
        own = placed.get(word)
        others = [s for s in found[word] if s != own]
        verdicts[word] = (
            own,
            [s for s in others if s in inside_placed[word]],
            [s for s in others if s not in inside_placed[word]],
        )
    return verdicts


def _inside(
    found: Mapping[str, Mapping[Span, None]],
    hosts: Mapping[str, Mapping[Span, None]],
    words: Sequence[str],
) -> dict[str, set[Span]]:
    """Per word, its occurrences that lie inside a host of a longer word (both ends covered)."""
    cover: dict[tuple[int, int], list[tuple[int, Span]]] = {}
    for word, spans in hosts.items():
        for a, b in spans:
            dr, dc = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
            for i in range(len(word)):
                cover.setdefault((a[0] + i * dr, a[1] + i * dc), []).append((len(word), (a, b)))
    inside: dict[str, set[Span]] = {}
    for word in words:
        inside[word] = set()
        for span in found[word]:
            at_end = {host for n, host in cover.get(span[1], ()) if n > len(word)}
            if any(n > len(word) and host in at_end for n, host in cover.get(span[0], ())):
                inside[word].add(span)
    return inside
