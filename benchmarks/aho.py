"""The yardstick for the verifier and ``solve``: a complete check built on pyahocorasick (C).

One Aho–Corasick automaton over the words reads every line of the grid in all 8 directions;
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
    """Every line in all 8 directions joined by newlines, with (offset, row, col, dr, dc) of each."""
    height, width = len(rows), len(rows[0])
    parts: list[str] = []
    index: list[tuple[int, int, int, int, int]] = []
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
                index.append((offset, r, c, dr, dc))
                offset += len(letters) + 1
    return "\n".join(parts), index


def detect(rows: Sequence[str], words: Sequence[str]) -> int:
    """Detection alone: how many (line, position, word) matches the automaton reports."""
    import ahocorasick

    automaton = ahocorasick.Automaton()
    for word in set(words):
        automaton.add_word(word, len(word))
    automaton.make_automaton()
    text, _ = lines(rows)
    return sum(1 for _ in automaton.iter(text))


def check(
    rows: Sequence[str], words: Sequence[str], placed: Mapping[str, Span] | None = None
) -> dict[str, tuple[Span | None, list[Span], list[Span]]]:
    """Per word: (own, inside a longer word, stray), as the verifier states them.

    With ``placed`` (word → its placement's span) a word's own occurrence is its placement and
    hosts are placed longer words; without, its first occurrence inside an occurrence of a
    longer listed word, or else its first, and hosts are those inferred placements.
    """
    import ahocorasick

    automaton = ahocorasick.Automaton()
    for word in set(words):
        automaton.add_word(word, word)
    automaton.make_automaton()
    text, index = lines(rows)
    offsets = [entry[0] for entry in index]
    found: dict[str, dict[Span, None]] = {word: {} for word in words}
    line, next_offset = 0, offsets[1] if len(offsets) > 1 else len(text) + 1
    for end, word in automaton.iter(text):
        at = end - len(word) + 1
        while at >= next_offset:
            line += 1
            next_offset = offsets[line + 1] if line + 1 < len(offsets) else len(text) + 1
        offset, r, c, dr, dc = index[line]
        k = at - offset
        a = (r + k * dr, c + k * dc)
        b = (a[0] + (len(word) - 1) * dr, a[1] + (len(word) - 1) * dc)
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
