"""How ``check`` and ``solve`` show the verifier's report: lines for people, data for JSON.

People count rows and columns from 1; the JSON keeps the 0-based cells of the puzzle format.
"""

from __future__ import annotations

from typing import Any

from wortsuche.model import Cell, Direction
from wortsuche.verification.verifier import Occurrence, Report, WordReport


def position(start: Cell, direction: Direction) -> str:
    """Where a word starts and which way it runs, for people: ``row 5, col 4 ←``."""
    return f"row {start[0] + 1}, col {start[1] + 1} {direction.arrow}"


def word_status(report: WordReport) -> str:
    """One line about one word: where it is, or what is wrong with it."""
    own = report.own
    if not report.expected:
        found = [o for o in (own, *report.stray) if o is not None]
        found += [o for o, _ in report.inside_longer]
        if not found:
            return "not there, as intended"
        return "found although the puzzle hides no word: " + _positions(found)
    if own is None and not report.stray:
        if report.inside_longer:
            occurrence, host = report.inside_longer[0]
            return f"not found (only inside {host} at {_position(occurrence)})"
        return "not found"
    parts = []
    if own is not None and report.apart:
        occurrence, host = report.inside_longer[0]
        parts.append(
            f"found 2 times: {_position(own)} apart and inside {host} at {_position(occurrence)}"
        )
        parts += [f"also at {_position(o)}" for o in report.stray]
        return "; ".join(parts)
    if own is not None and not report.stray:
        parts.append(f"OK  {_position(own)}")
    else:
        found = [o for o in (own, *report.stray) if o is not None]
        parts.append(f"found {len(found)} times: {_positions(found)}")
    for occurrence, host in report.inside_longer:
        parts.append(f"also inside {host} at {_position(occurrence)} (fine)")
    return "; ".join(parts)


def report_lines(report: Report) -> list[str]:
    """A line per word (entries aligned), then the problems, if any."""
    width = max((len(w.word.entry) for w in report.words), default=0)
    lines = [f"{w.word.entry:<{width}}  {word_status(w)}" for w in report.words]
    if report.problems:
        lines += ["", f"{len(report.problems)} problem{'s' if len(report.problems) != 1 else ''}:"]
        lines += [f"  {problem}" for problem in report.problems]
    return lines


def report_to_dict(report: Report) -> dict[str, Any]:
    """The report as plain JSON-ready data (cells counted from 0)."""
    return {
        "ok": report.ok,
        "words": [
            {
                "entry": w.word.entry,
                "letters": w.word.letters,
                "ok": w.ok,
                "expected": w.expected,
                "count": len(w.stray) + (w.own is not None) + w.apart,
                "apart": w.apart,
                "own": _occurrence(w.own) if w.own is not None else None,
                "stray": [_occurrence(o) for o in w.stray],
                "inside_longer": [
                    {**_occurrence(o), "inside": host} for o, host in w.inside_longer
                ],
            }
            for w in report.words
        ],
        "problems": list(report.problems),
    }


def _occurrence(occurrence: Occurrence) -> dict[str, Any]:
    return {
        "start": list(occurrence.start),
        "direction": occurrence.direction.name,
        "end": list(occurrence.end),
    }


def _position(occurrence: Occurrence) -> str:
    said = position(occurrence.start, occurrence.direction)
    straight = occurrence.direction.offset(occurrence.start, occurrence.length - 1)
    return said + " (over the edge)" if occurrence.end != straight else said


def _positions(occurrences: list[Occurrence]) -> str:
    return "; ".join(_position(o) for o in occurrences)
