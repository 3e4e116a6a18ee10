"""The font shipped with the package prints every letter a German, Spanish or French list needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from wortsuche.render.metrics import font_path

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜẞÑÉÈÊÀÂÇÎÏÔÛÙŒÆØÅŁ" + "äöüßñéèêàâçîïôûùœæøåł→↓↘↗←↑↖↙"


@pytest.mark.parametrize("font", ["standard", "school"])
@pytest.mark.parametrize("bold", [False, True])
def test_font_covers_latin_letters_and_arrows(bold: bool, font: str) -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    path = font_path(bold, font)
    cmap = ttlib.TTFont(str(path)).getBestCmap()
    assert [ch for ch in LETTERS if ord(ch) not in cmap] == []


def test_licence_ships_next_to_the_font() -> None:
    licence = font_path().parent / "LICENSE-DejaVu.txt"
    assert "Bitstream" in licence.read_text(encoding="utf-8")
    andika = (font_path().parent / "LICENSE-Andika.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License, Version 1.1" in andika and "Reserved Font Names" in andika


@pytest.mark.parametrize("text", ["Hund Katze", "MAUS IGEL", "Ziege, Schwein", "Ñandú", "Élan"])
def test_the_shared_widths_never_understate_the_school_font_by_much(text: str) -> None:
    """Layout measures with DejaVu's widths; Andika is narrower but for I and J, so a word list
    never runs into its neighbour by more than a few per cent."""
    from wortsuche.render.metrics import text_width

    ttlib = pytest.importorskip("fontTools.ttLib")
    face = ttlib.TTFont(str(font_path(False, "school")))
    cmap, metrics = face.getBestCmap(), face["hmtx"]
    units = sum(metrics[cmap[ord(ch)]][0] for ch in text) / face["head"].unitsPerEm * 10
    assert units <= text_width(text, 10) * 1.05


def test_a_school_sheet_embeds_andika_and_the_default_stays_dejavu(tmp_path: Path) -> None:
    import subprocess

    from cli import run

    fonts = {}
    for font in ("standard", "school"):
        out = tmp_path / f"{font}.pdf"
        done = run("generate", "Hund", "Katze", "Maus", "--font", font, "--answers", "-o", out)
        assert done.returncode == 0 and "Silt" not in done.stderr, done.stderr
        listed = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True)
        fonts[font] = {line.split()[0].split("+")[-1] for line in listed.stdout.splitlines()[2:]}
    assert fonts == {
        "standard": {"DejaVuSansBook", "DejaVuSansBold"},
        "school": {"Andika", "AndikaBold"},
    }


def test_svg_and_png_use_the_school_font() -> None:
    from wortsuche import generate
    from wortsuche.render import render

    puzzle = generate(["Hund", "Katze", "Maus"], rows=6, cols=6, seed=1)
    assert "font-family=\"'Andika', 'DejaVu Sans'" in render(puzzle, "svg", font="school")
    assert "Andika" not in render(puzzle, "svg")
    assert render(puzzle, "png", dpi=30, font="school") != render(puzzle, "png", dpi=30)


@pytest.mark.parametrize("text", ["Ice cream", "ZEBRA", "Polar bear", "Ñandú", "x-ray's"])
def test_word_list_widths_match_the_font(text: str) -> None:
    from wortsuche.render.metrics import text_width

    ttlib = pytest.importorskip("fontTools.ttLib")
    font = ttlib.TTFont(str(font_path()))
    cmap, metrics = font.getBestCmap(), font["hmtx"]
    units = sum(metrics[cmap[ord(ch)]][0] for ch in text)
    assert text_width(text, 10) == pytest.approx(units / font["head"].unitsPerEm * 10, rel=0.01)
