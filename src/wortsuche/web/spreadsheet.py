"""Cells a spreadsheet shows as text: the one rule every CSV the server or the CLI writes obeys.

A cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is run as a
formula by Excel and LibreOffice (``=HYPERLINK(…)`` sends a click elsewhere). OWASP's rule for
CSV injection: such a cell gets a leading ``'``, which the spreadsheet shows as text.
"""

from __future__ import annotations

from collections.abc import Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula."""


def as_text(value: object) -> object:
    """A text cell that no spreadsheet runs as a formula; numbers and the rest as they are.

    >>> as_text("=HYPERLINK(1)"), as_text("Anna"), as_text(-1.5)
    ("'=HYPERLINK(1)", 'Anna', -1.5)
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def text_row(values: Iterable[object]) -> list[object]:
    """A row of cells, each :func:`as_text`."""
    return [as_text(value) for value in values]
