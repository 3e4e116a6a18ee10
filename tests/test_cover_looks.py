"""A printed book's cover, as a publisher asks for it: three templates, the title's typeface,
a background image at 300 dpi, the back text from a file; measured in the cover PDF with
pdfplumber, drawn with pdftoppm, and checked by the book's own preflight (the command writes
nothing that breaks a print rule)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from tests.cli import reader_language, run

from wortsuche.render.cover import BARCODE, SAFE, SCHEMES
from wortsuche.render.trims import BLEED, cover_size, parse_trim

ANIMALS = ["Hund", "Katze", "Maus", "Pferd", "Kuh", "Schaf", "Ziege", "Huhn", "Ente", "Gans"]


def book(tmp_path: Path, *extra: str | Path, count: str = "30") -> Any:
    """``book`` of ``count`` puzzles on 6x9 with a cover, and ``extra`` options."""
    (tmp_path / "tiere.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    args = ["book", "tiere.txt", "--count", count, "--size", "9x9", "--trim", "6x9", "--seed", "2"]
    return run(*args, "--cover", "c.pdf", "-o", "b.pdf", "--force", *extra, cwd=tmp_path)


def cover_chars(path: Path) -> tuple[list[dict[str, Any]], Any]:
    """The cover's characters and its page."""
    import pdfplumber

    with pdfplumber.open(str(path)) as document:
        page = document.pages[0]
        return list(page.chars), (float(page.width), float(page.height), list(page.images))


def colour(hex_colour: str) -> tuple[float, ...]:
    """#rrggbb as pdfplumber reports a fill, rounded."""
    return tuple(round(int(hex_colour[i : i + 2], 16) / 255, 2) for i in (1, 3, 5))


@pytest.mark.parametrize("template", ["band", "classic", "frame"])
def test_each_template_sets_the_title_in_its_colours_and_passes_preflight(
    tmp_path: Path, template: str
) -> None:
    made = book(tmp_path, "--cover-template", template, "--title", "Tierrätsel")
    assert made.returncode == 0, made.stderr
    chars, (width, _, _) = cover_chars(tmp_path / "c.pdf")
    title = [
        c for c in chars if c["size"] >= 18 and c["x0"] > width / 2 and "Bold" in c["fontname"]
    ]
    assert "".join(c["text"] for c in title).startswith("Tierrätsel")
    fill = {tuple(round(v, 2) for v in c["non_stroking_color"]) for c in title}
    scheme = SCHEMES["slate"]
    assert fill == {colour(scheme.on_band if template == "band" else scheme.band)}
    checked = run("preflight", tmp_path / "b.pdf", "--trim", "6x9", "--cover", tmp_path / "c.pdf")
    assert checked.returncode == 0, checked.stdout


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm draws the covers")
def test_the_three_templates_draw_three_different_fronts(tmp_path: Path) -> None:
    drawn = []
    for template in ("band", "classic", "frame"):
        assert book(tmp_path, "--cover-template", template).returncode == 0
        subprocess.run(
            ["pdftoppm", "-r", "20", "-png", "-singlefile", "c.pdf", template],
            cwd=tmp_path,
            check=True,
        )
        drawn.append((tmp_path / f"{template}.png").read_bytes())
    assert len(set(drawn)) == 3


def test_the_title_font_sets_the_title_and_the_spine_at_7_pt_or_more() -> None:
    import pdfplumber

    from wortsuche import generate
    from wortsuche.render.cover import CoverLook, CoverText, render_cover
    from wortsuche.render.preflight import type_size
    from wortsuche.render.trims import spine_width

    puzzle = generate(ANIMALS, 9, 9, seed=1)
    text = CoverText("Tierrätsel für alle", "Zum Mitnehmen", "Hinten.", "Anna Muster")
    for pages, on_spine in ((80, False), (200, True)):
        cover = render_cover(
            text,
            puzzle,
            parse_trim("6x9"),
            pages,
            "white",
            "de",
            look=CoverLook(template="frame", title_font="school"),
        )
        with pdfplumber.open(io.BytesIO(cover)) as document:
            chars = document.pages[0].chars
        left = BLEED + parse_trim("6x9").width
        right = left + spine_width(pages, "white")
        spine = [c for c in chars if left <= c["x0"] and c["x1"] <= right and c["text"].strip()]
        assert bool(spine) == on_spine
        assert all("Andika" in c["fontname"] and type_size(c) >= 7.0 for c in spine)
        title = [c for c in chars if c["x0"] > right and c["size"] >= 18 and c["top"] < 200]
        assert title and all("Andika" in c["fontname"] for c in title)
        rest = [c for c in chars if c["top"] > 200 and c["x0"] > right]  # grid and author
        assert rest and all("DejaVu" in c["fontname"] for c in rest)


