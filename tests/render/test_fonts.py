"""The font shipped with the package prints every letter a German, Spanish or French list needs."""

from __future__ import annotations

import pytest

from wortsuche.render.metrics import font_path

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜẞÑÉÈÊÀÂÇÎÏÔÛÙŒÆØÅŁ" + "äöüßñéèêàâçîïôûùœæøåł→↓↘↗←↑↖↙"


@pytest.mark.parametrize("bold", [False, True])
def test_font_covers_latin_letters_and_arrows(bold: bool) -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    path = font_path(bold)
    cmap = ttlib.TTFont(str(path)).getBestCmap()
    assert [ch for ch in LETTERS if ord(ch) not in cmap] == []


def test_licence_ships_next_to_the_font() -> None:
    licence = font_path().parent / "LICENSE-DejaVu.txt"
    assert "Bitstream" in licence.read_text(encoding="utf-8")


@pytest.mark.parametrize("text", ["Ice cream", "ZEBRA", "Polar bear", "Ñandú", "x-ray's"])
def test_word_list_widths_match_the_font(text: str) -> None:
    from wortsuche.render.metrics import text_width

    ttlib = pytest.importorskip("fontTools.ttLib")
    font = ttlib.TTFont(str(font_path()))
    cmap, metrics = font.getBestCmap(), font["hmtx"]
    units = sum(metrics[cmap[ord(ch)]][0] for ch in text)
    assert text_width(text, 10) == pytest.approx(units / font["head"].unitsPerEm * 10, rel=0.01)
