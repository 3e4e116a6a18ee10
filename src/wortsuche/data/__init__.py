"""Data files shipped inside the package: word screens, themes, letter-pair tables."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
"""The installed ``wortsuche`` package folder (data is read from plain files next to the code,
which also spares every command the import of ``importlib.resources``)."""


def read_text(*parts: str) -> str:
    """The UTF-8 text of the file at ``parts`` below the package folder."""
    return PACKAGE.joinpath(*parts).read_text("utf-8")