def test_a_background_image_covers_the_cover_and_the_texts_stay_clear_of_the_barcode(
    tmp_path: Path,
) -> None:
    size = cover_size(parse_trim("6x9"), 24, "white")
    across, down = round(size[0] / 72 * 300) + 40, round(size[1] / 72 * 300) + 40
    Image.new("RGB", (across, down), (30, 90, 160)).save(tmp_path / "bild.jpg")
    (tmp_path / "rueck.txt").write_text("Dreißig Rätsel.\n\nAlle geprüft.", encoding="utf-8")
    made = book(
        tmp_path, "--cover-image", "bild.jpg", "--back-text", "rueck.txt", "--author", "E. M."
    )
    assert made.returncode == 0, made.stderr
    chars, (width, height, images) = cover_chars(tmp_path / "c.pdf")
    assert len(images) == 1
    shown = images[0]
    assert shown["x0"] <= 0.5 and shown["x1"] >= width - 0.5  # into the bleed on every side
    assert shown["top"] <= 0.5 and shown["bottom"] >= height - 0.5
    back = [c for c in chars if c["x1"] < BLEED + parse_trim("6x9").width and c["upright"]]
    assert "".join(c["text"] for c in back).replace(" ", "") == "DreißigRätsel.Allegeprüft."
    barcode_top = height - BLEED - SAFE - BARCODE[1]
    assert all(c["bottom"] < barcode_top for c in back)


@pytest.mark.parametrize(
    ("image", "said"),
    [
        ("small", "klein.png has 600x400 pixels; the cover needs at least 3692x2775 (300 dpi"),
        ("gif", "bild.gif is a GIF image; --cover-image takes a PNG or JPEG file"),
        ("text", "tiere.txt cannot be read as an image; --cover-image takes a PNG or JPEG file"),
        ("missing", "fehlt.png: cannot read"),
    ],
)
def test_a_cover_image_that_cannot_print_is_refused_before_any_puzzle_is_made(
    tmp_path: Path, image: str, said: str
) -> None:
    Image.new("RGB", (600, 400)).save(tmp_path / "klein.png")
    Image.new("RGB", (4000, 3000)).save(tmp_path / "bild.gif")
    name = {"small": "klein.png", "gif": "bild.gif", "text": "tiere.txt", "missing": "fehlt.png"}
    made = book(tmp_path, "--cover-image", name[image])
    assert made.returncode == 2
    assert said in made.stderr and made.stderr.count("\n") == 1
    assert not (tmp_path / "b.pdf").exists() and not (tmp_path / "c.pdf").exists()


def test_a_cover_image_is_refused_in_german_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reader_language(monkeypatch, "de_DE.UTF-8")
    Image.new("RGB", (600, 400)).save(tmp_path / "klein.png")
    made = book(tmp_path, "--cover-image", "klein.png")
    assert "klein.png hat 600x400 Pixel; der Umschlag braucht mindestens 3692x2775" in made.stderr


def test_cover_options_need_a_cover(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    made = run("book", "tiere.txt", "--trim", "6x9", "--title-font", "school", "-o", "b.pdf",
               cwd=tmp_path)  # fmt: skip
    assert made.returncode == 2
    assert "--title-font belongs to the cover: give --cover COVER.pdf too" in made.stderr
