"""How ``check`` and ``solve`` show the verifier's report: lines for people, data for JSON.

People count rows and columns from 1; the JSON keeps the 0-based cells of the puzzle format.
The lines are in the command line's language; the JSON's problems stay as the verifier wrote
them, in English.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wortsuche.i18n import Translator, translator
from wortsuche.model import Cell, Direction
from wortsuche.verification.verifier import Occurrence, Report, WordReport

Arrow = Callable[[Direction], str]
"""How a grid draws a direction: :meth:`Report.arrow`."""


def square_arrow(direction: Direction) -> str:
    """The arrow of ``direction`` on a grid of squares."""
    return direction.arrow


def position(
    start: Cell, direction: Direction, texts: Translator | None = None, arrow: str | None = None
) -> str:
    """Where a word starts and which way it runs, for people: ``row 5, col 4 ←`` (``arrow``:
    as its grid draws ``direction``, ↘ for S on hexagons; by default a square grid's)."""
    texts = texts or translator("en")
    drawn = arrow if arrow is not None else direction.arrow
    return texts.t("report.position", row=start[0] + 1, col=start[1] + 1, arrow=drawn)


def word_status(
    report: WordReport, texts: Translator | None = None, arrow: Arrow | None = None
) -> str:
    """One line about one word: where it is, or what is wrong with it (``arrow``: how its grid
    draws a direction, :meth:`Report.arrow`; by default a square grid's)."""
    texts = texts or translator("en")
    own = report.own

    def at(occurrence: Occurrence) -> str:
        return _position(occurrence, texts, arrow or square_arrow)

    if not report.expected:
        found = [o for o in (own, *report.stray) if o is not None]
        found += [o for o, _ in report.inside_longer]
        if not found:
            return texts.t("report.absent-as-intended")
        return texts.t("report.found-although-absent", positions="; ".join(map(at, found)))
    if own is None and not report.stray:
        if report.inside_longer:
            occurrence, host = report.inside_longer[0]
            return texts.t("report.only-inside", host=host, position=at(occurrence))
        return texts.t("report.not-found")
    parts = []
    if own is not None and report.apart:
        occurrence, host = report.inside_longer[0]
        parts.append(
            texts.t("report.apart-and-inside", own=at(own), host=host, position=at(occurrence))
        )
        parts += [texts.t("report.also-at", position=at(o)) for o in report.stray]
        return "; ".join(parts)
    if own is not None and not report.stray:
        parts.append(texts.t("report.ok", position=at(own)))
    else:
        found = [o for o in (own, *report.stray) if o is not None]
        parts.append(texts.n("report.found-times", len(found), positions="; ".join(map(at, found))))
    for occurrence, host in report.inside_longer:
        parts.append(texts.t("report.also-inside", host=host, position=at(occurrence)))
    return "; ".join(parts)


def report_lines(report: Report, texts: Translator | None = None) -> list[str]:
    """A line per word (entries aligned), then the problems, if any."""
    texts = texts or translator("en")
    width = max((len(w.word.entry) for w in report.words), default=0)
    lines = [
        f"{w.word.entry:<{width}}  {word_status(w, texts, report.arrow)}" for w in report.words
    ]
    if report.problems:
        lines += ["", texts.n("report.problems", len(report.problems))]
        lines += [f"  {texts.say(problem)}" for problem in report.problems]
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


def _position(occurrence: Occurrence, texts: Translator, arrow: Arrow) -> str:
    said = position(occurrence.start, occurrence.direction, texts, arrow(occurrence.direction))
    straight = occurrence.direction.offset(occurrence.start, occurrence.length - 1)
    return texts.t("report.over-the-edge", position=said) if occurrence.end != straight else said
