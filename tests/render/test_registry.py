"""Every paper format is registered by name and by file suffix."""

from __future__ import annotations

import builtins
from typing import Any

import pytest

from wortsuche import InputError, Puzzle
from wortsuche.render import FORMATS, SUFFIXES, RenderOptions, format_for_path, render


@pytest.mark.parametrize(
    ("name", "format"),
    [("a.pdf", "pdf"), ("A.SVG", "svg"), ("x.png", "png"), ("x.csv", "csv"), ("p.html", "html")],
)
def test_suffix_chooses_the_format(name: str, format: str) -> None:
    assert format_for_path(name) == format
    assert format in FORMATS and SUFFIXES


KEYED = {"pdf": b"%PDF-", "svg": b"<?xml", "png": b"\x89PNG", "csv": b"", "text": b""}
"""Formats with an answer key, and how their output starts."""


@pytest.mark.parametrize("format", sorted(KEYED))
def test_formats_with_a_key_draw_it_only_when_asked(small: Puzzle, format: str) -> None:
    plain = render(small, format, title="T", dpi=40)
    key = render(small, format, answers=True, title="T", dpi=40)
    assert key != plain
    for output in (plain, key):
        data = output if isinstance(output, bytes) else output.encode("utf-8")
        assert data.startswith(KEYED[format])


@pytest.mark.parametrize("format", ["json", "html"])
def test_formats_without_a_key_ignore_answers_in_the_api(small: Puzzle, format: str) -> None:
    # JSON always holds the answers, the HTML game never shows them (the CLI refuses --answers).
    assert render(small, format, answers=True) == render(small, format)


def test_options_come_typed_or_by_name(small: Puzzle) -> None:
    typed = render(small, "svg", RenderOptions(lowercase=True, title="T"))
    assert typed == render(small, "svg", lowercase=True, title="T")
    assert typed == render(small, "svg", RenderOptions(title="T"), lowercase=True)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"answer": True}, "unknown render option 'answer'"),
        ({"paper": "a3"}, "unknown paper 'a3'"),
        ({"language": "fr"}, "unknown sheet language 'fr'"),
    ],
)
def test_bad_options_are_errors(small: Puzzle, options: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        render(small, "text", **options)


def test_missing_pdf_extra_is_named(small: Puzzle, monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_fpdf(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "fpdf" or name.startswith("fpdf."):
            raise ModuleNotFoundError(f"No module named {name!r}", name="fpdf")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_fpdf)
    with pytest.raises(InputError, match=r"wortsuche\[pdf\]"):
        render(small, "pdf")


def test_a_book_without_the_pdf_extra_stops_before_any_puzzle_is_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    from wortsuche import book
    from wortsuche.cli import main

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "fpdf" else real_find_spec(name, *a),
    )

    def no_building(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("puzzles were made although the book cannot be printed")

    monkeypatch.setattr(book, "build_book", no_building)
    words = tmp_path / "w.txt"
    words.write_text("CAT\nDOG\n", encoding="utf-8")
    assert main(["book", str(words), "-o", str(tmp_path / "b.pdf")]) == 2
    err = capsys.readouterr().err
    assert "needs the pdf extra" in err and "pip install -e '.[pdf]'" in err
