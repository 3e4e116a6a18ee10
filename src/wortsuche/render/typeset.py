"""Setting text in a width: lines broken at spaces, or one line cut with an ellipsis.

>>> wrap("Jedes Wort ist genau einmal versteckt", 10, 100)
['Jedes Wort ist', 'genau einmal', 'versteckt']
>>> fit("Tiere im Wald und auf der Wiese", 10, 80)
'Tiere im Wald…'
"""

from __future__ import annotations

from wortsuche.render.metrics import text_width


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines at spaces, each within ``width`` at ``size`` points (a word
    longer than the width stands on a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def fit(text: str, size: float, width: float, *, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` at ``size`` points, so that a list can
    keep one type size."""
    if text_width(text, size, bold=bold) <= width:
        return text
    while text and text_width(text + "…", size, bold=bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"
