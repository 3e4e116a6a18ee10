"""Every paper format is registered by name and by file suffix."""

from __future__ import annotations

import builtins
from typing import Any

import pytest

from wortsuche import InputError, Puzzle
from wortsuche.render import FORMATS, SUFFIXES, format_for_path, render


@pytest.mark.parametrize(
    ("name", "format"),
    [("a.pdf", "pdf"), ("A.SVG", "svg"), ("x.png", "png"), ("x.csv", "csv"), ("p.html", "html")],
)
def test_suffix_chooses_the_format(name: str, format: str) -> None:
    assert format_for_path(name) == format
    assert format in FORMATS and SUFFIXES


@pytest.mark.parametrize("format", ["pdf", "svg", "png", "csv", "html", "text", "json"])
def test_every_format_renders_puzzle_and_key(small: Puzzle, format: str) -> None:
    for answers in (False, True):
        assert render(small, format, answers=answers, title="T", dpi=40)


def test_missing_pdf_extra_is_named(small: Puzzle, monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_fpdf(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "fpdf" or name.startswith("fpdf."):
            raise ModuleNotFoundError(f"No module named {name!r}", name="fpdf")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_fpdf)
    with pytest.raises(InputError, match=r"wortsuche\[pdf\]"):
        render(small, "pdf")
