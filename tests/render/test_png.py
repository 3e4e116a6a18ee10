"""The PNG raster, opened with Pillow and measured."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from wortsuche import Puzzle
from wortsuche.render import render
from wortsuche.render.layout import worksheet


def open_png(data: str | bytes) -> Image.Image:
    assert isinstance(data, bytes)
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("dpi", [72, 150])
def test_size_follows_the_dpi(small: Puzzle, dpi: int) -> None:
    sheet = worksheet(small)
    image = open_png(render(small, "png", dpi=dpi))
    assert image.format == "PNG"
    assert image.size == (round(sheet.width * dpi / 72), round(sheet.height * dpi / 72))
    assert image.info["dpi"] == pytest.approx((dpi, dpi), abs=0.1)


def test_image_is_not_blank(zoo: Puzzle, paper_artifacts: Path) -> None:
    data = render(zoo, "png", dpi=100, answers=True)
    assert isinstance(data, bytes)
    (paper_artifacts / "answer-key.png").write_bytes(data)
    grey = open_png(data).convert("L")
    darkest, lightest = grey.getextrema()
    assert lightest == 255 and darkest < 80
    assert 200 < ImageStat.Stat(grey).mean[0] < 254


def test_key_shows_red_capsules_and_the_puzzle_does_not(zoo: Puzzle) -> None:
    def reddish(data: str | bytes) -> int:
        pixels = open_png(data).convert("RGB").tobytes()
        triples = zip(pixels[0::3], pixels[1::3], pixels[2::3], strict=True)
        return sum(1 for r, g, b in triples if r > 150 and g < 100 and b < 100)

    assert reddish(render(zoo, "png", dpi=50)) == 0
    assert reddish(render(zoo, "png", dpi=50, answers=True)) > 100


def test_an_image_too_large_for_memory_is_refused(small: Puzzle) -> None:
    from wortsuche import InputError
    from wortsuche.render.png import sheet_png

    with pytest.raises(InputError, match="lower --dpi"):
        sheet_png(worksheet(small), dpi=20_000)


@pytest.mark.parametrize("dpi", [-3, 0, 9, 1201])
def test_dpi_must_be_in_range(small: Puzzle, dpi: int) -> None:
    from wortsuche import InputError

    with pytest.raises(InputError, match="between 10 and 1200"):
        render(small, "png", dpi=dpi)
